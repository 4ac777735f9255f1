import { describe, expect, it } from 'vitest';
import {
  CatalogueIndex,
  catalogueSnapshotFromRows,
  measureTextServer,
  type Costs,
  type EngineHooks,
  type PriceExplanation,
  type Product,
  type ProductOption,
  type ProductProperty,
} from '@cpq/domain';
import {
  MISSING_OPTION_TEXT,
  UNLISTED_PRODUCT_TITLE,
  buildOrderView,
  costLines,
  explanationView,
  isPricingHidden,
  mismatchMessage,
  optionSummary,
  priceDiffers,
  priceRuleFailureText,
  summaryText,
  type InstanceRecord,
  type OrderDataLike,
} from './pricing.ts';
import { makeOption, makePricingRule, makeProduct, makeProperty, productPropertiesOf } from '@cpq/domain/testing';

function product(id: number, props: number[], extra: Partial<Product> = {}): Product {
  return makeProduct({ id, orgId: 1, rank: id, associations: productPropertiesOf(props), productPricingRuleId: 1, ...extra });
}

function property(id: number, title: string, type: ProductProperty['type'], data: Record<string, unknown> = {}): ProductProperty {
  return makeProperty({ id, orgId: 1, title, type, data, noOptionThumbnails: 0 });
}

function option(id: number, productPropertyId: number, title: string, priceInCents: number): ProductOption {
  return makeOption({ id, orgId: 1, productPropertyId, title, data: { priceInCents } });
}

const hooks: EngineHooks = {
  optionFilters: [],
  instanceValidators: [],
  costs: { maxDiscountPercentage: () => null },
};

/** Base 100.00 + the finish's price; a 10 % surcharge only for quantity ≥ 10 (skipped otherwise). */
const pricingRule = makePricingRule({
  id: 1,
  orgId: 1,
  title: 'Plates',
  versions: {
    '1': {
      created: '2020-01-01 00:00:00',
      expressions: [
        { type: 'fixed', props: { value: 10000 }, operator: '+', description: 'Base' },
        { type: 'productPropertyPrice', props: { productPropertyId: 1 }, operator: '+', description: 'Finish' },
        {
          type: 'fixed',
          props: { value: 1.1 },
          operator: '*',
          description: 'Bulk surcharge',
          condition: { operator: 'and', conditions: [{ actual: { type: 'quantity' }, operator: '>=', expected: 10 }] },
        },
      ],
    },
  },
});

/** An item of the order data; the order and organisation ids are filled in. */
type Item = Omit<InstanceRecord, 'orgId' | 'productOrderId'>;

function orderData(instances: Item[]): OrderDataLike {
  return {
    products: [product(10, [1, 2, 3, 4])],
    productProperties: [
      property(1, 'Finish', 'singleSelect'),
      property(2, 'Width', 'dimensions', { minDimension: 10, maxDimension: 100 }),
      property(3, 'Label', 'text'),
      property(4, 'Size', 'singleSelect'),
    ],
    productOptions: [option(11, 1, 'Brass', 4500), option(12, 1, 'Nickel', 123456), option(41, 4, 'Small', 0)],
    productRules: [],
    productPricingRules: [pricingRule],
    productOptionClassifiers: [{ id: 1, orgId: 1, title: 'Tiers', data: { numberTitles: ['Upcharge'] } }],
    productInstances: instances.map((i) => ({ orgId: 1, productOrderId: 1, ...i })),
  };
}

const baseOrder = { isStocked: 0 as const, productCategoryId: 1, effectivePricingDate: null, userId: 5 };

describe('optionSummary', () => {
  const catalogue = new CatalogueIndex(catalogueSnapshotFromRows(orderData([])));
  it('gives "Property: Option" pairs, and values for dimensions and text, in property order', () => {
    const parts = optionSummary(
      { productId: 10, quantity: 1, properties: { '3': { text: ['LIGHTS', 'FANS'] }, '1': { optionId: 11 }, '2': { value: 40 } } },
      catalogue,
    );
    expect(summaryText(parts)).toBe('Finish: Brass, Width: 40, Label: LIGHTS / FANS');
    expect(parts.every((p) => !p.isError)).toBe(true);
  });
  it('shows ERROR when the chosen option is unknown or belongs to another property', () => {
    const parts = optionSummary({ productId: 10, quantity: 1, properties: { '1': { optionId: 999 }, '4': { optionId: 11 } } }, catalogue);
    expect(parts.map((p) => [p.property, p.value, p.isError])).toEqual([
      ['Finish', MISSING_OPTION_TEXT, true],
      ['Size', MISSING_OPTION_TEXT, true],
    ]);
  });
  it('leaves out properties without a choice and reads nested engraving text', () => {
    const parts = optionSummary({ productId: 10, quantity: 1, properties: { '1': { optionId: null }, '3': { text: { '0': { above: 'ON' }, '1': { above: 'OFF' } } as unknown as string[] } } }, catalogue);
    expect(summaryText(parts)).toBe('Label: ON / OFF');
  });
});

describe('isPricingHidden', () => {
  const order = { involvedUsers: { '5': { role: 'sharee', pricingIsHidden: 1 }, '6': { role: 'owner', pricingIsHidden: 0 } } };
  it("follows the order's per-user data", () => {
    expect(isPricingHidden({ id: 1, role: 'guest' }, order, 5)).toBe(true);
    expect(isPricingHidden({ id: 1, role: 'guest' }, order, 6)).toBe(false);
    expect(isPricingHidden({ id: 1, role: 'guest' }, order, 7)).toBe(false);
    expect(isPricingHidden({ id: 1, role: 'guest' }, order, null)).toBe(false);
  });
  it("follows the user's organisation access data", () => {
    expect(isPricingHidden({ id: 1, role: 'guest', pricingIsHidden: 1 }, order, 6)).toBe(true);
    expect(isPricingHidden({ id: 1, role: 'guest', orgAccessEdgeData: { designEngine: { pricingIsHidden: 1 } } }, order, 6)).toBe(true);
    expect(isPricingHidden({ id: 1, role: 'guest', orgAccessEdgeData: { designEngine: { pricingIsHidden: 0 } } }, {}, 6)).toBe(false);
  });
});

describe('priceDiffers', () => {
  it('compares with the stored price only when there is one', () => {
    expect(priceDiffers(100, 100)).toBe(false);
    expect(priceDiffers(100, 101)).toBe(true);
    expect(priceDiffers(100, null)).toBe(false);
    expect(priceDiffers(100, undefined)).toBe(false);
    expect(mismatchMessage(123456)).toBe('Price differs from the saved price ($1,234.56); reload to refresh.');
  });
});

describe('costLines', () => {
  const costs: Costs = {
    orderSubTotal: 100000,
    discount: 0,
    shipping: 0,
    shippingIsTbd: true,
    tax: 8250,
    tariff: 0,
    orderTotal: 108250,
    depositAmount: 54125,
    depositPercentage: 50,
  };
  it('shows TBD shipping and leaves out a zero discount and tariff', () => {
    expect(costLines(costs).map((l) => [l.label, l.text])).toEqual([
      ['Subtotal', '$1,000.00'],
      ['Shipping', 'TBD'],
      ['Tax', '$82.50'],
      ['Total', '$1,082.50'],
      ['Deposit (50%)', '$541.25'],
    ]);
  });
  it('shows discount, shipping and tariff when there are any', () => {
    const lines = costLines({ ...costs, discount: 1000, shipping: 2500, shippingIsTbd: false, tariff: 300 });
    expect(lines.map((l) => [l.key, l.text])).toEqual([
      ['subtotal', '$1,000.00'],
      ['discount', '-$10.00'],
      ['shipping', '$25.00'],
      ['tax', '$82.50'],
      ['tariff', '$3.00'],
      ['total', '$1,082.50'],
      ['deposit', '$541.25'],
    ]);
  });
});

describe('buildOrderView', () => {
  const items: Item[] = [
    { id: 3, rank: 3, productId: 10, title: 'Product 10', quantity: 1, properties: {}, unitPriceInCents: 10000, totalPriceInCents: 10000, isValid: 1 },
    { id: 2, rank: 2, productId: 10, title: 'Hall', quantity: 2, properties: { '1': { optionId: 12 } }, unitPriceInCents: 133456, totalPriceInCents: 266912, isValid: 1 },
    { id: 1, rank: 1, productId: 10, title: '', quantity: 1, properties: { '1': { optionId: 11 } }, unitPriceInCents: 14500, totalPriceInCents: 14500, isValid: 1 },
  ];
  const input = (data: OrderDataLike, orderTotal = 291412) => ({
    data,
    order: { ...baseOrder, costs: { orderTotal } },
    hooks,
    orgSettings: { depositPercentage: 50 },
    now: new Date('2024-06-01T00:00:00Z'),
    measureText: measureTextServer,
    log: () => {},
  });

  it('prices every item in rank order, like the server, and sums the costs', () => {
    const view = buildOrderView(input(orderData(items)));
    expect(view.items.map((i) => [i.id, i.title, i.productTitle, i.unitPriceInCents, i.totalPriceInCents, i.priceMismatch])).toEqual([
      [1, 'Product 10', null, 14500, 14500, false],
      [2, 'Hall', 'Product 10', 133456, 266912, false],
      [3, 'Product 10', null, 10000, 10000, false],
    ]);
    expect(view.costs.orderSubTotal).toBe(291412);
    expect(view.costs.shippingIsTbd).toBe(true);
    expect(view.costs.depositAmount).toBe(145706);
    expect(view.totalMismatch).toBe(false);
    expect(view.items.every((i) => i.valid && i.serverValid === true)).toBe(true);
  });

  it('flags a disagreement with the stored prices', () => {
    const stale = items.map((i) => (i.id === 2 ? { ...i, unitPriceInCents: 100 } : i));
    const view = buildOrderView(input(orderData(stale), 5));
    expect(view.items.find((i) => i.id === 2)?.priceMismatch).toBe(true);
    expect(view.items.find((i) => i.id === 1)?.priceMismatch).toBe(false);
    expect(view.totalMismatch).toBe(true);
  });

  it("keeps the server's price and validity for an item whose product the viewer was not sent", () => {
    // Product 77 is not in the data (hidden from this viewer); its stored price is 2 × 4,000.
    const hiddenItem = { id: 9, rank: 4, productId: 77, title: '', quantity: 2, properties: { '1': { optionId: 11 } }, unitPriceInCents: 4000, totalPriceInCents: 8000, isValid: 1 as const };
    const view = buildOrderView(input(orderData([...items, hiddenItem]), 291412 + 8000));
    const row = view.items.find((i) => i.id === 9)!;
    expect([row.title, row.unitPriceInCents, row.totalPriceInCents, row.priceMismatch, row.valid, row.summary]).toEqual([UNLISTED_PRODUCT_TITLE, 4000, 8000, false, true, []]);
    expect(view.costs.orderSubTotal).toBe(291412 + 8000);
    expect(view.totalMismatch).toBe(false);
  });

  it('marks an item with an unknown option invalid, with the message', () => {
    const view = buildOrderView(input(orderData([{ id: 3, rank: 1, productId: 10, title: 'X', quantity: 1, properties: { '1': { optionId: 999 } } }])));
    const item = view.items[0]!;
    expect(item.valid).toBe(false);
    expect(item.issues[0]?.message).toBeTruthy();
    expect(item.summary[0]?.value).toBe(MISSING_OPTION_TEXT);
  });

  it('marks a dimension out of range invalid', () => {
    const view = buildOrderView(input(orderData([{ id: 3, rank: 1, productId: 10, title: 'X', quantity: 1, properties: { '2': { value: 500 } } }])));
    expect(view.items[0]!.valid).toBe(false);
  });

  it("applies the order owner's sales-tax exemption sent with the order data", () => {
    const taxed = { ...input(orderData(items)), order: { ...baseOrder, taxPercentage: 10 } };
    expect(buildOrderView(taxed).costs.tax).toBe(29141);
    const exempt = { ...taxed, data: { ...orderData(items), guests: [{ userId: 5, disableSalesTax: 1 as const }] } };
    expect(buildOrderView(exempt).costs.tax).toBe(0);
  });

  it('works on order data sent without prices (pricing hidden): no rules, no stored prices, no mismatch', () => {
    const { productPricingRules: _rules, ...data } = orderData(items.map(({ unitPriceInCents: _u, totalPriceInCents: _t, ...i }) => i));
    const view = buildOrderView({ ...input(data), order: baseOrder, explain: false });
    expect(view.items.map((i) => [i.id, i.serverUnitPriceInCents, i.priceMismatch, i.explanation])).toEqual([
      [1, null, false, null],
      [2, null, false, null],
      [3, null, false, null],
    ]);
    expect(summaryText(view.items[1]!.summary)).toBe('Finish: Nickel');
    expect(view.totalMismatch).toBe(false);
  });

  it('has an empty cart with zero costs', () => {
    const view = buildOrderView(input(orderData([]), 0));
    expect(view.items).toEqual([]);
    expect(view.costs.orderTotal).toBe(0);
  });
});

describe('explanationView', () => {
  const view = buildOrderView({
    data: orderData([{ id: 1, rank: 1, productId: 10, title: 'A', quantity: 1, properties: { '1': { optionId: 11 } } }]),
    order: baseOrder,
    hooks,
    now: new Date('2024-06-01T00:00:00Z'),
    measureText: measureTextServer,
  });
  const e = view.items[0]!.explanation as PriceExplanation;

  it('puts the applied and skipped expressions in a table with contributions and running totals', () => {
    const x = explanationView(e);
    expect(x.rows.map((r) => [r.path, r.label, r.status, r.contribution, r.runningTotal])).toEqual([
      ['1', 'Base', 'applied', '+$100.00', '$100.00'],
      ['2', 'Finish', 'applied', '+$45.00', '$145.00'],
      ['3', 'Bulk surcharge', 'skipped', '', '$145.00'],
    ]);
    expect(x.rows[2]!.detail).toMatch(/^skipped: /);
    expect(x.rows[1]!.operator).toBe('+');
  });

  it('keeps the rule, the version used and why before the table, and the result after', () => {
    const x = explanationView(e);
    expect(x.intro.join('\n')).toMatch(/priced by rule 1 "Plates"/);
    expect(x.intro.join('\n')).toMatch(/Version 1 .*newest version/);
    expect(x.outro[0]).toMatch(/^Result before rounding: 14500 cents/);
    expect(x.outro.at(-1)).toBe('Unit price $145.00 × quantity 1 = $145.00.');
  });
});

describe('failed pricing steps', () => {
  /** Base 100.00, then ÷ the width (property 2): a width not entered divides by zero. */
  const perWidth = makePricingRule({
    id: 7,
    orgId: 1,
    title: 'Per width',
    versions: {
      '1': {
        created: '2020-01-01 00:00:00',
        expressions: [
          { type: 'fixed', props: { value: 10000 }, operator: '+', description: 'Base' },
          { type: 'propertyValue', props: { productPropertyId: 2 }, operator: '/', description: 'Per mm of width' },
          { type: 'fixed', props: { value: 500 }, operator: '+', description: 'Handling' },
        ],
      },
    },
  });
  const data = (width: number | null): OrderDataLike => {
    const d = orderData([{ id: 1, rank: 1, productId: 10, quantity: 1, properties: width === null ? {} : { '2': { value: width } } }]);
    return { ...d, products: [product(10, [1, 2, 3, 4], { productPricingRuleId: 7 })], productPricingRules: [perWidth] };
  };
  const view = (width: number | null) => buildOrderView({ data: data(width), order: baseOrder, hooks, now: new Date('2026-01-01'), measureText: measureTextServer, log: () => {} });

  it('names the rule, its version, the step and why, for each item whose price a step failed', () => {
    const item = view(null).items[0]!;
    // 10000 / 0 fails: the running total becomes 0, then + 500.
    expect(item.unitPriceInCents).toBe(500);
    expect(item.priceRuleFailures).toHaveLength(1);
    expect(item.priceRuleFailures[0]).toMatch(/^Rule 7 "Per width", version 1, step 2 "Per mm of width": division by zero.*; treated as 0\.$/);
  });

  it('has nothing to say when every step is evaluated', () => {
    const item = view(50).items[0]!;
    expect(item.unitPriceInCents).toBe(700); // 10000 / 50 + 500
    expect(item.priceRuleFailures).toEqual([]);
  });

  it('names a price out of range without a step', () => {
    expect(priceRuleFailureText({ ruleId: 7, versionKey: '1', productId: 10, expressionPath: '', description: null, reason: 'price out of range' }, { pricingRule: () => undefined })).toBe(
      'Rule 7, version 1: price out of range. The item is priced 0.',
    );
  });
});
