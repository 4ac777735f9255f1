import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';

export const OrderStatusType = Type.Union([
  Type.Literal('orderStarted'),
  Type.Literal('submittedForApproval'),
  Type.Literal('payment'),
  Type.Literal('static'),
  Type.Literal('inProduction'),
  Type.Literal('shipped'),
  Type.Literal('delivered'),
  Type.Literal('afterSaleService'),
]);
export type OrderStatusType = Static<typeof OrderStatusType>;

/** Organisation setting productOrderStatuses: the order status steps (key, type, titles, milestone, guest visibility). */
export const ProductOrderStatus = Type.Object({
  key: Type.String({ minLength: 1 }),
  type: OrderStatusType,
  title: Type.String(),
  description: Type.Optional(Type.String()),
  stockedOrderTitle: Type.Optional(Type.String()),
  stockedOrderDescription: Type.Optional(Type.String()),
  isMilestone: Type.Optional(Type.Boolean()),
  isVisibleToGuest: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  awaitingPaymentMethod: Type.Optional(Type.String()),
});
export type ProductOrderStatus = Static<typeof ProductOrderStatus>;

export const PaymentMethodKey = Type.Union([
  Type.Literal('stripe'),
  Type.Literal('wire'),
  Type.Literal('checkByMail'),
]);

export const PaymentMethod = Type.Object({
  key: PaymentMethodKey,
  title: Type.String(),
  rank: Type.Integer(),
  disabled: Type.Optional(Type.Boolean()),
  isHidden: Type.Optional(Type.Boolean()),
  isEmployeeOnly: Type.Optional(Type.Boolean()),
  isPreferred: Type.Optional(Type.Boolean()),
  props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type PaymentMethod = Static<typeof PaymentMethod>;

/** appData.designEngine of an organisation: data that differs per organisation. */
export const OrgDesignEngineSettings = Type.Object({
  accentColor: Type.Optional(Type.String()),
  logoUrl: Type.Optional(Type.String()),
  /** The browser tab's icon for this organisation (else its logo, else the portal's icon). */
  faviconUrl: Type.Optional(Type.String()),
  /** Days a quote stays valid after its date (docs/decisions/0095-brand-titles-and-quote-terms.md). */
  quoteValidityDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  /**
   * A customer accepts the quote online (typed name, terms ticked) before paying
   * (docs/decisions/0122-quote-revisions.md). Off by default.
   */
  acceptanceRequiredBeforePayment: Type.Optional(Type.Boolean()),
  /** The terms printed under a quote, one line each. */
  quoteTerms: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 160 }), { maxItems: 16 })),
  /** BCP 47 locale of every date the portal shows for this organisation, e.g. "en-GB" (default en-US: decision 0089). */
  locale: Type.Optional(Type.String({ maxLength: 35 })),
  /** IANA time zone stored timestamps are shown in, e.g. "Europe/London" (default: the reader's; documents UTC). */
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
  /** Short name used in sentences such as "pending review by {nickname}". */
  nickname: Type.Optional(Type.String()),
  productOrderStatuses: Type.Optional(Type.Array(ProductOrderStatus)),
  paymentMethods: Type.Optional(Type.Array(PaymentMethod)),
  manualPaymentMessage: Type.Optional(Type.String()),
  /** Address named in order-related alerts (e.g. 850's lead-time alert); plugins give a fallback. */
  ordersContactEmail: Type.Optional(Type.String({ maxLength: 254 })),
  isArchitectural: Type.Optional(Type.Boolean()),
  isEmployeeOnly: Type.Optional(Type.Boolean()),
  depositPercentage: Type.Optional(Type.Number()),
  defaultScale: Type.Optional(Type.Number()),
  enabledIntegrations: Type.Optional(Type.Array(Type.Object({ title: Type.String(), key: Type.String() }))),
  ui: Type.Optional(
    Type.Object({
      fontFamily: Type.Optional(Type.String()),
      fontSize: Type.Optional(Type.Number()),
    }),
  ),
});
export type OrgDesignEngineSettings = Static<typeof OrgDesignEngineSettings>;

export const Organisation = Type.Object({
  id: Id,
  title: Type.String(),
  appData: Type.Object({ designEngine: OrgDesignEngineSettings }),
});
export type Organisation = Static<typeof Organisation>;

/** An organisation as the session sees it: with the user's role there. */
export const OrgMembership = Type.Intersect([
  Organisation,
  Type.Object({
    role: Type.String(),
    prevRole: Type.Optional(Nullable(Type.String())),
    /** The organisation's access data hides prices from this user (an order can hide them too). */
    pricingIsHidden: Type.Optional(Type.Boolean()),
  }),
]);
export type OrgMembership = Static<typeof OrgMembership>;

/** The address of an organisation's public brand: its id as text. */
export const PublicBrandParams = Type.Object({ orgId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }, { additionalProperties: false });
export type PublicBrandParams = Static<typeof PublicBrandParams>;

/**
 * What anyone may know of an organisation without signing in, for a branded sign-in page: its name,
 * logo, tab icon and accent colour. Nothing else of its settings.
 */
export const PublicBrand = Type.Object(
  {
    id: Id,
    title: Type.String(),
    logoUrl: Nullable(Type.String()),
    faviconUrl: Nullable(Type.String()),
    accentColor: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type PublicBrand = Static<typeof PublicBrand>;

/** Default days a quote stays valid when the organisation names none. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
