/**
 * Signatures of the organisation extension points the engine calls. Defined here (the engine owns
 * its inputs); packages/plugin-sdk exposes them to plugins and ships their defaults (DEFAULT_RULES).
 */
import type { Product } from '../schemas/catalogue.ts';
import type { CatalogueIndex } from './catalogue.ts';
import type { InstanceLike, InstanceProperties, Viewer } from './types.ts';

export interface OptionFilterContext {
  product: Product;
  propertyId: number;
  /** The options still offered for that property before this filter. */
  optionIds: readonly number[];
  selection: InstanceProperties;
  viewer: Viewer;
  catalogue: CatalogueIndex;
}

/** An option a plugin removes, with the reason shown to the user. */
export interface OptionRemoval {
  optionId: number;
  reason: string;
}

/** Organisation option filter (e.g. 850 removes option 139 of property 26 unless a condition holds). */
export type OptionFilter = (ctx: OptionFilterContext) => readonly OptionRemoval[];

export interface PropertyIssue {
  /** The property marked invalid (red), or null for the item as a whole. */
  propertyId: number | null;
  message: string;
  /** 'error' makes the item invalid; 'warning' is shown (e.g. amber engraving soft limit). */
  severity: 'error' | 'warning';
}

/** Width in px of a text in a font. The browser measures with a canvas; the server with a font table. */
export type TextMeasure = (text: string, font: { family: string; sizePx: number }) => number;

export interface InstanceValidationContext {
  product: Product;
  instance: InstanceLike;
  catalogue: CatalogueIndex;
  measureText: TextMeasure;
}

/** Organisation instance validator (e.g. 850 keypad layout, engraving fit). */
export type InstanceValidator = (ctx: InstanceValidationContext) => readonly PropertyIssue[];

export interface CostOrderContext {
  productCategoryId: number | null;
  isStocked: 0 | 1;
  deliveryAddress?: { state?: string | null } | null;
}

export interface CostRules {
  /** Highest percent discount allowed on this order, or null for no cap (850 category 5: 20). */
  maxDiscountPercentage: (order: CostOrderContext) => number | null;
}

/** The engine's organisation hooks, resolved from the active plugin over the defaults. */
export interface EngineHooks {
  optionFilters: readonly OptionFilter[];
  instanceValidators: readonly InstanceValidator[];
  costs: CostRules;
}
