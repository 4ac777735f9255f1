import {
  CatalogueIndex,
  asPublishedVersion,
  catalogueSnapshotFromRows,
  repriceOrder,
  versionContent,
  versionStatus,
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
 * - 'force': the rule has only the draft, priced as if published, so every item of the rule is
 *   priced by it whatever the order's date ("what would this order cost with this draft");
 * - 'substitute': the draft's text replaces its version's among the others, which stays a draft or
 *   published as it is, and the order's effective pricing date still chooses ("what saving the
 *   draft does to this order": nothing, for a draft).
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
  const text = versionContent(input.draft);
  const versions =
    input.mode === 'force'
      ? { [input.versionKey]: asPublishedVersion(text) }
      : { ...input.rule.versions, [input.versionKey]: { ...text, ...versionStatus(input.rule.versions[input.versionKey]) } };
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
