import { pathToFileURL } from 'node:url';
import { ENGINE_VERSION } from '@cpq/domain';
import { sourceVersion } from '@cpq/domain/version';
import { assertCompatible, resolveRules, type OrgPlugin, type PluginRules } from '@cpq/plugin-sdk';
import { discoverOrgPlugins, type OrgPluginPackage } from '@cpq/plugin-sdk/discovery';
import { REPO_ROOT, SERVER_BUILD } from './config.ts';

/** The plugin's rules module: its sources under tsx, its compiled module beside this one in the compiled server. */
function moduleOf(pkg: OrgPluginPackage): string {
  if (!SERVER_BUILD) return pathToFileURL(pkg.entryFile).href;
  if (!(pkg.orgId in SERVER_BUILD.pluginVersions)) throw new Error(`${pkg.workspace} was installed after the server was built: run npm run build.`);
  return new URL(`./plugins/${pkg.folder}.js`, import.meta.url).href;
}

async function importPlugin(pkg: OrgPluginPackage): Promise<OrgPlugin> {
  const mod = (await import(moduleOf(pkg))) as { default?: Partial<OrgPlugin> };
  const plugin = mod.default;
  if (!plugin?.__cpqPlugin) {
    throw new Error(`${pkg.workspace}: ${pkg.entry} must default-export definePlugin({...}).`);
  }
  // package.json names the organisation for discovery and remotes.json; the code must agree.
  if (plugin.orgId !== pkg.orgId) {
    throw new Error(`${pkg.workspace}: package.json says organisation ${pkg.orgId}, definePlugin says ${String(plugin.orgId)}.`);
  }
  return plugin as OrgPlugin;
}

/**
 * The organisation plugins installed under `root` (this repository by default): every
 * org-plugins/* workspace, its rules module imported as a plain package. The browser loads the
 * same modules through the federation runtime; the build and /remotes.json use the same discovery.
 */
export async function loadInstalledPlugins(root: string = REPO_ROOT): Promise<OrgPlugin[]> {
  return Promise.all(discoverOrgPlugins(root).map(importPlugin));
}

/** Loaded once when this module is first imported, so a broken plugin stops the server at start. */
const INSTALLED: readonly OrgPlugin[] = await loadInstalledPlugins();
/** The source version of each installed plugin (package version + hash of its sources). */
const INSTALLED_VERSIONS: ReadonlyMap<number, string> = new Map(
  discoverOrgPlugins(REPO_ROOT).map((p) => [p.orgId, SERVER_BUILD ? (SERVER_BUILD.pluginVersions[p.orgId] ?? 'unknown') : sourceVersion(p.dir)]),
);

/** Organisation behaviour is looked up here by id; core code never branches on an organisation id. */
export class PluginRegistry {
  private readonly byOrgId = new Map<number, OrgPlugin>();
  private readonly cache = new Map<number, PluginRules>();

  private readonly versions: ReadonlyMap<number, string>;

  /** The installed plugins by default; tests pass their own list (and, if they like, their versions). */
  constructor(plugins: readonly OrgPlugin[] = INSTALLED, versions: ReadonlyMap<number, string> = plugins === INSTALLED ? INSTALLED_VERSIONS : new Map()) {
    this.versions = versions;
    for (const p of plugins) {
      if (typeof p.orgId !== 'number') throw new Error('An organisation plugin must name a numeric orgId.');
      if (this.byOrgId.has(p.orgId)) throw new Error(`Two plugins for organisation ${p.orgId}.`);
      assertCompatible(p);
      this.byOrgId.set(p.orgId, p);
    }
    // Resolve every plugin once now so a broken plugin stops the server at start, not mid-request.
    for (const id of this.byOrgId.keys()) this.rulesFor(id);
  }

  pluginFor(orgId: number): OrgPlugin | null {
    return this.byOrgId.get(orgId) ?? null;
  }

  /**
   * Which code an organisation's prices and validity come from: the engine's version and its
   * plugin's. Stored prices computed under another one are recomputed on the order's next write.
   */
  rulesVersion(orgId: number): string {
    const plugin = this.pluginFor(orgId) ? (this.versions.get(orgId) ?? 'unversioned') : 'defaults';
    return `${ENGINE_VERSION}|${plugin}`;
  }

  /** The rules in force for an organisation: its plugin over the defaults (or the defaults alone). */
  rulesFor(orgId: number): PluginRules {
    let rules = this.cache.get(orgId);
    if (!rules) {
      rules = resolveRules(this.pluginFor(orgId));
      this.cache.set(orgId, rules);
    }
    return rules;
  }
}
