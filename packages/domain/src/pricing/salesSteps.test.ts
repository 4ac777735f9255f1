/**
 * "Why this price" in sales language. Expected lines are written from the pricing rules and the
 * worked example of docs/pricing.md (base 19900, finish 4500, matched upcharge 4500, area 120 × 80 /
 * 100 × 15 = 1440, × 0.95 for 10 or more: unit 28823, × 12 = 345876), not read off the code.
 */
import { describe, expect, it } from 'vitest';
import { makeInstance, makeOption, makeProperty } from '@cpq/test-utils';
import type { InstanceProperties, PricingExpression } from '../engine/types.ts';
import { priceInstance, salesExplanation, type PriceExplanation } from '../index.ts';
import * as f from './fixtures.test-utils.ts';

const FINISH = 7;
const W = 141;
const H = 142;

const exprs: PricingExpression[] = [
  f.fixed(19900, '+', { description: 'Keypad base' }),
  f.price(FINISH, '+', { description: 'Mechanism finish' }),
  f.classNum(FINISH, 1, 0, '+', { description: 'Matched finish upcharge', condition: { operator: 'or', conditions: [{ actual: { type: 'optionId', productPropertyId: FINISH }, operator: 'in', expected: [24, 25] }] } }),
  f.group([f.value(W), f.value(H, '*'), f.fixed(100, '/'), f.fixed(15, '*')], '+', { description: 'Panel area × 15 per cm²' }),
  f.group([f.fixed(95), f.fixed(100, '/')], '*', { description: 'Volume discount for 10 or more', condition: { operator: 'and', conditions: [{ actual: { type: 'quantity' }, operator: '>=', expected: 10 }] } }),
];

const catalogue = (expressions: PricingExpression[], product: { shouldRoundPrice?: 0 | 1 } = {}) =>
  f.catalogue({
    products: [f.product(1, 1, product)],
    productProperties: [makeProperty({ id: FINISH, orgId: 1, title: 'Mechanism Finish' }), f.property(W, 'dimensions'), f.property(H, 'dimensions')],
    productOptions: [
      makeOption({ id: 22, orgId: 1, productPropertyId: FINISH, title: 'Satin Brass', data: { priceInCents: 0 }, classifications: { '1': [0, 6] } }),
      makeOption({ id: 24, orgId: 1, productPropertyId: FINISH, title: 'Matched Antique Bronze', data: { priceInCents: 4500 }, classifications: { '1': [4500, 24] } }),
    ],
    productOptionClassifiers: [f.classifier(1, 'Finish tiers', ['Upcharge', 'Lead weeks'])],
    productPricingRules: [f.rule(1, { '2': { created: '2025-06-01 00:00:00', expressions } })],
  });

function explain(properties: InstanceProperties, quantity: number, cat = catalogue(exprs)): PriceExplanation {
  return priceInstance({ instance: makeInstance({ productId: 1, quantity, properties }), catalogue: cat, effectivePricingDate: '2025-06-01', explain: true, log: () => {} }).explanation!;
}

const lines = (x: { steps: Array<{ label: string; amount: string }> }) => x.steps.map((s) => `${s.label} | ${s.amount}`);
const size = { [W]: { value: 120 }, [H]: { value: 80 } };

describe('why this price, in sales language', () => {
  it('reads the worked example as base price, option, upcharges, a volume discount, then unit price × quantity', () => {
    const e = explain({ [FINISH]: { optionId: 24 }, ...size }, 12);
    const x = salesExplanation(e, 'employee');
    expect(lines(x)).toEqual([
      'Base price: Keypad base | $199.00',
      'Mechanism finish: Matched Antique Bronze | +$45.00',
      'Matched finish upcharge (Matched Antique Bronze) | +$45.00',
      'Panel area × 15 per cm² | +$14.40',
      'Volume discount for 10 or more | −$15.17 (5% off)',
    ]);
    expect(x.result).toBe('Unit price $288.23 × quantity 12 = $3,458.76.');
    expect(x.steps.map((s) => s.kind)).toEqual(['base', 'option', 'upcharge', 'upcharge', 'discount']);
  });

  it('says an option that adds nothing is included, and leaves out a step whose condition does not hold', () => {
    // Finish 22 costs 0 and is not matched: (19900 + 0 + 1440) × 0.95 = 20273.
    const e = explain({ [FINISH]: { optionId: 22 }, ...size }, 12);
    const x = salesExplanation(e, 'customer');
    expect(lines(x)).toEqual([
      'Base price: Keypad base | $199.00',
      'Mechanism finish: Satin Brass | Included',
      'Panel area × 15 per cm² | +$14.40',
      'Volume discount for 10 or more | −$10.67 (5% off)',
    ]);
    expect(x.result).toBe('Unit price $202.73 × quantity 12 = $2,432.76.');
  });

  it('shows the rounding up to the whole dollar when the product asks for it', () => {
    const e = explain({ [FINISH]: { optionId: 24 }, ...size }, 12, catalogue(exprs, { shouldRoundPrice: 1 }));
    const x = salesExplanation(e, 'customer');
    expect(lines(x).at(-1)).toBe('Rounded up to the whole dollar | $289.00');
    expect(x.result).toBe('Unit price $289.00 × quantity 12 = $3,468.00.');
  });

  it('shows the rounding to the cent of a fractional price', () => {
    // 19900 + 1 × 1 / 3 = 19900.333… → 19900 (half away from zero).
    const e = explain({ [W]: { value: 1 }, [H]: { value: 1 } }, 1, catalogue([f.fixed(19900, '+', { description: 'Keypad base' }), f.group([f.value(W), f.value(H, '*'), f.fixed(3, '/')], '+', { description: 'Area' })]));
    const x = salesExplanation(e, 'customer');
    expect(lines(x)).toEqual(['Base price: Keypad base | $199.00', 'Area | +$0.00', 'Rounded to the nearest cent | $199.00']);
    expect(x.result).toBe('Unit price $199.00 × quantity 1 = $199.00.');
  });

  it('tells employees which step could not be priced, and customers nothing about it', () => {
    // Option 999 was deleted: price(7) fails and counts as 0, so + adds nothing.
    const e = explain({ [FINISH]: { optionId: 999 } }, 1, catalogue([f.fixed(10000, '+', { description: 'Panel' }), f.price(FINISH, '+', { description: 'Finish' }), f.fixed(500, '+', { description: 'Packing' })]));
    expect(lines(salesExplanation(e, 'employee'))).toEqual(['Base price: Panel | $100.00', 'Finish could not be priced | Counted as $0.00', 'Packing | +$5.00']);
    expect(lines(salesExplanation(e, 'customer'))).toEqual(['Base price: Panel | $100.00', 'Packing | +$5.00']);
  });

  it('reads a negative amount as a reduction and a factor above 1 as a surcharge', () => {
    const e = explain({}, 1, catalogue([f.fixed(10000, '+', { description: 'Box of planks' }), f.fixed(-500, '+', { description: 'Pallet price' }), f.fixed(1.1, '*', { description: 'Rush order' })]));
    // 10000 − 500 = 9500; × 1.1 = 10450.
    expect(lines(salesExplanation(e, 'customer'))).toEqual(['Base price: Box of planks | $100.00', 'Pallet price | −$5.00', 'Rush order | +$9.50 (10% more)']);
  });

  it('names a custom price and a product without a price', () => {
    const custom = priceInstance({ instance: makeInstance({ productId: -1, quantity: 2, properties: {}, customPriceInCents: 4370 }), catalogue: catalogue(exprs), effectivePricingDate: '2025-06-01', explain: true }).explanation!;
    const x = salesExplanation(custom, 'customer');
    expect(lines(x)).toEqual(['Custom price for this item | $43.70']);
    expect(x.result).toBe('Unit price $43.70 × quantity 2 = $87.40.');
    const none = priceInstance({ instance: makeInstance({ productId: 1, quantity: 1, properties: {} }), catalogue: f.catalogue({ products: [f.product(1, null)] }), effectivePricingDate: '2025-06-01', explain: true }).explanation!;
    expect(lines(salesExplanation(none, 'employee'))).toEqual(['No price is set up for this product yet | $0.00']);
  });
});
