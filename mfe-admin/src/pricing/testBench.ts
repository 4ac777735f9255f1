import {
  CatalogueIndex,
  catalogueSnapshotFromRows,
  repriceOrder,
  type CatalogueRows,
  type InstanceLike,
  type OrderPricingFields,
  type PricingRuleVersion,
  type ProductPricingRule,
} from '@cpq/domain';

/**
 * The test bench: an order priced twice in the browser by the engine — as the catalogue prices it
 * today, and with a draft pricing version — item by item and in total. Pure.
 *
 * Two ways to put the draft in:
 * - 'force': the rule has only the draft, so every item of the rule is priced by it whatever the
 *   order's date ("what would this order cost with this draft");
 * - 'substitute': the draft replaces its version among the others, and the order's effective pricing
 *   date still chooses ("what saving the draft does to this order").
 */
export type DraftMode = 'force' | 'substitute';

export interface BenchOrder {
  order: OrderPricingFields;
  instances: ReadonlyArray<InstanceLike & { id?: number; title?: string | null }>;
}

export interface BenchInput extends BenchOrder {
  /** The order's catalogue rows (the organisation's catalogue plus the order's additions). */
  rows: CatalogueRows;
  /** The rule as the admin screen has it (it may be newer than the catalogue's copy, or archived). */
  rule: ProductPricingRule;
  versionKey: string;
  draft: PricingRuleVersion;
  mode: DraftMode;
  now: Date;
}

export interface BenchItem {
  id: number | undefined;
  title: string;
  productId: number;
  quantity: number;
  todayUnit: number;
  todayTotal: number;
  draftUnit: number;
  draftTotal: number;
  /** The version key that priced the item today and with the draft (null: not priced by a rule). */
  todayVersion: string | null;
  draftVersion: string | null;
  changed: boolean;
}

export interface BenchResult {
  items: BenchItem[];
  /** Sums of the item totals (before the order's discount, shipping and taxes). */
  totalToday: number;
  totalDraft: number;
  difference: number;
}

const quiet = () => {};

/** The rows with the rule as given (replacing the catalogue's copy, or added when the catalogue lacks it). */
function withRule(rows: CatalogueRows, rule: ProductPricingRule): CatalogueRows {
  const others = (rows.productPricingRules ?? []).filter((r) => r.id !== rule.id);
  return { ...rows, productPricingRules: [...others, rule] };
}

function draftRule(input: Pick<BenchInput, 'rule' | 'versionKey' | 'draft' | 'mode'>): ProductPricingRule {
  const versions = input.mode === 'force' ? { [input.versionKey]: input.draft } : { ...input.rule.versions, [input.versionKey]: input.draft };
  return { ...input.rule, versions };
}

const indexes = new WeakMap<CatalogueRows, WeakMap<ProductPricingRule, CatalogueIndex>>();

/** Today's catalogue index, kept per rows and rule: the bench reprices on every keystroke of the draft. */
function todayIndex(rows: CatalogueRows, rule: ProductPricingRule): CatalogueIndex {
  let byRule = indexes.get(rows);
  if (!byRule) indexes.set(rows, (byRule = new WeakMap()));
  let index = byRule.get(rule);
  if (!index) byRule.set(rule, (index = new CatalogueIndex(catalogueSnapshotFromRows(withRule(rows, rule)))));
  return index;
}

export function benchPrices(input: BenchInput): BenchResult {
  const today = repriceOrder({ order: input.order, instances: input.instances, catalogue: todayIndex(input.rows, input.rule), now: input.now, log: quiet });
  const withDraft = new CatalogueIndex(catalogueSnapshotFromRows(withRule(input.rows, draftRule(input))));
  const draft = repriceOrder({ order: input.order, instances: input.instances, catalogue: withDraft, now: input.now, log: quiet });
  const items = input.instances.map((inst, i): BenchItem => {
    const a = today.instances[i]!;
    const b = draft.instances[i]!;
    return {
      id: inst.id,
      title: String(inst.title ?? ''),
      productId: inst.productId,
      quantity: a.quantity,
      todayUnit: a.unitPriceInCents,
      todayTotal: a.totalPriceInCents,
      draftUnit: b.unitPriceInCents,
      draftTotal: b.totalPriceInCents,
      todayVersion: a.versionKey,
      draftVersion: b.versionKey,
      changed: a.totalPriceInCents !== b.totalPriceInCents,
    };
  });
  const totalToday = items.reduce((s, it) => s + it.todayTotal, 0);
  const totalDraft = items.reduce((s, it) => s + it.draftTotal, 0);
  return { items, totalToday, totalDraft, difference: totalDraft - totalToday };
}

/** Pricing many orders is capped: the confirmation prices at most this many and says so. */
export const MAX_ORDERS_PRICED = 25;

export interface ImpactSummary {
  /** Orders the version prices (as the server counted them). */
  orders: number;
  /** Orders priced here (at most MAX_ORDERS_PRICED). */
  priced: number;
  /** The change of the priced orders' item totals, summed. */
  difference: number;
  /** Priced orders whose total changes. */
  changedOrders: number;
}

/** What saving a draft does to the orders its version prices: each priced with the draft substituted. */
export function impactOf(orderCount: number, results: readonly BenchResult[]): ImpactSummary {
  return {
    orders: orderCount,
    priced: results.length,
    difference: results.reduce((s, r) => s + r.difference, 0),
    changedOrders: results.filter((r) => r.difference !== 0 || r.items.some((i) => i.changed)).length,
  };
}
