/**
 * The editor's prices, validity and costs as the order page computes them: itemView per item, the
 * costs added up with orderCosts (and the owner's tax exemption), "Why this price" on demand.
 * Expected figures are worked out from the rule below, not read from the engine.
 */
import { describe, expect, it } from 'vitest';
import {
  CatalogueIndex,
  catalogueSnapshotFromRows,
  measureTextServer,
  type CatalogueRows,
  type EngineHooks,
  type OrderPricingFields,
  type Product,
} from '@cpq/domain';
import { makeOption, makePricingRule, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { explanationView, priceDiffers, UNLISTED_PRODUCT_TITLE } from '../pricing.ts';
import { explanationOf, itemView, orderCosts, ownerGuest, showsStoredPrices, type EditorEngine } from './itemViews.ts';
import { item } from './fixtures.test-utils.ts';

type PricingRule = ReturnType<typeof makePricingRule>;
import type { Instance } from './writes.ts';

const hooks: EngineHooks = { optionFilters: [], instanceValidators: [], costs: { maxDiscountPercentage: () => null } };

/** Base $100.00 + the finish's price; × 1.1 only for quantity ≥ 10 (skipped otherwise). */
const plates = makePricingRule({
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

function product(extra: Partial<Product> = {}): Product {
  return makeProduct({ id: 10, orgId: 1, rank: 1, title: 'Product 10', associations: productPropertiesOf([1, 2, 3, 4]), productPricingRuleId: 1, ...extra });
}

/** Brass $45.00, Nickel $1,234.56; width 10–100. */
function rows(over: { rules?: PricingRule[]; product?: Partial<Product> } = {}): CatalogueRows {
  return {
    products: [product(over.product)],
    productProperties: [
      makeProperty({ id: 1, orgId: 1, title: 'Finish', type: 'singleSelect' }),
      makeProperty({ id: 2, orgId: 1, title: 'Width', type: 'dimensions', data: { minDimension: 10, maxDimension: 100 } }),
      makeProperty({ id: 3, orgId: 1, title: 'Label', type: 'text' }),
      makeProperty({ id: 4, orgId: 1, title: 'Size', type: 'singleSelect' }),
    ],
    productOptions: [
      makeOption({ id: 11, orgId: 1, productPropertyId: 1, title: 'Brass', data: { priceInCents: 4500 } }),
      makeOption({ id: 12, orgId: 1, productPropertyId: 1, title: 'Nickel', data: { priceInCents: 123456 } }),
      makeOption({ id: 41, orgId: 1, productPropertyId: 4, title: 'Small', data: { priceInCents: 0 } }),
    ],
    productRules: [],
    productPricingRules: over.rules ?? [plates],
    productOptionClassifiers: [],
  } as unknown as CatalogueRows;
}

function engineOf(r: CatalogueRows = rows()): EditorEngine {
  return { catalogue: new CatalogueIndex(catalogueSnapshotFromRows(r)), hooks, measureText: measureTextServer, now: new Date('2024-06-01T00:00:00Z') };
}

const baseOrder: OrderPricingFields & { userId: number } = { isStocked: 0, productCategoryId: 1, effectivePricingDate: null, userId: 5 };

/** What the order page shows: one view per item and the costs added up from their totals. */
function page(items: Instance[], opts: { engine?: EditorEngine; order?: OrderPricingFields & { userId: number }; guests?: { userId: number; disableSalesTax: 0 | 1; discount?: unknown }[] } = {}) {
  const engine = opts.engine ?? engineOf();
  const order = opts.order ?? baseOrder;
  const views = items.map((i) => itemView(i, engine, order));
  const costs = orderCosts(
    views.map((v) => v.totalPriceInCents),
    order,
    engine.hooks,
    { depositPercentage: 50 },
    ownerGuest(opts.guests, order.userId),
  );
  return { views, costs };
}

// Brass: 100.00 + 45.00 = 145.00; Nickel × 2: (100.00 + 1,234.56) × 2 = 2,669.12; no finish: 100.00.
const stored = () => [
  item({ id: 1, rank: 1, productId: 10, title: '', quantity: 1, properties: { '1': { optionId: 11 } }, unitPriceInCents: 14500, totalPriceInCents: 14500, isValid: 1 }),
  item({ id: 2, rank: 2, productId: 10, title: 'Hall', quantity: 2, properties: { '1': { optionId: 12 } }, unitPriceInCents: 133456, totalPriceInCents: 266912, isValid: 1 }),
  item({ id: 3, rank: 3, productId: 10, title: 'Product 10', quantity: 1, properties: {}, unitPriceInCents: 10000, totalPriceInCents: 10000, isValid: 1 }),
];
const SUBTOTAL = 14500 + 266912 + 10000;

describe('the order page prices', () => {
  it('prices every item like the server and sums the costs', () => {
    const { views, costs } = page(stored());
    expect(views.map((v) => [v.id, v.title, v.productTitle, v.unitPriceInCents, v.totalPriceInCents, v.priceMismatch, v.valid, v.serverValid])).toEqual([
      [1, 'Product 10', null, 14500, 14500, false, true, true],
      [2, 'Hall', 'Product 10', 133456, 266912, false, true, true],
      [3, 'Product 10', null, 10000, 10000, false, true, true],
    ]);
    expect(costs.orderSubTotal).toBe(SUBTOTAL);
    expect(costs.shippingIsTbd).toBe(true);
    expect(costs.orderTotal).toBe(SUBTOTAL);
    expect(costs.depositAmount).toBe(SUBTOTAL / 2);
    expect(priceDiffers(costs.orderTotal, SUBTOTAL)).toBe(false);
  });

  it('applies the bulk step from quantity 10', () => {
    // (100.00 + 45.00) × 1.1 = 159.50 each, × 10.
    const [v] = page([item({ id: 1, productId: 10, quantity: 10, properties: { '1': { optionId: 11 } } })]).views;
    expect([v!.unitPriceInCents, v!.totalPriceInCents]).toEqual([15950, 159500]);
  });

  it('flags a disagreement with the stored prices', () => {
    const stale = stored().map((i) => (i.id === 2 ? { ...i, unitPriceInCents: 100 } : i));
    const { views, costs } = page(stale);
    expect(views.map((v) => [v.id, v.priceMismatch])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    // The item's browser price stays the rule's; the stored total of the order disagrees.
    expect(views[1]!.unitPriceInCents).toBe(133456);
    expect(priceDiffers(costs.orderTotal, 5)).toBe(true);
  });

  it('an order whose prices are kept (past its first step) shows the stored prices, with no mismatch; an edited item waits with its live price', () => {
    const statuses = [
      { key: 'started', type: 'orderStarted' as const, title: 'Started' },
      { key: 'sent', type: 'submittedForApproval' as const, title: 'Submitted' },
    ];
    expect(showsStoredPrices(statuses, { statusData: { started: { date: '2026-01-01' } } })).toBe(false);
    expect(showsStoredPrices(statuses, { statusData: { started: { date: '2026-01-01' }, sent: { date: '2026-01-02' } } })).toBe(true);
    // Without steps (none set up), an order is open.
    expect(showsStoredPrices(undefined, { statusData: { sent: { date: '2026-01-02' } } })).toBe(false);

    // Item 2 was stored at $1.00 before a price change: kept, it shows $1.00 × 2 and no mismatch.
    const kept = stored().map((i) => (i.id === 2 ? { ...i, unitPriceInCents: 100, totalPriceInCents: 200 } : i));
    const engine = engineOf();
    const views = kept.map((i) => itemView(i, engine, baseOrder, true));
    expect(views.map((v) => [v.id, v.unitPriceInCents, v.totalPriceInCents, v.priceMismatch])).toEqual([
      [1, 14500, 14500, false],
      [2, 100, 200, false],
      [3, 10000, 10000, false],
    ]);
    // The same items priced live (an open order) show the rule's price and the mismatch.
    expect(itemView(kept[1]!, engine, baseOrder).totalPriceInCents).toBe(266912);
    // An edit waiting for the server has no stored price: its live one is shown.
    const { unitPriceInCents: _u, totalPriceInCents: _t, ...edited } = kept[1]!;
    expect(itemView(edited as Instance, engine, baseOrder, true).totalPriceInCents).toBe(266912);
  });

  it("keeps the server's price and validity for an item whose product the viewer was not sent", () => {
    // Product 77 is not in the catalogue this viewer has; its stored price is 2 × $40.00, stored invalid.
    const hidden = item({ id: 9, rank: 4, productId: 77, title: '', quantity: 2, properties: { '1': { optionId: 11 } }, unitPriceInCents: 4000, totalPriceInCents: 8000, isValid: 0 });
    const { views, costs } = page([...stored(), hidden]);
    const v = views[3]!;
    expect([v.title, v.unitPriceInCents, v.totalPriceInCents, v.priceMismatch, v.valid, v.serverValid, v.summary]).toEqual([UNLISTED_PRODUCT_TITLE, 4000, 8000, false, false, false, []]);
    expect(costs.orderSubTotal).toBe(SUBTOTAL + 8000);
  });

  it('marks an item with an unknown option invalid, with the message, and shows ERROR for it', () => {
    const [v] = page([item({ id: 3, productId: 10, title: 'X', properties: { '1': { optionId: 999 } } })]).views;
    expect(v!.valid).toBe(false);
    expect(v!.issues.find((i) => i.propertyId === 1)?.message).toMatch(/\S/);
    expect([...v!.invalidPropertyIds]).toEqual([1]);
    expect(v!.summary.map((s) => [s.property, s.value, s.isError])).toEqual([['Finish', 'ERROR', true]]);
  });

  it('marks a dimension out of range invalid (and one in range valid)', () => {
    const out = page([item({ id: 3, productId: 10, title: 'X', properties: { '2': { value: 500 } } })]).views[0]!;
    expect(out.valid).toBe(false);
    expect([...out.invalidPropertyIds]).toEqual([2]);
    expect(page([item({ id: 4, productId: 10, title: 'X', properties: { '2': { value: 50 } } })]).views[0]!.valid).toBe(true);
  });

  it("applies the order owner's sales-tax exemption sent with the order data", () => {
    const order = { ...baseOrder, taxPercentage: 10 };
    // 10 % of $2,914.12 = $291.412 → $291.41.
    expect(page(stored(), { order }).costs.tax).toBe(29141);
    expect(page(stored(), { order, guests: [{ userId: 5, disableSalesTax: 1 }] }).costs.tax).toBe(0);
    // Another guest's exemption is not the owner's.
    expect(page(stored(), { order, guests: [{ userId: 6, disableSalesTax: 1 }] }).costs.tax).toBe(29141);
  });

  it("applies the order owner's guest discount, unless the order gives its own", () => {
    const order = { ...baseOrder, taxPercentage: 10 };
    const guests = [{ userId: 5, disableSalesTax: 0 as const, discount: { type: 'percent', value: 10 } }];
    // $2,914.12 − 10 % ($291.412 → $291.41) = $2,622.71; tax 10 % = $262.271 → $262.27.
    expect(page(stored(), { order, guests }).costs).toMatchObject({ discount: 29141, discountSource: 'guest', appliedDiscountPercentage: 10, tax: 26227, orderTotal: 262271 + 26227 });
    // The order's own $50.00 replaces it: $2,864.12, tax $286.412 → $286.41.
    expect(page(stored(), { order: { ...order, discountMode: 'amount', discountFlatAmount: 5000 }, guests }).costs).toMatchObject({ discount: 5000, discountSource: 'order', tax: 28641 });
    // Another person's guest discount is not the owner's.
    expect(page(stored(), { order, guests: [{ ...guests[0]!, userId: 6 }] }).costs).toMatchObject({ discount: 0, discountSource: null });
  });

  it('works on order data sent without prices (pricing hidden): no stored prices, no mismatch', () => {
    const engine = engineOf(rows({ rules: [] }));
    const bare = stored().map(({ unitPriceInCents: _u, totalPriceInCents: _t, ...i }) => i as Instance);
    const { views } = page(bare, { engine });
    expect(views.map((v) => [v.id, v.serverUnitPriceInCents, v.serverTotalPriceInCents, v.priceMismatch])).toEqual([
      [1, null, null, false],
      [2, null, null, false],
      [3, null, null, false],
    ]);
    expect(views[1]!.summary.map((s) => `${s.property}: ${s.value}`)).toEqual(['Finish: Nickel']);
  });

  it('has an empty cart with zero costs', () => {
    const { views, costs } = page([]);
    expect(views).toEqual([]);
    expect([costs.orderSubTotal, costs.tax, costs.orderTotal, costs.depositAmount]).toEqual([0, 0, 0, 0]);
  });

  it('reprices an item when its selections change (a kept result is not reused)', () => {
    const engine = engineOf();
    const a = item({ id: 1, productId: 10, properties: { '1': { optionId: 11 } } });
    expect(itemView(a, engine, baseOrder).unitPriceInCents).toBe(14500);
    const b = { ...a, properties: { '1': { optionId: 12 } } };
    expect(itemView(b, engine, baseOrder).unitPriceInCents).toBe(133456);
    expect(itemView({ ...b, quantity: 3 }, engine, baseOrder).totalPriceInCents).toBe(3 * 133456);
  });
});

describe('Why this price', () => {
  const e = explanationOf(item({ id: 1, productId: 10, title: 'A', properties: { '1': { optionId: 11 } } }), engineOf(), baseOrder)!;

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
  /** Base $100.00, then ÷ the width (property 2): a width not entered divides by zero; then + $5.00. */
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
  const engine = engineOf(rows({ rules: [perWidth], product: { productPricingRuleId: 7 } }));
  const view = (width: number | null) => itemView(item({ id: 1, productId: 10, properties: width === null ? {} : { '2': { value: width } } }), engine, baseOrder);

  it('names the rule, its version, the step and why, for an item whose price a step failed', () => {
    const v = view(null);
    // 10000 / 0 fails: the running total becomes 0, then + 500.
    expect(v.unitPriceInCents).toBe(500);
    expect(v.priceRuleFailures).toHaveLength(1);
    expect(v.priceRuleFailures[0]).toMatch(/^Rule 7 "Per width", version 1, step 2 "Per mm of width": division by zero.*; treated as 0\.$/);
  });

  it('has nothing to say when every step is evaluated', () => {
    const v = view(50);
    expect(v.unitPriceInCents).toBe(700); // 10000 / 50 + 500
    expect(v.priceRuleFailures).toEqual([]);
  });
});
