import jsonLogic from 'json-logic-js';
import { CatalogueIndex, computeOrderCosts, repriceOrder, roundCents, type CatalogueSnapshot, type InstanceLike, type OrderPricingFields } from '@cpq/domain';
import { type Benchmark, type Figures, measure, measurePaired } from './lib.ts';
import { generateWorkload, handWrittenUnitPrice } from './pricingFixture.ts';
import { AREA_PRODUCTS, generateAreaWorkload, ruleShape } from './areaPricingFixture.ts';
import { toJsonLogic } from './jsonLogic.ts';
import { straightLine, tunedStraightLine, tunedTables, type TunedRule } from './straightLine.ts';

function finish(raw: number, quantity: number): number {
  let unit = roundCents(raw);
  if (unit < 0) unit = 0;
  return unit * quantity;
}

const order: OrderPricingFields = { isStocked: 0, productCategoryId: 1, effectivePricingDate: '2025-06-01 00:00:00', discountMode: 'rate', discountPercentage: 10, shippingMode: 'amount', shippingFlatAmount: 5000, taxPercentage: 8.25, tariffPercentage: 2 };
const orgSettings = { depositPercentage: 50 };
const log = (m: string) => {
  throw new Error(`unexpected pricing failure: ${m}`);
};

interface Workload {
  snapshot: CatalogueSnapshot;
  instances: InstanceLike[];
  prices: Record<string, number>;
  /** classifierId → optionId → numbers. */
  cls: Record<string, Record<string, number[]>>;
}

type UnitPrice = (productIndex: number, inst: InstanceLike) => number;

/**
 * The tuned baseline's whole order, as a careful engineer would write the loop: the rule function
 * from a dense array indexed by product id, quantity read once, the unit price rounded to whole cents
 * (half away from zero, negative → 0, as the engine does), totals into a preallocated array, then the
 * order's costs. Only the item totals and the costs, no per-item result object.
 */
function tunedOrder(w: Workload): () => { totals: number[]; costs: ReturnType<typeof computeOrderCosts> } {
  const tables = tunedTables(w.prices, w.cls);
  const rules: TunedRule[] = [];
  for (const product of w.snapshot.products) {
    const rule = w.snapshot.productPricingRules.find((r) => r.id === product.productPricingRuleId)!;
    rules[product.id] = tunedStraightLine(rule.versions['1']!.expressions, tables);
  }
  const instances = w.instances;
  const items = instances.length;
  return () => {
    const totals = new Array<number>(items);
    for (let n = 0; n < items; n++) {
      const inst = instances[n]!;
      const q = inst.quantity;
      const unit = roundCents(rules[inst.productId]!(inst.properties, q));
      totals[n] = unit > 0 ? unit * q : 0;
    }
    return { totals, costs: computeOrderCosts({ order, itemTotalsInCents: totals, orgSettings }) };
  };
}

/**
 * Prices the whole order with the engine (repriceOrder), with a straight-line function per rule, with
 * json-logic-js, and with any extra baselines; throws unless every item total and the order total agree.
 * Ratios come from paired rounds (engine, other, engine, other, ...) so machine load hits both sides alike.
 */
function compare(w: Workload, extra: Record<string, UnitPrice>, runs: { straight: number; logic: number }): Figures {
  const items = w.instances.length;
  const catalogue = new CatalogueIndex(w.snapshot);
  const quantities = w.instances.map((i) => i.quantity);
  const productIndex = w.instances.map((i) => i.productId - 1);
  const expressionsOf = (k: number) => w.snapshot.productPricingRules[k]!.versions['1']!.expressions;

  const orderOf = (unitPrice: UnitPrice) => () => {
    const totals = new Array<number>(items);
    for (let n = 0; n < items; n++) totals[n] = finish(unitPrice(productIndex[n]!, w.instances[n]!), quantities[n]!);
    return { totals, costs: computeOrderCosts({ order, itemTotalsInCents: totals, orgSettings }) };
  };

  // (1) the engine, compiled and warm
  const engine = () => repriceOrder({ order, instances: w.instances, catalogue, orgSettings, log });

  // (2) straight-line JavaScript, one function per rule
  const straightByProduct = w.snapshot.productPricingRules.map((_, k) => straightLine(expressionsOf(k)));
  const straight = orderOf((k, inst) => straightByProduct[k]!(inst.properties, inst.quantity, w.prices, w.cls));

  // (3) json-logic-js on the same rules translated to JSONLogic
  const logicByProduct = w.snapshot.productPricingRules.map((_, k) => toJsonLogic(expressionsOf(k)));
  const viaJsonLogic = orderOf((k, inst) => jsonLogic.apply(logicByProduct[k] as never, { properties: inst.properties, quantity: inst.quantity, prices: w.prices, cls: w.cls }) as number);

  // (4) the tuned straight-line baseline (src/straightLine.ts: hoisted reads, dense Float64Array tables)
  const tuned = tunedOrder(w);

  const others = { tunedStraightLine: tuned, straightLine: straight, jsonLogic: viaJsonLogic, ...Object.fromEntries(Object.entries(extra).map(([name, f]) => [name, orderOf(f)])) };

  // Same answers, item by item and in total.
  const e = engine();
  for (const [name, run] of Object.entries(others)) {
    const o = run();
    for (let n = 0; n < items; n++) {
      if (e.instances[n]!.totalPriceInCents !== o.totals[n]) throw new Error(`item ${n}: engine ${e.instances[n]!.totalPriceInCents}, ${name} ${o.totals[n]}`);
    }
    if (e.costs.orderTotal !== o.costs.orderTotal) throw new Error(`order totals differ: engine ${e.costs.orderTotal}, ${name} ${o.costs.orderTotal}`);
  }

  const vsTuned = measurePaired(engine, tuned, { warmup: 30, runs: runs.straight });
  const vsStraight = measurePaired(engine, straight, { warmup: 30, runs: runs.straight });
  const vsLogic = measurePaired(engine, viaJsonLogic, { warmup: 3, runs: runs.logic });
  const figures: Figures = {
    items,
    orderTotalCents: e.costs.orderTotal,
    engineMedianMs: vsTuned.a.medianMs,
    engineP95Ms: vsTuned.a.p95Ms,
    engineMsPer1000Items: (vsTuned.a.medianMs * 1000) / items,
    tunedStraightLineMedianMs: vsTuned.b.medianMs,
    engineVsTunedStraightLine: vsTuned.ratio,
    straightLineMedianMs: vsStraight.b.medianMs,
    jsonLogicMedianMs: vsLogic.b.medianMs,
    engineVsStraightLine: vsStraight.ratio,
    speedupVsJsonLogic: 1 / vsLogic.ratio,
  };
  for (const name of Object.keys(extra)) {
    const vs = measurePaired(engine, others[name as keyof typeof others], { warmup: 30, runs: runs.straight });
    figures[`${name}MedianMs`] = vs.b.medianMs;
    figures[`engineVs${name[0]!.toUpperCase()}${name.slice(1)}`] = vs.ratio;
  }
  // Explanations on (what the item editor asks for one item at a time), for information.
  figures.engineWithExplanationMedianMs = measure(() => repriceOrder({ order, instances: w.instances, catalogue, log, explain: true }), { warmup: 3, runs: 11 }).medianMs;
  return figures;
}

const targets = (what: string): Benchmark['targets'] => [
  { figure: 'engineMsPer1000Items', op: '<=', value: 1, label: `${what}: ≤ 1 ms per 1,000 items` },
  { figure: 'speedupVsJsonLogic', op: '>=', value: 50, label: '≥ 50× faster than json-logic-js' },
  { figure: 'engineVsTunedStraightLine', op: '<=', value: 1.5, label: 'within 1.5× of tuned straight-line JS' },
  { figure: 'engineVsStraightLine', op: '<=', value: 1.5, label: 'within 1.5× of straight-line JS' },
];

export const benchmarks: Benchmark[] = [
  {
    name: 'pricing: reprice an order of 1,000 items (30 properties, 40-expression rules)',
    targets: targets('1,000 items'),
    async run() {
      const w = generateWorkload(1000);
      const figures = compare(
        { snapshot: w.snapshot, instances: w.instances, prices: w.prices, cls: { '1': w.classifications } },
        // The formula as a developer would write it with loops (kept for comparison with earlier figures).
        { handWrittenLoops: (k, inst) => handWrittenUnitPrice(k, inst, w.prices, w.classifications) },
        { straight: 201, logic: 21 },
      );
      return { expressionsPerRule: w.snapshot.productPricingRules[0]!.versions['1']!.expressions.length, ...figures };
    },
  },
  {
    name: 'pricing: reprice an order of 5,000 items (area rules: groups 3 deep, conditions, %, ===, and, or)',
    targets: targets('5,000 items'),
    async run() {
      const w = generateAreaWorkload(5000);
      const shapes = w.snapshot.productPricingRules.slice(0, AREA_PRODUCTS).map((r) => ruleShape(r.versions['1']!.expressions));
      const figures = compare({ snapshot: w.snapshot, instances: w.instances, prices: w.prices, cls: w.classifications }, {}, { straight: 101, logic: 11 });
      return {
        expressionsPerRule: shapes[0]!.expressions,
        conditionalExpressionsPerRule: shapes[0]!.conditional,
        groupDepth: shapes[0]!.maxDepth,
        ...figures,
      };
    },
  },
];
