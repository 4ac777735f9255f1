import type { ComponentType } from 'react';
import { SDK_MAJOR } from '@cpq/plugin-sdk';
import { UI_SLOT_NAMES, type UiSlotContexts, type UiSlotName } from './uiSlots.ts';

export type * from './uiSlots.ts';
export { UI_SLOT_NAMES };

/**
 * Browser-only contributions of an organisation: its `./ui` federated expose (decision 0014). Kept
 * apart from the SDK's main entry so the API and the rules module never import React or a component.
 */

/** The component filling a slot: it receives the slot's context. */
export type UiSlotComponent<N extends UiSlotName = UiSlotName> = ComponentType<{ context: UiSlotContexts[N] }>;

/** Loads a slot's component on first use (`() => import('./Button.tsx')`), so it costs nothing until shown. */
export type UiSlotLoader<N extends UiSlotName = UiSlotName> = () => Promise<{ default: UiSlotComponent<N> }>;

export interface UiPluginDefinition {
  /** Must equal the organisation of the plugin package (the host refuses another). */
  orgId: number;
  /** Contract majors this module supports (the same as the rules module's). */
  compatibility: readonly number[];
  slots: { [N in UiSlotName]?: UiSlotLoader<N> };
}

export interface UiPlugin extends UiPluginDefinition {
  readonly __cpqUiPlugin: true;
}

export function defineUiPlugin(def: UiPluginDefinition): UiPlugin {
  const unknown = Object.keys(def.slots).filter((k) => !(UI_SLOT_NAMES as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`UI plugin of organisation ${def.orgId} fills unknown slots: ${unknown.join(', ')}.`);
  return { ...def, __cpqUiPlugin: true };
}

/** Whether a loaded module is a UI plugin of that organisation, written for this contract. */
export function isUiPluginFor(mod: unknown, orgId: number): mod is UiPlugin {
  const p = mod as Partial<UiPlugin> | null;
  return !!p && p.__cpqUiPlugin === true && p.orgId === orgId && Array.isArray(p.compatibility) && p.compatibility.includes(SDK_MAJOR);
}
