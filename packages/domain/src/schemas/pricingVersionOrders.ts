import { Type, type Static } from '@sinclair/typebox';
import { PricingRuleVersionSchema } from './pricing.ts';
import { PricingVersionKey } from './catalogueWrites.ts';
import { Cents, Id, Nullable } from './common.ts';
import { ProductPricingRuleSchema } from './entities.ts';

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

/**
 * POST /api/configurator/get-pricing-version-impact (owners): what a version text would do to the
 * organisation's orders if it were the published version under `versionKey` — a draft being
 * published, or a change to a published version being saved. Without `draft` the stored version is
 * tried. The server prices every order it would affect (their effective pricing dates, or now, still
 * choose) with the engine: item totals, before discount, shipping and taxes.
 */
export const PricingVersionImpactBody = Type.Object(
  {
    orgId: Id,
    productPricingRuleId: Id,
    versionKey: PricingVersionKey,
    draft: Type.Optional(PricingRuleVersionSchema),
  },
  { additionalProperties: false },
);
export type PricingVersionImpactBody = Static<typeof PricingVersionImpactBody>;

/** One order's change: its items' total before and after, and the difference. */
export const PricingVersionImpactChange = Type.Object({
  orderId: Id,
  orgSpecificId: Id,
  title: Type.String(),
  beforeInCents: Cents,
  afterInCents: Cents,
  changeInCents: Cents,
});
export type PricingVersionImpactChange = Static<typeof PricingVersionImpactChange>;

/** How many biggest changes the impact lists. */
export const PRICING_IMPACT_LIST_SIZE = 10;

export const PricingVersionImpact = Type.Object({
  versionKey: Type.String(),
  /** Orders the version would price (archived ones left out), or prices now when it is published. */
  orders: Type.Integer({ minimum: 0 }),
  /** Of those, orders whose items' total changes. */
  changedOrders: Type.Integer({ minimum: 0 }),
  /** The sum of the changes. */
  totalChangeInCents: Cents,
  /** The largest changes by size, at most PRICING_IMPACT_LIST_SIZE, largest first (ties: lower order id first). */
  biggestChanges: Type.Array(PricingVersionImpactChange),
  /** Items of those orders whose price with the version had an expression that failed (counted as 0). */
  failedItems: Type.Integer({ minimum: 0 }),
});
export type PricingVersionImpact = Static<typeof PricingVersionImpact>;

export const PricingVersionImpactResponse = Type.Object({ impact: PricingVersionImpact });
export type PricingVersionImpactResponse = Static<typeof PricingVersionImpactResponse>;

/**
 * POST /api/configurator/publish-pricing-version (owners): publishes a draft version as stored.
 * Refused (409, nothing written) when it does not match the version schema, has no expressions, or
 * would price every item of a product at $0; the version then records who published it and when.
 */
export const PublishPricingVersionBody = Type.Object(
  {
    orgId: Id,
    productPricingRuleId: Id,
    versionKey: PricingVersionKey,
  },
  { additionalProperties: false },
);
export type PublishPricingVersionBody = Static<typeof PublishPricingVersionBody>;

export const PublishPricingVersionResponse = Type.Object({ productPricingRule: ProductPricingRuleSchema });
export type PublishPricingVersionResponse = Static<typeof PublishPricingVersionResponse>;
