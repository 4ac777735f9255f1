import jsonLogic from 'json-logic-js';
import { CatalogueIndex, computeOrderCosts, repriceOrder, roundCents, type OrderPricingFields } from '@cpq/domain';
import { type Benchmark, measure, measurePaired } from './lib.ts';
import { generateWorkload, handWrittenUnitPrice } from './pricingFixture.ts';
import { toJsonLogic } from './jsonLogic.ts';

const ITEMS = 1000;

function finish(raw: number, quantity: number): number {
  let unit = roundCents(raw);
  if (unit < 0) unit = 0;
  return unit * quantity;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'pricing: reprice an order of 1,000 items (30 properties, 40-expression rules)',
    targets: [
      { figure: 'engineMedianMs', op: '<=', value: 10, label: 'whole order ≤ 10 ms' },
      { figure: 'speedupVsJsonLogic', op: '>=', value: 20, label: '≥ 20× faster than json-logic-js' },
      { figure: 'engineVsHandWritten', op: '<=', value: 2, label: 'within 2× of hand-written JS' },
    ],
    async run() {
      const w = generateWorkload(ITEMS);
      const catalogue = new CatalogueIndex(w.snapshot);
      const order: OrderPricingFields = { isStocked: 0, productCategoryId: 1, effectivePricingDate: '2025-06-01 00:00:00', discountMode: 'rate', discountPercentage: 10, shippingMode: 'amount', shippingFlatAmount: 5000, taxPercentage: 8.25, tariffPercentage: 2 };
      const log = (m: string) => {
        throw new Error(`unexpected pricing failure: ${m}`);
      };
      const quantities = w.instances.map((i) => i.quantity);
      const productIndex = w.instances.map((i) => i.productId - 1);

      // (1) the engine, compiled and warm
      const engine = () => repriceOrder({ order, instances: w.instances, catalogue, orgSettings: { depositPercentage: 50 }, log });

      // (2) json-logic-js on the same rules translated to JSONLogic
      const logicByProduct = w.snapshot.productPricingRules.map((r) => toJsonLogic(r.versions['1']!.expressions));
      const cls = { '1': w.classifications };
      const viaJsonLogic = () => {
        const totals = new Array<number>(ITEMS);
        for (let n = 0; n < ITEMS; n++) {
          const inst = w.instances[n]!;
          const raw = jsonLogic.apply(logicByProduct[productIndex[n]!] as never, { properties: inst.properties, quantity: inst.quantity, prices: w.prices, cls }) as number;
          totals[n] = finish(raw, quantities[n]!);
        }
        return { totals, costs: computeOrderCosts({ order, itemTotalsInCents: totals, orgSettings: { depositPercentage: 50 } }) };
      };

      // (3) the same formula written by hand
      const handWritten = () => {
        const totals = new Array<number>(ITEMS);
        for (let n = 0; n < ITEMS; n++) totals[n] = finish(handWrittenUnitPrice(productIndex[n]!, w.instances[n]!, w.prices, w.classifications), quantities[n]!);
        return { totals, costs: computeOrderCosts({ order, itemTotalsInCents: totals, orgSettings: { depositPercentage: 50 } }) };
      };

      // Same answers, item by item and in total.
      const e = engine();
      const j = viaJsonLogic();
      const h = handWritten();
      for (let n = 0; n < ITEMS; n++) {
        const a = e.instances[n]!.totalPriceInCents;
        if (a !== j.totals[n] || a !== h.totals[n]) throw new Error(`item ${n}: engine ${a}, json-logic ${j.totals[n]}, hand-written ${h.totals[n]}`);
      }
      if (e.costs.orderTotal !== j.costs.orderTotal || e.costs.orderTotal !== h.costs.orderTotal) throw new Error('order totals differ');

      // Paired rounds (engine, other, engine, other, ...): the ratios are medians of per-round ratios,
      // so load from other processes hits both sides alike.
      const vsHand = measurePaired(engine, handWritten, { warmup: 50, runs: 201 });
      const vsLogic = measurePaired(engine, viaJsonLogic, { warmup: 5, runs: 21 });
      const engineT = vsHand.a;
      const logicT = vsLogic.b;
      const handT = vsHand.b;
      const engineMedian = engineT.medianMs;

      // Explanations on (what the item editor asks for one item at a time), for information.
      const explainT = measure(() => repriceOrder({ order, instances: w.instances, catalogue, log, explain: true }), { warmup: 5, runs: 21 });

      return {
        items: ITEMS,
        expressionsPerRule: w.snapshot.productPricingRules[0]!.versions['1']!.expressions.length,
        orderTotalCents: e.costs.orderTotal,
        engineMedianMs: engineMedian,
        engineP95Ms: engineT.p95Ms,
        jsonLogicMedianMs: logicT.medianMs,
        handWrittenMedianMs: handT.medianMs,
        speedupVsJsonLogic: 1 / vsLogic.ratio,
        engineVsHandWritten: vsHand.ratio,
        engineWithExplanationMedianMs: explainT.medianMs,
        engineMicrosecondsPerItem: (engineMedian * 1000) / ITEMS,
      };
    },
  },
];
