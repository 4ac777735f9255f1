import type { CatalogueIndex } from '../engine/catalogue.ts';
import type { InstanceLike, InstanceProperties, ProductPricingRule } from '../engine/types.ts';
import type { Product } from '../schemas/catalogue.ts';
import { compilePricingRuleVersion, reportFailure, type CompiledPricingVersion, type EvalContext, type PricingFailure, type PricingLog } from './compile.ts';
import { normalisePricingDate, selectPricingRuleVersion, type PricingDate, type PricingVersionChoice } from './dates.ts';
import type { PriceExplanation, PriceSource, PricingStep } from './explanation.ts';
import { normaliseQuantity } from '../validation/fields.ts';
import { formatCents, roundCents } from './money.ts';
import { CUSTOM_PRODUCT_ID } from '../schemas/catalogue.ts';

export interface PriceInstanceInput {
  instance: InstanceLike;
  catalogue: CatalogueIndex;
  /** The order's effectivePricingDate, or "now" when the order has none (the caller passes it). */
  effectivePricingDate: PricingDate;
  /** Build the "why this price" explanation (off by default: it allocates). */
  explain?: boolean;
  /** Where failed evaluations are reported; default console.warn. */
  log?: PricingLog;
}

export interface InstancePrice {
  unitPriceInCents: number;
  totalPriceInCents: number;
  /** The normalised quantity used (integer ≥ 1). */
  quantity: number;
  source: PriceSource;
  ruleId: number | null;
  /** The version key used (store it with the item, e.g. product_instances.pricing_rule_version). */
  versionKey: string | null;
  /** Number of failures (each was logged): expressions that counted as 0, and a price out of range. */
  failures: number;
  /** The first 10 of those failures (rule, version, product, expression path, description, reason); empty when none. */
  failedSteps: PricingFailure[];
  explanation?: PriceExplanation;
}

export const defaultPricingLog: PricingLog = (message, details) => console.warn(message, details);

const EMPTY_PROPERTIES: InstanceProperties = Object.freeze({});

/** Marks "no failure yet" without allocating a list per item. */
const NO_FAILURES: PricingFailure[] = [];

/** How the items of one product are priced in one order (same catalogue, same date): resolved once per product. */
interface ProductPricing {
  productId: number;
  product: Product | undefined;
  source: PriceSource;
  rule: ProductPricingRule | undefined;
  choice: PricingVersionChoice | null;
  compiled: CompiledPricingVersion | null;
  /** The compiled version's generated function, when there is one. */
  run: ((props: InstanceProperties, qty: number, ctx: EvalContext) => number) | null;
  /** rule.id and choice.key when `run` is set (read for every item). */
  ruleId: number;
  versionKey: string;
  /** product.shouldRoundPrice: the unit price is rounded up to the next whole dollar. */
  roundUp: boolean;
}

/**
 * @internal Per order: product id → how its items are priced (repriceOrder keeps one for all items).
 * Looked up for every item: small ids index an array, others a Map, and the last product is kept
 * (an order's items usually come in runs of one product).
 */
export class PricingPlan {
  private readonly byId: (ProductPricing | undefined)[] = [];
  private readonly byKey = new Map<number, ProductPricing>();
  last: ProductPricing | null = null;
  get(productId: number): ProductPricing | undefined {
    return isSmallId(productId) ? this.byId[productId] : this.byKey.get(productId);
  }
  set(productId: number, pp: ProductPricing): void {
    if (isSmallId(productId)) {
      // Filled up to the id so the array stays packed (no dictionary mode for a far index).
      while (this.byId.length < productId) this.byId.push(undefined);
      this.byId[productId] = pp;
    } else this.byKey.set(productId, pp);
  }
}

const isSmallId = (id: number) => id >= 0 && id < 65536 && (id | 0) === id;

/**
 * The last version chosen per rule and the date it was chosen for. Choosing builds sentences for the
 * explanation and costs more than pricing a few items, and consecutive reprices of an order (or orders
 * priced at the same date) ask again for the same date. Rules are immutable snapshot records, like the
 * compiled versions cached per version object.
 */
const lastChoice = new WeakMap<ProductPricingRule, { at: string; choice: PricingVersionChoice | null }>();

function chooseVersion(rule: ProductPricingRule, date: PricingDate): PricingVersionChoice | null {
  const at = normalisePricingDate(date, 'endOfDay');
  const last = lastChoice.get(rule);
  if (at !== null && last !== undefined && last.at === at) return last.choice;
  const choice = selectPricingRuleVersion(rule, date);
  // An unreadable date is not cached: its note quotes the date as given.
  if (at !== null) lastChoice.set(rule, { at, choice });
  return choice;
}

/** Prices one item. Never throws for bad data; the unit price is a whole number of cents ≥ 0. */
export function priceInstance(input: PriceInstanceInput): InstancePrice {
  const r = newItemPricing();
  priceItem(r, input.instance, input.catalogue, input.effectivePricingDate, input.explain === true, input.log ?? defaultPricingLog, null, null);
  const result: InstancePrice = {
    unitPriceInCents: r.unitPriceInCents,
    totalPriceInCents: r.totalPriceInCents,
    quantity: r.quantity,
    source: r.source,
    ruleId: r.ruleId,
    versionKey: r.versionKey,
    failures: r.failures,
    failedSteps: r.failedSteps,
  };
  if (r.explanation !== null) result.explanation = r.explanation;
  return result;
}

/** @internal One item's price as priceItem writes it (repriceOrder reuses one for every item and copies what it keeps). */
export interface ItemPricing extends Omit<InstancePrice, 'explanation'> {
  explanation: PriceExplanation | null;
}

/** @internal */
export function newItemPricing(): ItemPricing {
  return { unitPriceInCents: 0, totalPriceInCents: 0, quantity: 1, source: 'rule', ruleId: null, versionKey: null, failures: 0, failedSteps: NO_FAILURES, explanation: null };
}

function productPricing(productId: number, catalogue: CatalogueIndex, date: PricingDate, plan: PricingPlan | null): ProductPricing {
  let pp = plan?.get(productId);
  if (pp !== undefined) return pp;
  const product = catalogue.product(productId);
  const ruleId = product?.productPricingRuleId;
  const rule = ruleId == null ? undefined : catalogue.pricingRule(ruleId);
  const choice = rule ? chooseVersion(rule, date) : null;
  const compiled = rule && choice ? compilePricingRuleVersion(choice.version, { catalogue, ruleId: rule.id, versionKey: choice.key }) : null;
  pp = {
    productId,
    product,
    source: !product ? 'unknownProduct' : !rule ? 'noRule' : !choice ? 'noVersion' : 'rule',
    rule,
    choice,
    compiled,
    run: compiled?.generated ?? null,
    ruleId: rule?.id ?? 0,
    versionKey: choice?.key ?? '',
    roundUp: product?.shouldRoundPrice === 1,
  };
  plan?.set(productId, pp);
  return pp;
}

/**
 * @internal priceInstance, writing into `out`. For repriceOrder: `plan` shares the version choice and
 * compilation between the items of a product, and `out` and `ctx` are reused for every item of the
 * order, so repricing allocates only what it returns (it runs on every write to an order).
 */
export function priceItem(out: ItemPricing, instance: InstanceLike, catalogue: CatalogueIndex, date: PricingDate, explain: boolean, log: PricingLog, plan: PricingPlan | null, ctx: EvalContext | null): void {
  const productId = instance.productId;
  if (!explain && productId !== CUSTOM_PRODUCT_ID) {
    const pp = productPricing(productId, catalogue, date, plan);
    if (pp.run !== null) return priceGenerated(out, pp, instance, log, ctx);
  }
  const quantity = normaliseQuantity(instance.quantity);
  const notes: string[] | null = explain ? [] : null;

  let source: PriceSource;
  let raw = 0;
  let product: Product | undefined;
  let rule: ProductPricingRule | undefined;
  let choice: PricingVersionChoice | null = null;
  let steps: PricingStep[] | null = null;
  let failures = 0;
  let failedSteps: PricingFailure[] = NO_FAILURES;

  if (productId === CUSTOM_PRODUCT_ID) {
    source = 'custom';
    const c = instance.customPriceInCents;
    if (typeof c === 'number' && Number.isFinite(c)) raw = c;
    else notes?.push('No custom price is set, so the unit price is 0.');
  } else {
    const pp = productPricing(productId, catalogue, date, plan);
    ({ source, product, rule, choice } = pp);
    if (source === 'noRule' && product?.productPricingRuleId != null) notes?.push(`Its pricing rule ${product.productPricingRuleId} is not in the catalogue.`);
    if (pp.compiled !== null) {
      const c = contextFor(ctx, productId, log, rule!.id, choice!.key);
      steps = explain ? [] : null;
      raw = pp.compiled.evaluate(instance.properties, quantity, c, steps);
      failures = c.failures;
      if (failures > 0) failedSteps = takeFailedSteps(c);
    }
  }

  // Rounding: to whole cents half away from zero; negative → 0; shouldRoundPrice → next whole dollar.
  let unit = roundCents(raw);
  if (notes && unit !== raw) notes.push(`Rounded ${raw} to ${unit} cents (half away from zero).`);
  if (unit < 0) {
    notes?.push(`A negative price (${formatCents(unit)}) is not allowed; the unit price is 0.`);
    unit = 0;
  } else if (unit === 0) unit = 0; // -0 (e.g. a negative total × a failed value) is 0
  if (source === 'rule' && product?.shouldRoundPrice === 1 && unit % 100 !== 0) {
    const up = Math.ceil(unit / 100) * 100;
    notes?.push(`The product rounds prices up to the next whole dollar: ${formatCents(unit)} becomes ${formatCents(up)}.`);
    unit = up;
  }
  if (failures > 0) notes?.push(`${failures} expression(s) failed (see above); each failure was logged.`);
  let total = unit * quantity;
  if (!Number.isSafeInteger(total)) {
    if (failedSteps === NO_FAILURES) failedSteps = [];
    failures = outOfRange(unit, quantity, rule?.id ?? 0, choice?.key ?? '', productId, failures, failedSteps, log);
    notes?.push(`The price ${unit} × ${quantity} is out of range, so it is 0.`);
    unit = 0;
    total = 0;
  }

  out.unitPriceInCents = unit;
  out.totalPriceInCents = total;
  out.quantity = quantity;
  out.source = source;
  out.ruleId = rule?.id ?? null;
  out.versionKey = choice?.key ?? null;
  out.failures = failures;
  // A new empty list per item: callers may keep or extend it.
  out.failedSteps = failedSteps === NO_FAILURES ? [] : failedSteps;
  out.explanation = null;
  if (explain) {
    out.explanation = {
      productId,
      productTitle: product?.title ?? null,
      source,
      rule: rule ? { id: rule.id, title: rule.title ?? rule.name ?? null } : null,
      version: choice ? { key: choice.key, created: choice.created, reason: choice.reason, note: choice.note } : null,
      effectivePricingDate: choice?.effectiveDate ?? normalisePricingDate(date, 'endOfDay'),
      steps: steps ?? [],
      rawUnitPrice: raw,
      notes: notes ?? [],
      unitPriceInCents: unit,
      quantity,
      totalPriceInCents: total,
    };
  }
}

/**
 * priceItem's usual case, kept small because repriceOrder runs it for every item: a product priced by
 * a rule with generated code, no explanation. The same arithmetic as the general path (property tests
 * compare the two).
 */
function priceGenerated(out: ItemPricing, pp: ProductPricing, instance: InstanceLike, log: PricingLog, reuse: EvalContext | null): void {
  const quantity = normaliseQuantity(instance.quantity);
  const productId = instance.productId;
  const ruleId = pp.rule!.id;
  const versionKey = pp.choice!.key;
  const ctx = contextFor(reuse, productId, log, ruleId, versionKey);
  const raw = pp.run!(instance.properties ?? EMPTY_PROPERTIES, quantity, ctx);
  let failures = ctx.failures;
  const failedSteps = failures > 0 ? takeFailedSteps(ctx) : [];
  let unit = unitCents(raw, pp.roundUp);
  let total = unit * quantity;
  if (!Number.isSafeInteger(total)) {
    failures = outOfRange(unit, quantity, ruleId, versionKey, productId, failures, failedSteps, log);
    unit = 0;
    total = 0;
  }
  out.unitPriceInCents = unit;
  out.totalPriceInCents = total;
  out.quantity = quantity;
  out.source = 'rule';
  out.ruleId = ruleId;
  out.versionKey = versionKey;
  out.failures = failures;
  out.failedSteps = failedSteps;
  out.explanation = null;
}

/** @internal What repriceOrder keeps of an item (costs.ts RepricedInstance without the explanation). */
export interface RepricedItem {
  unitPriceInCents: number;
  totalPriceInCents: number;
  quantity: number;
  versionKey: string | null;
  failures: number;
  failedSteps: PricingFailure[];
  id?: number;
}

/**
 * The result objects of repriceGeneratedItem, made by constructors rather than object literals: V8
 * decides per literal site whether to create its objects straight in the old generation
 * ("pretenuring") when many of them outlive a young-generation collection, as an order's results do
 * while the order is written; a constructor call is always created young. The prototype is
 * Object.prototype, so the objects are plain objects like the general path's: same keys in the same
 * order, same prototype and constructor (tested).
 */
const Result = function (this: RepricedItem, unit: number, total: number, quantity: number, versionKey: string, failures: number, failedSteps: PricingFailure[]) {
  this.unitPriceInCents = unit;
  this.totalPriceInCents = total;
  this.quantity = quantity;
  this.versionKey = versionKey;
  this.failures = failures;
  this.failedSteps = failedSteps;
} as unknown as new (unit: number, total: number, quantity: number, versionKey: string, failures: number, failedSteps: PricingFailure[]) => RepricedItem;
Result.prototype = Object.prototype;
const ResultWithId = function (this: RepricedItem, unit: number, total: number, quantity: number, versionKey: string, failures: number, failedSteps: PricingFailure[], id: number) {
  this.unitPriceInCents = unit;
  this.totalPriceInCents = total;
  this.quantity = quantity;
  this.versionKey = versionKey;
  this.failures = failures;
  this.failedSteps = failedSteps;
  this.id = id;
} as unknown as new (unit: number, total: number, quantity: number, versionKey: string, failures: number, failedSteps: PricingFailure[], id: number) => RepricedItem;
ResultWithId.prototype = Object.prototype;

/**
 * @internal repriceOrder's usual case, its result made directly (no intermediate ItemPricing): an item
 * of a product priced by a rule with generated code, no explanation. null when the item needs the
 * general path (priceItem). The same arithmetic and the same result object as priceGenerated and
 * repriceOrder's general path (property tests compare them); it runs for every item of every write.
 */
export function repriceGeneratedItem(instance: InstanceLike & { id?: number }, catalogue: CatalogueIndex, date: PricingDate, log: PricingLog, plan: PricingPlan, ctx: EvalContext): RepricedItem | null {
  const productId = instance.productId;
  if (productId === CUSTOM_PRODUCT_ID) return null;
  let pp = plan.last;
  if (pp === null || pp.productId !== productId) plan.last = pp = plan.get(productId) ?? productPricing(productId, catalogue, date, plan);
  const run = pp.run;
  if (run === null) return null;
  const q = instance.quantity;
  // Whole quantities ≥ 1 are what normaliseQuantity would return unchanged; anything else goes through it.
  const quantity = typeof q === 'number' && q >= 1 && q <= 2147483647 && Math.floor(q) === q ? q : normaliseQuantity(q);
  const ruleId = pp.ruleId;
  const versionKey = pp.versionKey;
  ctx.failures = 0;
  ctx.productId = productId;
  ctx.log = log;
  ctx.ruleId = ruleId;
  ctx.versionKey = versionKey;
  const raw = run(instance.properties ?? EMPTY_PROPERTIES, quantity, ctx);
  let failures = ctx.failures;
  // A new empty list per item, copied rather than written `[]`: the copy is not a literal site V8 could pretenure (see Result).
  const failedSteps = failures > 0 ? takeFailedSteps(ctx) : NO_FAILURES.slice();
  let unit = unitCents(raw, pp.roundUp);
  let total = unit * quantity;
  if (!Number.isSafeInteger(total)) {
    failures = outOfRange(unit, quantity, ruleId, versionKey, productId, failures, failedSteps, log);
    unit = 0;
    total = 0;
  }
  // Whole cents that fit in 31 bits as int32 (`| 0`), so V8 keeps them small integers in the result
  // object (no separate number box per field); larger ones unchanged. Same values.
  if ((unit | 0) === unit) unit = unit | 0;
  if ((total | 0) === total) total = total | 0;
  const id = instance.id;
  return id === undefined ? new Result(unit, total, quantity, versionKey, failures, failedSteps) : new ResultWithId(unit, total, quantity, versionKey, failures, failedSteps, id);
}

/** The evaluation context of one item: `reuse` reset for it, or a new one. */
function contextFor(reuse: EvalContext | null, productId: number, log: PricingLog, ruleId: number, versionKey: string): EvalContext {
  if (reuse === null) return { reason: '', failures: 0, failedSteps: [], productId, log, ruleId, versionKey };
  reuse.failures = 0;
  reuse.productId = productId;
  reuse.log = log;
  reuse.ruleId = ruleId;
  reuse.versionKey = versionKey;
  return reuse;
}

/** The item's failures: the list now belongs to its result, and the context gets a new one for the next item. */
function takeFailedSteps(ctx: EvalContext): PricingFailure[] {
  const list = ctx.failedSteps;
  ctx.failedSteps = [];
  return list;
}

/** Beyond 2^53 cents (≈ $90 trillion) whole cents cannot be represented: a data error, not a price. Returns the new failure count. */
function outOfRange(unit: number, quantity: number, ruleId: number, versionKey: string, productId: number, failures: number, failedSteps: PricingFailure[], log: PricingLog): number {
  const counted = { failures, failedSteps, log };
  reportFailure(
    counted,
    { ruleId, versionKey, productId, expressionPath: '', description: null, reason: 'price out of range' },
    `pricing: product ${productId} price out of range (${unit} × ${quantity}); priced 0`,
  );
  return counted.failures;
}

/** A rule's raw result as the unit price: whole cents, never negative (nor -0), rounded up to the dollar when the product asks. */
function unitCents(raw: number, roundUp: boolean): number {
  const unit = roundCents(raw);
  if (unit <= 0) return 0;
  return roundUp && unit % 100 !== 0 ? Math.ceil(unit / 100) * 100 : unit;
}
