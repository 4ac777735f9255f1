import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { CostOrderContext, CostRules } from '../engine/hooks.ts';
import type { InstanceLike } from '../engine/types.ts';
import type { OrgDesignEngineSettings } from '../schemas/org.ts';
import type { Costs } from '../schemas/productOrder.ts';
import type { EvalContext, PricingFailure, PricingLog } from '../pricing/compile.ts';
import type { PricingDate } from '../pricing/dates.ts';
import type { PriceExplanation } from '../pricing/explanation.ts';
import { percentOf, roundCents } from '../pricing/money.ts';
import { defaultPricingLog, newItemPricing, PricingPlan, priceItem, repriceGeneratedItem } from '../pricing/price.ts';

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

/**
 * The order owner's guest terms (from the guest record, see guestTerms): a standing percent discount
 * and a sales-tax exemption. The same for whoever looks at the order.
 */
export interface GuestTerms {
  /** Percent (10 = 10 %); null or 0: no guest discount. */
  discountPercentage?: number | null;
  disableSalesTax?: boolean | 0 | 1 | null;
}

/** The guest record's pricing fields, as stored and as the order data sends them. */
export interface GuestRecordTerms {
  discount?: unknown;
  disableSalesTax?: unknown;
}

/** Discount types that mean a percentage: 'percent', and 'percentage' in records written before it was named so (as the admin guest list shows them). */
const PERCENT_TYPES: readonly unknown[] = ['percent', 'percentage'];

/**
 * A guest record's terms. The discount counts only as a percentage ({ type: 'percent', value }, the
 * only type a guest discount has); anything else is no discount.
 */
export function guestTerms(record: GuestRecordTerms | null | undefined): GuestTerms | null {
  if (!record) return null;
  const d = record.discount as { type?: unknown; value?: unknown } | null | undefined;
  const discountPercentage = d && PERCENT_TYPES.includes(d.type) && typeof d.value === 'number' ? d.value : null;
  return { discountPercentage, disableSalesTax: record.disableSalesTax === true || record.disableSalesTax === 1 };
}

export interface ComputeOrderCostsInput {
  order: OrderPricingFields;
  /** Each item's totalPriceInCents. */
  itemTotalsInCents: readonly number[];
  orgSettings?: Pick<OrgDesignEngineSettings, 'depositPercentage'> | null;
  hooks?: { costs?: Partial<CostRules> } | null;
  /** The order owner's guest terms when the owner is a guest of the order's organisation; else null. */
  guest?: GuestTerms | null;
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
 * 2. discount: the order's own discount when it gives one ('amount' → discountFlatAmount; 'rate' →
 *    discountPercentage % of the subtotal, percent clamped to 0–100) — an employee's deal for this
 *    order replaces the guest's standing discount, they never add up; otherwise the guest's
 *    discountPercentage % of the subtotal. Either is capped by hooks.costs.maxDiscountPercentage(order)
 *    % of the subtotal when it returns a number, and never more than the subtotal. discountSource says
 *    which one applied ('order' | 'guest' | null), appliedDiscountPercentage the percent applied (null
 *    for an amount).
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
  const d = discountOf(order, input.guest ?? null, subtotal);
  const capFn = input.hooks?.costs?.maxDiscountPercentage;
  const cap = capFn ? capFn(ctx) : null;
  if (typeof cap === 'number' && Number.isFinite(cap)) {
    const capPct = pct(cap, 100);
    const capped = percentOf(subtotal, capPct);
    if (d.amount > capped) {
      d.amount = capped;
      d.percentage = d.percentage === null ? null : capPct;
    }
  }
  const discount = Math.min(d.amount, subtotal);
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
    discountSource: discount > 0 ? d.source : null,
    appliedDiscountPercentage: discount > 0 ? d.percentage : null,
    shipping,
    shippingIsTbd,
    tax,
    tariff,
    orderTotal,
    depositAmount,
    depositPercentage,
  };
}

interface DiscountChoice {
  source: 'order' | 'guest' | null;
  amount: number;
  /** The percent the amount is of the subtotal, when it was given as one. */
  percentage: number | null;
}

/** The order's own discount when it gives one, else the guest's (before the cap). */
function discountOf(order: OrderPricingFields, guest: GuestTerms | null, subtotal: number): DiscountChoice {
  if (order.discountMode === 'amount') {
    const amount = cents(order.discountFlatAmount);
    if (amount > 0) return { source: 'order', amount, percentage: null };
  } else if (order.discountMode === 'rate') {
    const p = pct(order.discountPercentage, 100);
    if (p > 0) return { source: 'order', amount: percentOf(subtotal, p), percentage: p };
  }
  const g = pct(guest?.discountPercentage, 100);
  if (g > 0) return { source: 'guest', amount: percentOf(subtotal, g), percentage: g };
  return { source: null, amount: 0, percentage: null };
}

export interface RepriceOrderInput {
  order: OrderPricingFields;
  instances: ReadonlyArray<InstanceLike & { id?: number }>;
  catalogue: CatalogueIndex;
  orgSettings?: Pick<OrgDesignEngineSettings, 'depositPercentage'> | null;
  hooks?: { costs?: Partial<CostRules> } | null;
  guest?: GuestTerms | null;
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
  const plan = new PricingPlan();
  const log = input.log ?? defaultPricingLog;
  const explain = input.explain === true;
  // One evaluation context for the whole order (reset per item): repricing allocates only the results.
  const ctx: EvalContext = { reason: '', failures: 0, failedSteps: [], productId: 0, log, ruleId: 0, versionKey: '' };
  const p = newItemPricing();
  const out: RepricedInstance[] = new Array(input.instances.length);
  const totals: number[] = new Array(input.instances.length);
  for (let i = 0; i < input.instances.length; i++) {
    const inst = input.instances[i]!;
    if (!explain) {
      const fast = repriceGeneratedItem(inst, input.catalogue, date, log, plan, ctx);
      if (fast !== null) {
        out[i] = fast;
        totals[i] = fast.totalPriceInCents;
        continue;
      }
    }
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
