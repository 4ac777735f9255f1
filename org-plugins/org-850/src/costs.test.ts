import { describe, expect, it } from 'vitest';
import { maxDiscountPercentage, taxLookupApplies } from './costs.ts';

describe('850 cost rules', () => {
  it('caps the percent discount at 20 for category 5 only', () => {
    expect(maxDiscountPercentage({ productCategoryId: 5, isStocked: 1 })).toBe(20);
    expect(maxDiscountPercentage({ productCategoryId: 1, isStocked: 0 })).toBeNull();
    expect(maxDiscountPercentage({ productCategoryId: null, isStocked: 0 })).toBeNull();
  });
  it.each([
    ['CA', false],
    ['NY', false],
    [' ny ', false],
    ['California', false],
    ['new  york', false],
    ['IL', true],
    ['', true],
    [null, true],
  ])('delivery state %j → tax lookup %s', (state, expected) => {
    expect(taxLookupApplies({ productCategoryId: 1, isStocked: 0, deliveryAddress: { state } })).toBe(expected);
  });
  it('no delivery address → lookup applies', () => expect(taxLookupApplies({ productCategoryId: 1, isStocked: 0, deliveryAddress: null })).toBe(true));
});
