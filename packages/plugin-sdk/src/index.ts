import { DEFAULT_RULES } from './defaults.ts';
import type { EngineHooks, PluginRules } from './extension-points.ts';

export type * from './extension-points.ts';
export { DEFAULT_RULES };
export { loadUiModule, provideUiModuleLoader, type UiModuleLoader } from './uiLoader.ts';

/** Major version of the plugin contract. A plugin states the majors it was written for. */
export const SDK_MAJOR = 1;

/**
 * What a plugin package's rules entry contributes. Rules may be partial: missing points fall back to
 * `DEFAULT_RULES`. Isomorphic only: browser-only contributions will come through a separate expose.
 */
export interface PluginDefinition {
  /** The organisation id; must equal `cpq.orgId` in the plugin's package.json (checked on load). */
  orgId: number;
  /** Contract majors this plugin supports, e.g. [1]. */
  compatibility: readonly number[];
  rules?: PartialRules;
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
 * The rules in force for an organisation: each extension point of its plugin over `DEFAULT_RULES`
 * (the defaults alone without a plugin). Points are merged one level deep so a plugin may change
 * one field (e.g. only the greeting).
 */
export function resolveRules(plugin: PluginDefinition | null | undefined): PluginRules {
  if (!plugin) return DEFAULT_RULES;
  assertCompatible(plugin);
  const over = plugin.rules ?? {};
  const merged = {} as Record<keyof PluginRules, unknown>;
  for (const k of EXTENSION_POINTS) merged[k] = { ...DEFAULT_RULES[k], ...over[k] };
  return merged as PluginRules;
}

/** Every extension point: the keys of the fully typed defaults, so none can be left out. */
export const EXTENSION_POINTS = Object.keys(DEFAULT_RULES) as readonly (keyof PluginRules)[];

/** The engine's hooks (packages/domain) from resolved rules. */
export function engineHooks(rules: PluginRules): EngineHooks {
  return {
    optionFilters: rules.catalogue.optionFilters,
    instanceValidators: rules.validation.instanceValidators,
    costs: rules.costs,
  };
}
