import type { Costs } from './schemas/productOrder.ts';

/** The title of an order nobody has named yet. */
export const UNTITLED_ORDER_TITLE = 'Untitled Order';

/** Longest order title: "Copy of …" is cut to it. */
export const ORDER_TITLE_MAX_LENGTH = 255;

/** A new order starts with zero costs and shipping to be determined (shippingIsTbd true). */
export function newOrderCosts(depositPercentage = 0): Costs {
  return {
    orderSubTotal: 0,
    discount: 0,
    discountSource: null,
    appliedDiscountPercentage: null,
    shipping: 0,
    shippingIsTbd: true,
    tax: 0,
    tariff: 0,
    orderTotal: 0,
    depositAmount: 0,
    depositPercentage,
  };
}
