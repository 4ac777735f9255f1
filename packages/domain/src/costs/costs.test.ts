import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { computeOrderCosts, guestTerms, newOrderCosts, priceInstance, repriceOrder, type OrderPricingFields } from '../index.ts';
import type { InstanceLike, InstanceProperties, PricingExpression } from '../engine/types.ts';
import * as f from '../pricing/fixtures.test-utils.ts';

const base: OrderPricingFields = { isStocked: 0, productCategoryId: 1, effectivePricingDate: null };
const costs = (order: Partial<OrderPricingFields>, totals: number[], extra: Partial<Parameters<typeof computeOrderCosts>[0]> = {}) =>
  computeOrderCosts({ order: { ...base, ...order }, itemTotalsInCents: totals, ...extra });
const cap850 = { costs: { maxDiscountPercentage: (o: { productCategoryId: number | null }) => (o.productCategoryId === 5 ? 20 : null), taxLookupApplies: () => true } };

describe('computeOrderCosts', () => {
  it('an empty order equals newOrderCosts (zero, shipping TBD)', () => {
    expect(costs({}, [])).toEqual(newOrderCosts());
  });
  it('subtotal is the sum of item totals', () => {
    expect(costs({}, [1000, 2500, 1]).orderSubTotal).toBe(3501);
  });
  it('discount: amount and rate', () => {
    expect(costs({ discountMode: 'amount', discountFlatAmount: 1500 }, [10000]).discount).toBe(1500);
    expect(costs({ discountMode: 'rate', discountPercentage: 12.5 }, [10001]).discount).toBe(1250); // 1250.125
    expect(costs({ discountMode: 'rate', discountPercentage: 15 }, [4370]).discount).toBe(656); // 655.5 half away from zero
    expect(costs({ discountPercentage: 15 }, [4370]).discount).toBe(0); // no mode, no discount
    expect(costs({ discountMode: 'amount', discountFlatAmount: 99999 }, [1000]).discount).toBe(1000); // never above subtotal
    expect(costs({ discountMode: 'rate', discountPercentage: -5 }, [1000]).discount).toBe(0);
  });
  it('discount is capped by hooks.costs.maxDiscountPercentage (850: category 5 at 20 %)', () => {
    expect(costs({ productCategoryId: 5, discountMode: 'rate', discountPercentage: 35 }, [10000], { hooks: cap850 }).discount).toBe(2000);
    expect(costs({ productCategoryId: 5, discountMode: 'amount', discountFlatAmount: 5000 }, [10000], { hooks: cap850 }).discount).toBe(2000);
    expect(costs({ productCategoryId: 5, discountMode: 'rate', discountPercentage: 10 }, [10000], { hooks: cap850 }).discount).toBe(1000);
    expect(costs({ productCategoryId: 1, discountMode: 'rate', discountPercentage: 35 }, [10000], { hooks: cap850 }).discount).toBe(3500);
  });
  it('shipping: amount, rate of the discounted subtotal, or TBD', () => {
    expect(costs({ shippingMode: 'amount', shippingFlatAmount: 2500 }, [10000])).toMatchObject({ shipping: 2500, shippingIsTbd: false });
    expect(costs({ shippingMode: 'rate', shippingPercentage: 5, discountMode: 'amount', discountFlatAmount: 2000 }, [10000])).toMatchObject({ shipping: 400, shippingIsTbd: false });
    expect(costs({ shippingFlatAmount: 2500 }, [10000])).toMatchObject({ shipping: 0, shippingIsTbd: true });
  });
  it('tax is a percentage of the discounted subtotal (shipping not taxed); disabled by order or guest', () => {
    const o = { taxPercentage: 8.875, discountMode: 'amount' as const, discountFlatAmount: 1000, shippingMode: 'amount' as const, shippingFlatAmount: 5000 };
    expect(costs(o, [11000]).tax).toBe(888); // 10000 × 8.875 % = 887.5
    expect(costs({ ...o, disableSalesTax: 1 }, [11000]).tax).toBe(0);
    expect(costs(o, [11000], { guest: { disableSalesTax: true } }).tax).toBe(0);
  });
  it('tariff is a percentage of the discounted subtotal', () => {
    expect(costs({ tariffPercentage: 10, discountMode: 'rate', discountPercentage: 50 }, [10000]).tariff).toBe(500);
  });
  it('total and deposit', () => {
    const c = costs(
      { discountMode: 'rate', discountPercentage: 10, shippingMode: 'amount', shippingFlatAmount: 2500, taxPercentage: 8, tariffPercentage: 2 },
      [60000, 40000],
      { orgSettings: { depositPercentage: 50 } },
    );
    expect(c).toEqual({ orderSubTotal: 100000, discount: 10000, discountSource: 'order', appliedDiscountPercentage: 10, shipping: 2500, shippingIsTbd: false, tax: 7200, tariff: 1800, orderTotal: 101500, depositPercentage: 50, depositAmount: 50750 });
  });
  describe('guest terms', () => {
    // Subtotal $1,000.00, sales tax 8 %, shipping $25.00 (not taxed).
    const o = { taxPercentage: 8, shippingMode: 'amount' as const, shippingFlatAmount: 2500 };
    const tenPct = { discountPercentage: 10 };
    it('a 10 % guest discount: $100.00 off, tax on $900.00', () => {
      expect(costs(o, [100000], { guest: tenPct })).toMatchObject({
        orderSubTotal: 100000,
        discount: 10000,
        discountSource: 'guest',
        appliedDiscountPercentage: 10,
        tax: 7200, // 8 % of 90000
        orderTotal: 99700, // 90000 + 2500 + 7200
      });
    });
    it('the guest discount and no sales tax: $900.00 + $25.00 shipping', () => {
      expect(costs(o, [100000], { guest: { ...tenPct, disableSalesTax: true } })).toMatchObject({ discount: 10000, tax: 0, orderTotal: 92500 });
    });
    it("the order's own discount replaces the guest's (they never add up)", () => {
      expect(costs({ ...o, discountMode: 'rate', discountPercentage: 15 }, [100000], { guest: tenPct })).toMatchObject({
        discount: 15000,
        discountSource: 'order',
        appliedDiscountPercentage: 15,
        tax: 6800, // 8 % of 85000
        orderTotal: 94300, // 85000 + 2500 + 6800
      });
      expect(costs({ ...o, discountMode: 'amount', discountFlatAmount: 5000 }, [100000], { guest: tenPct })).toMatchObject({
        discount: 5000,
        discountSource: 'order',
        appliedDiscountPercentage: null,
        orderTotal: 95000 + 2500 + 7600,
      });
    });
    it('an order discount mode without a value leaves the guest discount in place', () => {
      expect(costs({ ...o, discountMode: 'rate', discountPercentage: 0 }, [100000], { guest: tenPct })).toMatchObject({ discount: 10000, discountSource: 'guest' });
      expect(costs({ ...o, discountMode: 'amount', discountFlatAmount: null }, [100000], { guest: tenPct })).toMatchObject({ discount: 10000, discountSource: 'guest' });
    });
    it('the guest discount is capped like any discount (850: category 5 at 20 %)', () => {
      expect(costs({ productCategoryId: 5 }, [100000], { guest: { discountPercentage: 35 }, hooks: cap850 })).toMatchObject({ discount: 20000, discountSource: 'guest', appliedDiscountPercentage: 20 });
    });
    it('no guest, or a guest without terms: no discount and no source', () => {
      expect(costs(o, [100000])).toMatchObject({ discount: 0, discountSource: null, appliedDiscountPercentage: null, tax: 8000, orderTotal: 110500 });
      expect(costs(o, [100000], { guest: { discountPercentage: 0, disableSalesTax: false } })).toMatchObject({ discount: 0, discountSource: null, tax: 8000 });
      expect(costs(o, [], { guest: tenPct })).toMatchObject({ discount: 0, discountSource: null });
    });
    it("guestTerms reads a guest record: only a percent discount counts (an older record's 'percentage' alike)", () => {
      expect(guestTerms({ discount: { type: 'percent', value: 12.5 }, disableSalesTax: 1 })).toEqual({ discountPercentage: 12.5, disableSalesTax: true });
      expect(guestTerms({ discount: { type: 'percentage', value: 10 }, disableSalesTax: false })).toEqual({ discountPercentage: 10, disableSalesTax: false });
      expect(guestTerms({ discount: { type: 'amount', value: 500 }, disableSalesTax: false })).toEqual({ discountPercentage: null, disableSalesTax: false });
      expect(guestTerms({ discount: null, disableSalesTax: true })).toEqual({ discountPercentage: null, disableSalesTax: true });
      expect(guestTerms(null)).toBeNull();
    });
  });
  it('a stocked order takes a 100 % deposit; otherwise the org setting (default 0)', () => {
    expect(costs({ isStocked: 1 }, [1234], { orgSettings: { depositPercentage: 50 } })).toMatchObject({ depositPercentage: 100, depositAmount: 1234 });
    expect(costs({}, [1234])).toMatchObject({ depositPercentage: 0, depositAmount: 0 });
    expect(costs({}, [1001], { orgSettings: { depositPercentage: 50 } })).toMatchObject({ depositPercentage: 50, depositAmount: 501 });
  });
});

describe('repriceOrder', () => {
  const cat = f.catalogue({
    products: [f.product(1, 1)],
    productProperties: [f.property(7)],
    productOptions: [f.option(22, 7, 500)],
    productPricingRules: [f.rule(1, { '1': { created: '2025-01-01', expressions: [f.fixed(1000), f.price(7)] }, '2': { created: '2027-01-01', expressions: [f.fixed(2000), f.price(7)] } })],
  });
  const instances: Array<InstanceLike & { id: number }> = [
    { id: 11, productId: 1, quantity: 2, properties: { '7': { optionId: 22 } } },
    { id: 12, productId: -1, quantity: 1, properties: {}, customPriceInCents: 999 },
  ];
  it('prices every item at the effective pricing date and computes costs', () => {
    const r = repriceOrder({ order: { ...base, effectivePricingDate: '2025-06-01 00:00:00', shippingMode: 'amount', shippingFlatAmount: 100 }, instances, catalogue: cat, orgSettings: { depositPercentage: 50 } });
    expect(r.instances).toEqual([
      { id: 11, unitPriceInCents: 1500, totalPriceInCents: 3000, quantity: 2, versionKey: '1', failures: 0, failedSteps: [] },
      { id: 12, unitPriceInCents: 999, totalPriceInCents: 999, quantity: 1, versionKey: null, failures: 0, failedSteps: [] },
    ]);
    expect(r.costs).toMatchObject({ orderSubTotal: 3999, shipping: 100, orderTotal: 4099, depositAmount: 2050 });
  });
  it('a null effectivePricingDate means now', () => {
    const r = repriceOrder({ order: base, instances, catalogue: cat, now: '2027-03-01 10:00:00' });
    expect(r.instances[0]).toMatchObject({ unitPriceInCents: 2500, versionKey: '2' });
  });
  it('explanations on request; failures logged through log', () => {
    const log = vi.fn();
    const bad = f.catalogue({ products: [f.product(1, 1)], productPricingRules: [f.rule(1, { '1': { created: '2025-01-01', expressions: [f.fixed(5), f.fixed(0, '/')] } })] });
    const r = repriceOrder({ order: base, instances: [instances[0]!], catalogue: bad, now: new Date(), log, explain: true });
    expect(r.instances[0]!.explanation?.steps).toHaveLength(2);
    expect(log).toHaveBeenCalledOnce();
  });
  it('each item reports its own failures and failedSteps (a failing item does not leak into the next)', () => {
    const log = vi.fn();
    const broken = f.catalogue({
      products: [f.product(1, 1), f.product(2, 2)],
      productProperties: [f.property(7)],
      productOptions: [f.option(22, 7, 500)],
      productPricingRules: [
        f.rule(1, { '1': { created: '2025-01-01', expressions: [f.fixed(10000), f.price(7, '*', { description: 'Finish factor' }), f.fixed(500)] } }),
        f.rule(2, { '1': { created: '2025-01-01', expressions: [f.fixed(300)] } }),
      ],
    });
    const items: Array<InstanceLike & { id: number }> = [
      { id: 1, productId: 1, quantity: 1, properties: { '7': { optionId: 999 } } },
      { id: 2, productId: 2, quantity: 1, properties: {} },
      { id: 3, productId: 1, quantity: 2, properties: { '7': { optionId: 22 } } },
      { id: 4, productId: 1, quantity: 1, properties: { '7': { optionId: 31 } } },
    ];
    for (const explain of [false, true]) {
      log.mockClear();
      const r = repriceOrder({ order: { ...base, effectivePricingDate: '2025-06-01' }, instances: items, catalogue: broken, log, explain });
      // 10000 × failure = 0, + 500
      expect(r.instances[0]).toMatchObject({ id: 1, unitPriceInCents: 500, failures: 1 });
      expect(r.instances[0]!.failedSteps).toEqual([{ ruleId: 1, versionKey: '1', productId: 1, expressionPath: '2', description: 'Finish factor', reason: 'option 999 does not exist' }]);
      expect(r.instances[1]).toMatchObject({ id: 2, unitPriceInCents: 300, failures: 0, failedSteps: [] });
      expect(r.instances[2]).toMatchObject({ id: 3, unitPriceInCents: 5000500, totalPriceInCents: 10001000, failures: 0, failedSteps: [] });
      expect(r.instances[3]!.failedSteps).toEqual([expect.objectContaining({ expressionPath: '2', reason: 'option 31 does not exist' })]);
      expect(r.instances[0]!.failedSteps).not.toBe(r.instances[3]!.failedSteps);
      expect(r.costs.orderSubTotal).toBe(500 + 300 + 10001000 + 500);
      expect(log).toHaveBeenCalledTimes(2);
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Property-based

const props = [1, 2, 3];
const optionIds = [10, 11, 12, 20, 21, 30];
const propCat = f.catalogue({
  products: [f.product(1, 1), f.product(2, 1, { shouldRoundPrice: 1 })],
  productProperties: props.map((p) => f.property(p)),
  productOptions: [f.option(10, 1, 1999), f.option(11, 1, 0, { '1': [3.3, 7] }), f.option(12, 1), f.option(20, 2, 250, { '1': [1e6] }), f.option(21, 2, 1), f.option(30, 3, 17)],
  productOptionClassifiers: [f.classifier(1, 'c')],
});
// '^' is not an operator: the expression fails.
const arbOp = fc.constantFrom<PricingExpression['operator']>('+', '-', '*', '/', '%', 'and', 'or', '===', '+', '*', '^' as never);
const arbNumber = fc.oneof(fc.integer({ min: -100000, max: 100000 }), fc.double({ noNaN: false }), fc.constantFrom(0, -0, 1e308, -1e308, 1e-300, 0.5));
const arbId = fc.constantFrom(...props);
// Every kind of check: the generated code inlines the numeric ones and calls the closure for the rest.
const arbCheck = fc.oneof(
  fc.record({ actual: fc.record({ type: fc.constant('optionId' as const), productPropertyId: arbId }), operator: fc.constantFrom('===' as const, '!==' as const), expected: fc.oneof(fc.constantFrom(...optionIds), fc.constant(null), fc.constantFrom('10', 'x', true)) }),
  fc.record({ actual: fc.record({ type: fc.constant('optionId' as const), productPropertyId: arbId }), operator: fc.constantFrom('in' as const, '===' as const, '!==' as const), expected: fc.array(fc.oneof(fc.constantFrom(...optionIds, 999), fc.constantFrom('20', 'x')), { maxLength: 10 }) }),
  fc.record({ actual: fc.record({ type: fc.constant('quantity' as const) }), operator: fc.constantFrom('===' as const, '!==' as const, '<' as const, '<=' as const, '>' as const, '>=' as const), expected: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom('3', 2.5)) }),
  fc.record({ actual: fc.record({ type: fc.constant('quantity' as const) }), operator: fc.constantFrom('in' as const, '!==' as const), expected: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 10 }) }),
  fc.record({ actual: fc.record({ type: fc.constant('propertyValue' as const), productPropertyId: arbId }), operator: fc.constantFrom('===' as const, '!==' as const, '<' as const, '<=' as const, '>' as const, '>=' as const), expected: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('3', 'abc', '', null, true, false)) }),
  fc.record({ actual: fc.record({ type: fc.constantFrom('propertyValue' as const, 'magic' as never), productPropertyId: arbId }), operator: fc.constantFrom('in' as const, '~' as never), expected: fc.array(fc.oneof(fc.integer({ min: -2, max: 2 }), fc.constantFrom('1', 'a')), { maxLength: 3 }) }),
);
const arbCond = fc.option(fc.record({ operator: fc.constantFrom('and' as const, 'or' as const, 'xor' as never), conditions: fc.array(arbCheck, { maxLength: 3 }) }), { nil: undefined, freq: 2 });
const { expr: arbExpr } = fc.letrec<{ expr: PricingExpression }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: fc.constant('fixed' as const), props: fc.record({ value: arbNumber }), operator: arbOp, condition: arbCond }, { requiredKeys: ['type', 'props', 'operator'] }),
    fc.record({ type: fc.constant('productPropertyPrice' as const), props: fc.record({ productPropertyId: arbId }), operator: arbOp, condition: arbCond }, { requiredKeys: ['type', 'props', 'operator'] }),
    fc.record(
      { type: fc.constant('productPropertyClassifierNumber' as const), props: fc.record({ productPropertyId: arbId, productOptionClassifierGroupId: fc.constantFrom(1, 2), productOptionClassifierNumberIndex: fc.nat(2) }, { requiredKeys: ['productOptionClassifierGroupId'] }), operator: arbOp, condition: arbCond },
      { requiredKeys: ['type', 'props', 'operator'] },
    ),
    fc.record({ type: fc.constant('propertyValue' as const), props: fc.record({ productPropertyId: arbId }), operator: arbOp, condition: arbCond }, { requiredKeys: ['type', 'props', 'operator'] }),
    fc.record({ type: fc.constant('group' as const), props: fc.record({ expressions: fc.array(tie('expr'), { maxLength: 4 }) }), operator: arbOp, condition: arbCond }, { requiredKeys: ['type', 'props', 'operator'] }),
    // Expressions that cannot be evaluated at all.
    fc.constantFrom({ type: 'magic', props: {}, operator: '+' }, { type: 'fixed', props: {}, operator: '*' }, { type: 'group', props: {}, operator: '/' }) as fc.Arbitrary<PricingExpression>,
  ),
}));
const arbSel = fc.record(
  {
    optionId: fc.option(fc.oneof(fc.constantFrom(...optionIds, 999, 31), fc.constantFrom('10', '', ' ', 'x', 2.5)), { nil: null }),
    value: fc.oneof(fc.constant(undefined), fc.constant(null), fc.double(), fc.string({ maxLength: 6 }), fc.integer(), fc.constantFrom('3', '1,200 mm', '')),
  },
  { requiredKeys: [] },
);
const arbProps: fc.Arbitrary<InstanceProperties> = fc.record({ '1': arbSel, '2': arbSel, '3': arbSel }, { requiredKeys: [] }) as never;

describe('properties', () => {
  it('the generated path, the explained path and the closures without code generation agree: prices, failures, failedSteps, log lines', () => {
    fc.assert(
      fc.property(fc.array(arbExpr, { maxLength: 8 }), arbProps, fc.integer({ min: 1, max: 20 }), fc.constantFrom(1, 2), (expressions, properties, quantity, productId) => {
        const catalogue = () => f.catalogue({ ...propCat.snapshot, productPricingRules: [f.rule(1, { '1': { created: '2025-01-01', expressions } })] });
        const cat = catalogue();
        const logs: string[][] = [[], [], []];
        const run = (explain: boolean, into: string[], c = cat) => {
          const r = priceInstance({ instance: { productId, quantity, properties }, catalogue: c, effectivePricingDate: '2025-06-01', log: (m) => into.push(m), explain });
          delete r.explanation;
          return r;
        };
        const fast = run(false, logs[0]!);
        const explained = run(true, logs[1]!);
        // A Content-Security-Policy without 'unsafe-eval': new Function throws, the closures run.
        vi.stubGlobal('Function', function refused() {
          throw new EvalError('code generation from strings disallowed');
        });
        let closures;
        try {
          closures = run(false, logs[2]!, catalogue());
        } finally {
          vi.unstubAllGlobals();
        }
        expect(fast).toEqual(explained);
        expect(closures).toEqual(explained);
        expect(Object.is(fast.unitPriceInCents, explained.unitPriceInCents)).toBe(true);
        expect(logs[0]).toEqual(logs[1]);
        expect(logs[2]).toEqual(logs[1]);
      }),
      { numRuns: 1000 },
    );
  });

  it("repriceOrder's fast path gives the explained path's items, key for key, and the same costs and log lines (random rules, products, quantities, ids)", () => {
    const arbItem = fc.record(
      {
        productId: fc.constantFrom(1, 2, 1, 2, -1, 99),
        quantity: fc.oneof(fc.integer({ min: -3, max: 50 }), fc.double(), fc.constantFrom('4', ' 7 ', 'x', null, 2.5, 1e300, 2 ** 31, Number.MAX_SAFE_INTEGER) as fc.Arbitrary<number>),
        properties: arbProps,
        customPriceInCents: fc.option(fc.oneof(fc.integer({ min: -500, max: 1e6 }), fc.double()), { nil: undefined }),
        id: fc.option(fc.nat(), { nil: undefined }),
      },
      { requiredKeys: ['productId', 'quantity', 'properties'] },
    );
    fc.assert(
      fc.property(fc.array(arbExpr, { maxLength: 8 }), fc.array(arbItem, { maxLength: 6 }), (expressions, items) => {
        const cat = f.catalogue({ ...propCat.snapshot, productPricingRules: [f.rule(1, { '1': { created: '2025-01-01', expressions } })] });
        const order = { ...base, effectivePricingDate: '2025-06-01' };
        const logs: string[][] = [[], []];
        const fast = repriceOrder({ order, instances: items as InstanceLike[], catalogue: cat, log: (m) => logs[0]!.push(m) });
        const explained = repriceOrder({ order, instances: items as InstanceLike[], catalogue: cat, log: (m) => logs[1]!.push(m), explain: true });
        for (const r of explained.instances) delete r.explanation;
        expect(fast).toStrictEqual(explained);
        // Same keys in the same order (the API serialises these objects), plain objects alike.
        expect(fast.instances.map((r) => Object.keys(r))).toEqual(explained.instances.map((r) => Object.keys(r)));
        for (const r of fast.instances) expect(Object.getPrototypeOf(r) === Object.prototype && r.constructor === Object).toBe(true);
        // Each item has a failedSteps list of its own (callers may keep or extend it).
        expect(new Set(fast.instances.map((r) => r.failedSteps)).size).toBe(fast.instances.length);
        expect(logs[0]).toEqual(logs[1]);
      }),
      { numRuns: 500 },
    );
  });

  it('a price is never NaN, negative or fractional (random rules and instances)', () => {
    fc.assert(
      fc.property(fc.array(arbExpr, { maxLength: 8 }), arbProps, fc.oneof(fc.integer({ min: -3, max: 50 }), fc.double()), fc.constantFrom(1, 2, -1), fc.boolean(), (expressions, properties, quantity, productId, explain) => {
        const cat = f.catalogue({ ...propCat.snapshot, productPricingRules: [f.rule(1, { '1': { created: '2025-01-01', expressions } })] });
        const r = priceInstance({ instance: { productId, quantity, properties, customPriceInCents: quantity * 1.5 }, catalogue: cat, effectivePricingDate: '2025-06-01', log: () => {}, explain });
        for (const v of [r.unitPriceInCents, r.totalPriceInCents]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(Number.isInteger(r.quantity) && r.quantity >= 1).toBe(true);
        expect(r.totalPriceInCents).toBe(r.unitPriceInCents * r.quantity);
        if (productId === 2 && r.source === 'rule') expect(r.unitPriceInCents % 100).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  const arbNum = fc.oneof(fc.constant(null), fc.double({ min: -50, max: 150, noNaN: true }), fc.integer({ min: 0, max: 100 }));
  const arbOrder = fc.record({
    isStocked: fc.constantFrom(0 as const, 1 as const),
    productCategoryId: fc.constantFrom(1, 5, null),
    discountMode: fc.constantFrom('amount' as const, 'rate' as const, null),
    discountPercentage: arbNum,
    discountFlatAmount: fc.oneof(fc.constant(null), fc.integer({ min: -1000, max: 10_000_000 }), fc.double({ noNaN: false })),
    shippingMode: fc.constantFrom('amount' as const, 'rate' as const, null),
    shippingPercentage: arbNum,
    shippingFlatAmount: fc.oneof(fc.constant(null), fc.integer({ min: -1000, max: 1_000_000 })),
    taxPercentage: arbNum,
    tariffPercentage: arbNum,
    disableSalesTax: fc.constantFrom(0 as const, 1 as const),
  });
  it('costs add up: subtotal − discount + shipping + tax + tariff = total; 0 ≤ deposit ≤ total; all whole cents', () => {
    fc.assert(
      fc.property(arbOrder, fc.array(fc.integer({ min: 0, max: 100_000_000 }), { maxLength: 30 }), fc.option(fc.double({ min: -10, max: 120, noNaN: true }), { nil: undefined }), (order, totals, depositPercentage) => {
        const c = computeOrderCosts({ order, itemTotalsInCents: totals, orgSettings: { depositPercentage }, hooks: cap850 });
        expect(c.orderSubTotal - c.discount + c.shipping + c.tax + c.tariff).toBe(c.orderTotal);
        for (const v of [c.orderSubTotal, c.discount, c.shipping, c.tax, c.tariff, c.orderTotal, c.depositAmount]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(c.discount).toBeLessThanOrEqual(c.orderSubTotal);
        expect(c.depositAmount).toBeLessThanOrEqual(c.orderTotal);
        expect(c.depositPercentage).toBeGreaterThanOrEqual(0);
        expect(c.depositPercentage).toBeLessThanOrEqual(100);
        if (order.isStocked === 1) expect(c.depositAmount).toBe(c.orderTotal);
        if (order.productCategoryId === 5) expect(c.discount).toBeLessThanOrEqual(Math.round(c.orderSubTotal * 0.2));
        if (!order.shippingMode) expect(c.shippingIsTbd).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
