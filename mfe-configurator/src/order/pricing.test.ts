import { describe, expect, it } from 'vitest';
import { CatalogueIndex, catalogueSnapshotFromRows, type CatalogueRows, type Costs, type InstanceLike } from '@cpq/domain';
import { makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { costLines, isPricingHidden, mismatchMessage, optionSummary, priceDiffers, priceRuleFailureText } from './pricing.ts';

const rows = {
  products: [makeProduct({ id: 10, orgId: 1, rank: 1, associations: productPropertiesOf([1, 2, 3, 4]) })],
  productProperties: [
    makeProperty({ id: 1, orgId: 1, title: 'Finish', type: 'singleSelect' }),
    makeProperty({ id: 2, orgId: 1, title: 'Width', type: 'dimensions', data: { minDimension: 10, maxDimension: 100 } }),
    makeProperty({ id: 3, orgId: 1, title: 'Label', type: 'text' }),
    makeProperty({ id: 4, orgId: 1, title: 'Size', type: 'singleSelect' }),
  ],
  productOptions: [makeOption({ id: 11, orgId: 1, productPropertyId: 1, title: 'Brass' }), makeOption({ id: 41, orgId: 1, productPropertyId: 4, title: 'Small' })],
  productRules: [],
  productPricingRules: [],
  productOptionClassifiers: [],
} as unknown as CatalogueRows;

/** The cart's "Property: value" text. */
const text = (instance: InstanceLike, catalogue: CatalogueIndex) =>
  optionSummary(instance, catalogue)
    .map((p) => `${p.property}: ${p.value}`)
    .join(', ');

describe('optionSummary', () => {
  const catalogue = new CatalogueIndex(catalogueSnapshotFromRows(rows));
  it('gives "Property: Option" pairs, and values for dimensions and text, in property order', () => {
    const instance = { productId: 10, quantity: 1, properties: { '3': { text: ['LIGHTS', 'FANS'] }, '1': { optionId: 11 }, '2': { value: 40 } } };
    expect(text(instance, catalogue)).toBe('Finish: Brass, Width: 40, Label: LIGHTS / FANS');
    expect(optionSummary(instance, catalogue).every((p) => !p.isError)).toBe(true);
  });
  it('shows ERROR when the chosen option is unknown or belongs to another property', () => {
    const parts = optionSummary({ productId: 10, quantity: 1, properties: { '1': { optionId: 999 }, '4': { optionId: 11 } } }, catalogue);
    expect(parts.map((p) => [p.property, p.value, p.isError])).toEqual([
      ['Finish', 'ERROR', true],
      ['Size', 'ERROR', true],
    ]);
  });
  it('leaves out properties without a choice and reads nested engraving text', () => {
    const instance = { productId: 10, quantity: 1, properties: { '1': { optionId: null }, '3': { text: { '0': { above: 'ON' }, '1': { above: 'OFF' } } as unknown as string[] } } };
    expect(text(instance, catalogue)).toBe('Label: ON / OFF');
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
  it('shows employees prices, as the server sends them to employees', () => {
    expect(isPricingHidden({ id: 1, role: 'member' }, order, 5)).toBe(false);
    expect(isPricingHidden({ id: 1, role: 'owner', pricingIsHidden: 1 }, order, 5)).toBe(false);
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
  it('names the guest discount with its percent; the order\'s own discount stays "Discount"', () => {
    const guest = costLines({ ...costs, discount: 10000, discountSource: 'guest', appliedDiscountPercentage: 10 });
    expect(guest.find((l) => l.key === 'discount')).toMatchObject({ label: 'Guest discount (10%)', text: '-$100.00' });
    const fractional = costLines({ ...costs, discount: 12500, discountSource: 'guest', appliedDiscountPercentage: 12.5 });
    expect(fractional.find((l) => l.key === 'discount')?.label).toBe('Guest discount (12.5%)');
    const own = costLines({ ...costs, discount: 15000, discountSource: 'order', appliedDiscountPercentage: 15 });
    expect(own.find((l) => l.key === 'discount')?.label).toBe('Discount');
  });
});

describe('failed pricing steps', () => {
  it('names a price out of range without a step', () => {
    expect(priceRuleFailureText({ ruleId: 7, versionKey: '1', productId: 10, expressionPath: '', description: null, reason: 'price out of range' }, { pricingRule: () => undefined })).toBe(
      'Rule 7, version 1: price out of range. The item is priced 0.',
    );
  });
  it('names the rule and the step otherwise', () => {
    const rule = { pricingRule: () => ({ title: 'Per width' }) } as never;
    expect(priceRuleFailureText({ ruleId: 7, versionKey: '2', productId: 10, expressionPath: '1.3', description: 'Tall', reason: 'division by zero' }, rule)).toBe(
      'Rule 7 "Per width", version 2, step 1.3 "Tall": division by zero; treated as 0.',
    );
  });
});
