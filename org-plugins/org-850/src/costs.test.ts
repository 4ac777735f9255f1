import { describe, expect, it } from 'vitest';
import { maxDiscountPercentage } from './costs.ts';

describe('850 cost rules', () => {
  it('caps the percent discount at 20 for category 5 only', () => {
    expect(maxDiscountPercentage({ productCategoryId: 5, isStocked: 1 })).toBe(20);
    expect(maxDiscountPercentage({ productCategoryId: 1, isStocked: 0 })).toBeNull();
    expect(maxDiscountPercentage({ productCategoryId: null, isStocked: 0 })).toBeNull();
  });
});
