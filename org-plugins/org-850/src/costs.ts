/** Organisation 850 cost rules: percent discount capped at 20 in category 5; no tax lookup for CA or NY deliveries. */
import type { CostRules } from '@cpq/domain';

/** Back boxes (category 5): percent discount capped at 20. */
export const DISCOUNT_CAPPED_CATEGORY_ID = 5;
export const MAX_DISCOUNT_PERCENTAGE = 20;
/** Delivery states for which no tax rate is looked up (codes; full names accepted too). */
export const NO_TAX_LOOKUP_STATES: readonly string[] = ['CA', 'NY', 'CALIFORNIA', 'NEW YORK'];

export const maxDiscountPercentage: CostRules['maxDiscountPercentage'] = (order) =>
  order.productCategoryId === DISCOUNT_CAPPED_CATEGORY_ID ? MAX_DISCOUNT_PERCENTAGE : null;

export const taxLookupApplies: CostRules['taxLookupApplies'] = (order) => {
  const state = (order.deliveryAddress?.state ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  return !NO_TAX_LOOKUP_STATES.includes(state);
};

export const costs: CostRules = { maxDiscountPercentage, taxLookupApplies };
