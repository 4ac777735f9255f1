import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { CostOrderContext, CostRules } from '../engine/hooks.ts';
import type { InstanceLike } from '../engine/types.ts';
import type { OrgDesignEngineSettings } from '../schemas/org.ts';
import type { Costs } from '../schemas/productOrder.ts';
import type { EvalContext, PricingFailure, PricingLog } from '../pricing/compile.ts';
import type { PricingDate } from '../pricing/dates.ts';
import type { PriceExplanation } from '../pricing/explanation.ts';
import { percentOf, roundCents } from '../pricing/money.ts';
import { defaultPricingLog, newItemPricing, priceItem, type PricingPlan } from '../pricing/price.ts';

type FlagLike = 0 | 1 | boolean | null | undefined;

/** The productOrder fields order costs read. */
export interface OrderPricingFields {
  isStocked: FlagLike;
  productCategoryId: number | null;
  /** null: priced at "now" (the caller passes now). */
  effectivePricingDate?: string | null;
  discountMode?: 'amount' | 'rate' | null;
  /** Percent (10 = 10 %), used when discountMode is 'rate'. */
  discountPercentage?: number | null;
  /** Cents, used when discountMode is 'amount'. */
  discountFlatAmount?: number | null;
  shippingMode?: 'amount' | 'rate' | null;
  shippingPercentage?: number | null;
  shippingFlatAmount?: number | null;
  taxPercentage?: number | null;
  tariffPercentage?: number | null;
  disableSalesTax?: FlagLike;
  deliveryAddress?: { state?: string | null } | null;
}

/** What the guest's record adds (guest.appData.designEngine.disableSalesTax): a sales-tax exemption. */
export interface GuestCostSettings {
  disableSalesTax?: boolean | 0 | 1 | null;
}

export interface ComputeOrderCostsInput {
  order: OrderPricingFields;
  /** Each item's totalPriceInCents. */
  itemTotalsInCents: readonly number[];
  orgSettings?: Pick<OrgDesignEngineSettings, 'depositPercentage'> | null;
  hooks?: { costs?: Partial<CostRules> } | null;
  /** The order owner's guest record when the owner is a guest. */
  guest?: GuestCostSettings | null;
}

const truthy = (f: FlagLike) => f === 1 || f === true;

/** A percentage setting: non-numbers and negatives → 0; clamped to max. */
function pct(v: unknown, max = Infinity): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(n, max);
}

/** A cents amount setting: rounded once, non-numbers and negatives → 0. */
function cents(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  if (!Number.isFinite(n) || n <= 0) return 0;
  return roundCents(n);
}

export function costOrderContext(order: OrderPricingFields): CostOrderContext {
  return { productCategoryId: order.productCategoryId ?? null, isStocked: truthy(order.isStocked) ? 1 : 0, deliveryAddress: order.deliveryAddress ?? null };
}

/**
 * Order costs, in this order, each component rounded to whole cents once (half away from zero):
 * 1. orderSubTotal = Σ item totals.
 * 2. discount: 'amount' → discountFlatAmount; 'rate' → discountPercentage % of the subtotal (percent
 *    clamped to 0–100); both capped by hooks.costs.maxDiscountPercentage(order) % of the subtotal when it
 *    returns a number, and never more than the subtotal. No mode → 0.
 * 3. goods = subtotal − discount (the discounted subtotal).
 * 4. shipping: 'amount' → shippingFlatAmount; 'rate' → shippingPercentage % of goods; neither →
 *    0 with shippingIsTbd true.
 * 5. tax = taxPercentage % of goods (shipping and tariff are not taxed); 0 when the order or the
 *    guest has disableSalesTax. (hooks.costs.taxLookupApplies only decides whether the API looks the
 *    rate up for the delivery address; it does not change this arithmetic.)
 * 6. tariff = tariffPercentage % of goods.
 * 7. orderTotal = subtotal − discount + shipping + tax + tariff.
 * 8. depositPercentage = 100 for a stocked order, else orgSettings.depositPercentage (default 0,
 *    clamped 0–100); depositAmount = depositPercentage % of orderTotal (100 % → exactly the total).
 */
export function computeOrderCosts(input: ComputeOrderCostsInput): Costs {
  const { order } = input;
  let subtotal = 0;
  for (const t of input.itemTotalsInCents) {
    const c = roundCents(t);
    if (c > 0) subtotal += c;
  }

  const ctx = costOrderContext(order);
  let discount = 0;
  if (order.discountMode === 'amount') discount = cents(order.discountFlatAmount);
  else if (order.discountMode === 'rate') discount = percentOf(subtotal, pct(order.discountPercentage, 100));
  const capFn = input.hooks?.costs?.maxDiscountPercentage;
  const cap = capFn ? capFn(ctx) : null;
  if (typeof cap === 'number' && Number.isFinite(cap)) discount = Math.min(discount, percentOf(subtotal, pct(cap, 100)));
  discount = Math.min(discount, subtotal);
  const goods = subtotal - discount;

  let shipping = 0;
  let shippingIsTbd = false;
  if (order.shippingMode === 'amount') shipping = cents(order.shippingFlatAmount);
  else if (order.shippingMode === 'rate') shipping = percentOf(goods, pct(order.shippingPercentage));
  else shippingIsTbd = true;

  const taxDisabled = truthy(order.disableSalesTax) || truthy(input.guest?.disableSalesTax);
  const tax = taxDisabled ? 0 : percentOf(goods, pct(order.taxPercentage));
  const tariff = percentOf(goods, pct(order.tariffPercentage));
  const orderTotal = goods + shipping + tax + tariff;

  const depositPercentage = ctx.isStocked === 1 ? 100 : pct(input.orgSettings?.depositPercentage, 100);
  const depositAmount = depositPercentage === 100 ? orderTotal : Math.min(orderTotal, percentOf(orderTotal, depositPercentage));

  return {
    orderSubTotal: subtotal,
    discount,
    shipping,
    shippingIsTbd,
    tax,
    tariff,
    orderTotal,
    depositAmount,
    depositPercentage,
  };
}

export interface RepriceOrderInput {
  order: OrderPricingFields;
  instances: ReadonlyArray<InstanceLike & { id?: number }>;
  catalogue: CatalogueIndex;
  orgSettings?: Pick<OrgDesignEngineSettings, 'depositPercentage'> | null;
  hooks?: { costs?: Partial<CostRules> } | null;
  guest?: GuestCostSettings | null;
  /** Used when order.effectivePricingDate is null; default the current time. */
  now?: PricingDate;
  log?: PricingLog;
  /** Attach a "why this price" explanation to every item (off by default). */
  explain?: boolean;
}

export interface RepricedInstance {
  id?: number;
  unitPriceInCents: number;
  totalPriceInCents: number;
  quantity: number;
  versionKey: string | null;
  /** Number of failures (each was logged); see InstancePrice. */
  failures: number;
  /** The first 10 failures, to store with the item and show as a "price rule failed" warning; empty when none. */
  failedSteps: PricingFailure[];
  explanation?: PriceExplanation;
}

export interface RepriceOrderResult {
  instances: RepricedInstance[];
  costs: Costs;
}

/** Prices every item at the order's effective pricing date (or now) and computes the order costs. */
export function repriceOrder(input: RepriceOrderInput): RepriceOrderResult {
  const date: PricingDate = input.order.effectivePricingDate ?? input.now ?? new Date();
  const plan: PricingPlan = new Map();
  const log = input.log ?? defaultPricingLog;
  const explain = input.explain === true;
  // One evaluation context for the whole order (reset per item): repricing allocates only the results.
  const ctx: EvalContext = { reason: '', failures: 0, failedSteps: [], productId: 0, log, ruleId: 0, versionKey: '' };
  const p = newItemPricing();
  const out: RepricedInstance[] = new Array(input.instances.length);
  const totals: number[] = new Array(input.instances.length);
  for (let i = 0; i < input.instances.length; i++) {
    const inst = input.instances[i]!;
    priceItem(p, inst, input.catalogue, date, explain, log, plan, ctx);
    const r: RepricedInstance = { unitPriceInCents: p.unitPriceInCents, totalPriceInCents: p.totalPriceInCents, quantity: p.quantity, versionKey: p.versionKey, failures: p.failures, failedSteps: p.failedSteps };
    if (inst.id !== undefined) r.id = inst.id;
    if (p.explanation !== null) r.explanation = p.explanation;
    out[i] = r;
    totals[i] = p.totalPriceInCents;
  }
  const costs = computeOrderCosts({ order: input.order, itemTotalsInCents: totals, orgSettings: input.orgSettings, hooks: input.hooks, guest: input.guest });
  return { instances: out, costs };
}
