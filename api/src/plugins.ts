import { assertCompatible, resolveRules, type OrgPlugin, type PluginRules } from '@cpq/plugin-sdk';
import defaultPlugin from '@cpq/org-default';
import org850 from '@cpq/org-850';
import org1053 from '@cpq/org-1053';
import org1392 from '@cpq/org-1392';
import org1450 from '@cpq/org-1450';
import org1798 from '@cpq/org-1798';

/**
 * The organisation plugins the API knows, imported as plain packages (the browser loads the same
 * packages through the federation runtime). Organisation behaviour is looked up here by id; core
 * code never branches on an organisation id. A new organisation is one more import.
 */
const INSTALLED: readonly OrgPlugin[] = [org850, org1053, org1392, org1450, org1798];

export class PluginRegistry {
  private readonly byOrgId = new Map<number, OrgPlugin>();
  private readonly cache = new Map<number, PluginRules>();

  constructor(
    readonly defaults: OrgPlugin = defaultPlugin,
    plugins: readonly OrgPlugin[] = INSTALLED,
  ) {
    assertCompatible(defaults);
    for (const p of plugins) {
      if (typeof p.orgId !== 'number') throw new Error('An organisation plugin must name a numeric orgId.');
      if (this.byOrgId.has(p.orgId)) throw new Error(`Two plugins for organisation ${p.orgId}.`);
      assertCompatible(p);
      this.byOrgId.set(p.orgId, p);
    }
    // Resolve every plugin once now so a broken plugin stops the server at start, not mid-request.
    resolveRules(defaults, null);
    for (const id of this.byOrgId.keys()) this.rulesFor(id);
  }

  pluginFor(orgId: number): OrgPlugin | null {
    return this.byOrgId.get(orgId) ?? null;
  }

  /** The rules in force for an organisation: its plugin over the defaults (or the defaults alone). */
  rulesFor(orgId: number): PluginRules {
    let rules = this.cache.get(orgId);
    if (!rules) {
      rules = resolveRules(this.defaults, this.pluginFor(orgId));
      this.cache.set(orgId, rules);
    }
    return rules;
  }
}
