/**
 * Prices, validity and summaries of the items, computed in the browser with the shared engine and
 * recomputed only for what a change touches: an item's result is kept until its product, quantity,
 * title or selections change (a rank change or an edit of another item reuses it); the order's costs
 * are then added up from the kept totals. "Why this price" is built only when someone opens it.
 * An order whose prices no longer follow the catalogue (submitted, approved, paid) shows its stored
 * prices and costs: they are the ones agreed, and the server keeps them.
 */
import {
  CUSTOM_PRODUCT_ID,
  computeOrderCosts,
  guestTerms,
  instanceThumbnailUrl,
  isCustomProduct,
  pricesFollowCatalogue,
  itemCompleteness,
  itemValidity,
  ownerAvailability,
  priceInstance,
  type CatalogueIndex,
  type Costs,
  type EngineHooks,
  type GuestRecordTerms,
  type GuestTerms,
  type InstanceLike,
  type ItemCompleteness,
  type OrderPricingFields,
  type OrgDesignEngineSettings,
  type PriceExplanation,
  type ProductOrderStatus,
  type PropertyIssue,
  type StatusData,
  type TextMeasure,
} from '@cpq/domain';
import { optionSummary, priceDiffers, priceRuleFailureText, UNLISTED_PRODUCT_TITLE, type SummaryPart } from '../pricing.ts';
import type { Instance } from './writes.ts';

export interface EditorEngine {
  catalogue: CatalogueIndex;
  hooks: EngineHooks;
  measureText: TextMeasure;
  /** The pricing date when the order has no effective pricing date (fixed when the page loads). */
  now: Date;
}

export interface ItemView {
  id: number;
  title: string;
  /** The product's title when the item has its own title. */
  productTitle: string | null;
  /** The item's picture: its own thumbnail, else its product's (docs/decisions/0085-thumbnails-and-swatches.md). */
  thumbnailUrl: string | null;
  summary: SummaryPart[];
  quantity: number;
  valid: boolean;
  issues: PropertyIssue[];
  /** Properties drawn red. */
  invalidPropertyIds: ReadonlySet<number>;
  /** What must be chosen and what is still missing (decision 0091; the server's submit check). */
  completeness: ItemCompleteness;
  /** The validity the server stored (null while an edit is not saved yet, or when not sent). */
  serverValid: boolean | null;
  unitPriceInCents: number;
  totalPriceInCents: number;
  serverUnitPriceInCents: number | null;
  serverTotalPriceInCents: number | null;
  /** The server stored another price than the browser computed (shown, never hidden). */
  priceMismatch: boolean;
  priceRuleFailures: string[];
}

const isOn = (v: unknown) => v === 1 || v === true || v === '1';
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** An item whose product this viewer was not sent: the server's stored price stands for it. */
function notSent(inst: InstanceLike, catalogue: CatalogueIndex): boolean {
  return !isCustomProduct(inst.productId) && !catalogue.product(inst.productId);
}

function priced(inst: Instance, engine: EditorEngine, date: string | Date, explain: boolean) {
  const hidden = notSent(inst, engine.catalogue);
  const instance: InstanceLike = hidden ? { ...inst, productId: CUSTOM_PRODUCT_ID, customPriceInCents: numOrNull(inst.unitPriceInCents) ?? 0 } : inst;
  return priceInstance({ instance, catalogue: engine.catalogue, effectivePricingDate: date, explain, log: () => undefined });
}

interface Kept {
  signature: string;
  view: ItemView;
}
const kept = new WeakMap<EditorEngine, WeakMap<object, Kept>>();

function signature(inst: Instance, date: string | Date, stored: boolean): string {
  return [inst.id, inst.productId, inst.quantity, inst.title ?? '', inst.customPriceInCents ?? '', inst.unitPriceInCents ?? '', inst.totalPriceInCents ?? '', inst.isValid ?? '', String(date), stored ? 's' : ''].join('|');
}

/**
 * Whether the order page shows the order's stored prices rather than pricing it live: its prices no
 * longer follow the catalogue (the step it is at; the same rule the server keeps them by).
 */
export function showsStoredPrices(statuses: readonly ProductOrderStatus[] | undefined, order: { statusData?: unknown }): boolean {
  return !pricesFollowCatalogue(statuses ?? [], (order.statusData ?? {}) as StatusData);
}

/**
 * One item's view; reused while nothing it depends on changed. `storedPrices`: the item shows the
 * price the server stored for it (an order whose prices are kept), or its live price while an edit of
 * it waits for the server's.
 */
export function itemView(inst: Instance, engine: EditorEngine, order: Pick<OrderPricingFields, 'effectivePricingDate'>, storedPrices = false): ItemView {
  const date = order.effectivePricingDate ?? engine.now;
  let byProps = kept.get(engine);
  if (!byProps) kept.set(engine, (byProps = new WeakMap()));
  const key = (inst.properties ?? EMPTY) as object;
  const sig = signature(inst, date, storedPrices);
  const hit = byProps.get(key);
  if (hit && hit.signature === sig) return hit.view;
  const view = computeView(inst, engine, date, storedPrices);
  byProps.set(key, { signature: sig, view });
  return view;
}
const EMPTY = {};

const NOTHING_TO_CHOOSE: ItemCompleteness = { requiredPropertyIds: [], missing: [], complete: true };

function computeView(inst: Instance, engine: EditorEngine, date: string | Date, storedPrices: boolean): ItemView {
  const { catalogue, hooks } = engine;
  const product = catalogue.product(inst.productId);
  const own = typeof inst.title === 'string' && inst.title.trim() !== '' ? inst.title : null;
  const hidden = notSent(inst, catalogue);
  const serverValid = inst.isValid === undefined || inst.isValid === null ? null : isOn(inst.isValid);
  // Validity and completeness judge by the same owner availability: computed once (on a 200-item order, twice was most of the first render).
  const availability = hidden ? undefined : ownerAvailability(catalogue, hooks, inst);
  const validity = hidden ? { valid: serverValid ?? true, issues: [] } : itemValidity(catalogue, hooks, inst, engine.measureText, availability);
  const live = priced(inst, engine, date, false);
  const serverUnit = numOrNull(inst.unitPriceInCents);
  const serverTotal = numOrNull(inst.totalPriceInCents);
  const stored = storedPrices && serverUnit !== null && serverTotal !== null;
  // Kept prices: what was stored, with the steps that failed when it was priced (employees get them).
  const p = stored ? { ...live, unitPriceInCents: serverUnit, totalPriceInCents: serverTotal, failedSteps: inst.pricingFailures ?? [] } : live;
  const invalid = new Set<number>();
  for (const i of validity.issues) if (i.severity === 'error' && i.propertyId !== null) invalid.add(i.propertyId);
  return {
    id: inst.id,
    title: own ?? product?.title ?? (isCustomProduct(inst.productId) ? 'Custom product' : UNLISTED_PRODUCT_TITLE),
    productTitle: own && product && own.trim() !== product.title.trim() ? product.title : own && isCustomProduct(inst.productId) ? 'Custom product' : null,
    thumbnailUrl: instanceThumbnailUrl(inst, product),
    summary: hidden ? [] : optionSummary(inst, catalogue),
    quantity: p.quantity,
    valid: validity.valid,
    issues: validity.issues,
    invalidPropertyIds: invalid,
    // A product this viewer was not sent has nothing they could choose.
    completeness: hidden ? NOTHING_TO_CHOOSE : itemCompleteness(inst, catalogue, hooks, availability),
    serverValid,
    unitPriceInCents: p.unitPriceInCents,
    totalPriceInCents: p.totalPriceInCents,
    serverUnitPriceInCents: serverUnit,
    serverTotalPriceInCents: serverTotal,
    priceMismatch: priceDiffers(p.unitPriceInCents, serverUnit) || priceDiffers(p.totalPriceInCents, serverTotal),
    priceRuleFailures: hidden ? [] : p.failedSteps.map((f) => priceRuleFailureText(f, catalogue)),
  };
}

/** The item's total as the server stored it (0 when it has none yet): what the order's costs count until the browser has priced it. */
export function storedTotal(inst: Instance): number {
  return numOrNull(inst.totalPriceInCents) ?? 0;
}

/** The engine's explanation of one item's price (built on demand). */
export function explanationOf(inst: Instance, engine: EditorEngine, order: Pick<OrderPricingFields, 'effectivePricingDate'>): PriceExplanation | null {
  return priced(inst, engine, order.effectivePricingDate ?? engine.now, true).explanation ?? null;
}

/** The order owner's guest terms (discount, sales tax), from the owner's guest record sent with the order data. */
export function ownerGuest(guests: ReadonlyArray<GuestRecordTerms & { userId: number }> | undefined, ownerId: number | undefined): GuestTerms | null {
  const g = ownerId === undefined ? undefined : guests?.find((r) => r.userId === ownerId);
  return guestTerms(g);
}

/** The order's costs from the items' totals (the same arithmetic the server stores). */
export function orderCosts(
  totals: readonly number[],
  order: OrderPricingFields,
  hooks: EngineHooks,
  orgSettings: Pick<OrgDesignEngineSettings, 'depositPercentage'> | null,
  guest: GuestTerms | null,
): Costs {
  return computeOrderCosts({ order, itemTotalsInCents: totals, orgSettings, hooks, guest });
}
