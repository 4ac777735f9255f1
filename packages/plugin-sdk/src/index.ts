import type { EngineHooks, PluginRules } from './extension-points.ts';

export type * from './extension-points.ts';

/** Major version of the plugin contract. A plugin states the majors it was written for. */
export const SDK_MAJOR = 1;

/** What a plugin package contributes. Rules may be partial: missing points fall back to the default plugin. */
export interface PluginDefinition {
  /** Numeric organisation id, or 'default' for the fallback plugin. */
  orgId: number | 'default';
  /** Contract majors this plugin supports, e.g. [1]. */
  compatibility: readonly number[];
  rules?: PartialRules;
  /** Browser-only contributions (React components); none are defined yet. */
  ui?: Record<string, never>;
}

export type PartialRules = { [K in keyof PluginRules]?: Partial<PluginRules[K]> };

export interface OrgPlugin extends PluginDefinition {
  readonly __cpqPlugin: true;
}

export function definePlugin(def: PluginDefinition): OrgPlugin {
  return { ...def, __cpqPlugin: true };
}

export class PluginCompatibilityError extends Error {}

export function assertCompatible(plugin: PluginDefinition): void {
  if (!plugin.compatibility.includes(SDK_MAJOR)) {
    throw new PluginCompatibilityError(
      `Plugin for organisation ${String(plugin.orgId)} supports contract ${plugin.compatibility.join(', ')}, not ${SDK_MAJOR}.`,
    );
  }
}

/**
 * The rules in force for an organisation: each extension point of the plugin over the default's.
 * Points are merged one level deep so a plugin may change one field (e.g. only the greeting).
 */
export function resolveRules(defaults: PluginDefinition, plugin: PluginDefinition | null | undefined): PluginRules {
  const base = defaults.rules as PluginRules;
  const missing = EXTENSION_POINTS.filter((k) => !base?.[k]);
  if (missing.length) {
    throw new PluginCompatibilityError(`The default plugin must define every extension point (missing: ${missing.join(', ')}).`);
  }
  if (plugin) assertCompatible(plugin);
  const over = (plugin?.rules ?? {}) as PartialRules;
  const merged = {} as Record<keyof PluginRules, unknown>;
  for (const k of EXTENSION_POINTS) merged[k] = { ...base[k], ...over[k] };
  return merged as PluginRules;
}

export const EXTENSION_POINTS = ['wording', 'home', 'theme', 'catalogue', 'validation', 'costs'] as const satisfies readonly (keyof PluginRules)[];

/** The engine's hooks (packages/domain) from resolved rules. */
export function engineHooks(rules: PluginRules): EngineHooks {
  return {
    optionFilters: rules.catalogue.optionFilters,
    instanceValidators: rules.validation.instanceValidators,
    optionAlerts: rules.validation.optionAlerts,
    costs: rules.costs,
  };
}
