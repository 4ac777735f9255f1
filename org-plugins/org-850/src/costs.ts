/** Organisation 850 cost rules: percent discount capped at 20 in category 5. */
import type { CostRules } from '@cpq/domain';

/** Back boxes (category 5): percent discount capped at 20. */
export const DISCOUNT_CAPPED_CATEGORY_ID = 5;
export const MAX_DISCOUNT_PERCENTAGE = 20;

export const maxDiscountPercentage: CostRules['maxDiscountPercentage'] = (order) =>
  order.productCategoryId === DISCOUNT_CAPPED_CATEGORY_ID ? MAX_DISCOUNT_PERCENTAGE : null;

export const costs: CostRules = { maxDiscountPercentage };
