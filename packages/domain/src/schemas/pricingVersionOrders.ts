import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';

/**
 * POST /api/configurator/get-pricing-version-orders (owners): the organisation's orders that a
 * pricing rule version prices — orders with an item of a product using the rule whose effective
 * pricing date (or now, when it has none) selects that version. The admin editor warns before
 * changing such a version and prices these orders with the draft in the browser.
 */
export const PricingVersionOrdersBody = Type.Object(
  {
    orgId: Id,
    productPricingRuleId: Id,
    /** A version key of the rule ("1", "2", …). */
    versionKey: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }),
  },
  { additionalProperties: false },
);
export type PricingVersionOrdersBody = Static<typeof PricingVersionOrdersBody>;

export const PricingVersionOrder = Type.Object({
  id: Id,
  orgSpecificId: Id,
  title: Type.String(),
  effectivePricingDate: Nullable(Type.String()),
  lastUpdated: Type.String(),
});
export type PricingVersionOrder = Static<typeof PricingVersionOrder>;

/** Newest lastUpdated first. */
export const PricingVersionOrdersResponse = Type.Object({ productOrders: Type.Array(PricingVersionOrder) });
export type PricingVersionOrdersResponse = Static<typeof PricingVersionOrdersResponse>;
