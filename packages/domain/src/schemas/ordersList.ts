import { Type, type Static } from '@sinclair/typebox';
import { Flag, Id, Nullable, RefId } from './common.ts';
import { Costs, ProductOrderType } from './productOrder.ts';

/**
 * The orders list: its request bodies, rows and settings. One contract for the API
 * (api/src/routes/ordersList.ts) and the orders page (mfe-orders).
 */

/** Items/Page choices; 100 by default. */
export const ORDERS_PAGE_SIZES = [50, 100, 150, 200, 250] as const;
export type OrdersPageSize = (typeof ORDERS_PAGE_SIZES)[number];
export const DEFAULT_ORDERS_PAGE_SIZE: OrdersPageSize = 100;
/** A CSV export holds at most this many orders (newest first). */
export const ORDERS_CSV_MAX_ROWS = 20_000;
/** Search terms longer than this are refused. */
export const ORDERS_SEARCH_MAX_LENGTH = 200;

export const OrderOwnerFilter = Type.Union([Type.Literal('all'), Type.Literal('mine')]);
export type OrderOwnerFilter = Static<typeof OrderOwnerFilter>;
/** Type filter: Active (not archived), Archived, All. */
export const ArchivedFilter = Type.Union([Type.Literal('active'), Type.Literal('archived'), Type.Literal('all')]);
export type ArchivedFilter = Static<typeof ArchivedFilter>;
export const DetailLevel = Type.Union([Type.Literal('basic'), Type.Literal('advanced')]);
export type DetailLevel = Static<typeof DetailLevel>;
/**
 * Quote filter: All, Accepted (the customer accepted the current quote: acceptedRevision =
 * quoteRevision), Not accepted (everything else: never accepted, or changed since).
 */
export const QuoteAcceptanceFilter = Type.Union([Type.Literal('all'), Type.Literal('accepted'), Type.Literal('notAccepted')], { title: 'Quote' });
export type QuoteAcceptanceFilter = Static<typeof QuoteAcceptanceFilter>;

/** The list's filters; a missing one does not filter (owner all, type active, status all, category all, quote all). */
export const OrdersFilters = Type.Object(
  {
    orderOwner: Type.Optional(OrderOwnerFilter),
    archived: Type.Optional(ArchivedFilter),
    /** 'all' or a category id of the organisation. */
    productCategoryId: Type.Optional(Type.Union([Type.Literal('all'), RefId])),
    /** 'all' or a status key of the organisation (matched against lastCompletedStatusKey). */
    statusKey: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** Only orders whose payment is being processed. */
    isProcessingPayment: Type.Optional(Type.Boolean()),
    /** Whether the customer accepted the current quote. */
    quoteAcceptance: Type.Optional(QuoteAcceptanceFilter),
  },
  { additionalProperties: false },
);
export type OrdersFilters = Static<typeof OrdersFilters>;

/** Rows from (inclusive) to (exclusive), newest lastUpdated first; at most 250 rows a page. */
export const ResultConstraints = Type.Object(
  { from: Type.Integer({ minimum: 0, maximum: 10_000_000 }), to: Type.Integer({ minimum: 1, maximum: 10_000_250 }) },
  { additionalProperties: false },
);
export type ResultConstraints = Static<typeof ResultConstraints>;

/** POST /api/configurator/get-configurator-orders-data (a page of rows, or with formatForCsvExport the CSV of every matching order). */
export const OrdersDataBody = Type.Object(
  {
    orgId: Id,
    userId: Type.Optional(Id),
    /** Adds the advanced columns' data (employees only). */
    includeAdvancedOrderData: Type.Optional(Type.Boolean()),
    /** The caller is an employee in guest mode: the list is built as for a guest (own orders only, guest columns). */
    isGuestMode: Type.Optional(Type.Boolean()),
    resultConstraints: Type.Optional(ResultConstraints),
    searchTerm: Type.Optional(Type.String({ maxLength: ORDERS_SEARCH_MAX_LENGTH })),
    filters: Type.Optional(OrdersFilters),
    formatForCsvExport: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OrdersDataBody = Static<typeof OrdersDataBody>;

/** One row of the list: the order's list fields. Price fields are absent when pricing is hidden from the caller. */
export const OrdersListRow = Type.Object({
  id: Id,
  orgSpecificId: Id,
  orgId: Id,
  userId: Id,
  title: Type.String(),
  type: ProductOrderType,
  productId: Nullable(Type.Integer()),
  productCategoryId: Nullable(RefId),
  archived: Flag,
  isStocked: Flag,
  isProcessingPayment: Flag,
  statusData: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  lastCompletedStatusKey: Nullable(Type.String()),
  projectName: Nullable(Type.String()),
  firmName: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  purchaseOrderNumber: Nullable(Type.String()),
  externalLink1: Nullable(Type.String()),
  estimatedShippingDate: Type.Optional(Nullable(Type.String())),
  trackingNumber: Type.Optional(Nullable(Type.String())),
  created: Type.String(),
  lastUpdated: Type.String(),
  productTitle: Nullable(Type.String()),
  productCategoryTitle: Nullable(Type.String()),
  ownerFirstName: Nullable(Type.String()),
  ownerLastName: Nullable(Type.String()),
  productInstancesCount: Type.Integer({ minimum: 0 }),
  // Prices (absent when hidden).
  costs: Type.Optional(Costs),
  amountPaidInCents: Type.Optional(Type.Integer()),
  commandData: Type.Optional(Nullable(Type.Object({ number: Type.Optional(Nullable(Type.String())), date: Type.Optional(Nullable(Type.String())), totalInCents: Type.Optional(Nullable(Type.Integer())) }))),
  // Advanced data (includeAdvancedOrderData, employees): the distinct option titles the order's items use per advanced column key.
  advanced: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** Employees: an item of the order had a price rule fail when it was last priced. */
  pricingFailed: Type.Optional(Type.Boolean()),
  /** The latest revision's number (0: never submitted). */
  quoteRevision: Type.Integer({ minimum: 0 }),
  /** The revision the customer accepted, or null. */
  acceptedRevision: Nullable(Type.Integer({ minimum: 1 })),
  /** The customer accepted the current quote (acceptedRevision = quoteRevision): the list's Accepted badge and Quote filter. */
  quoteAccepted: Type.Boolean(),
});
export type OrdersListRow = Static<typeof OrdersListRow>;

const TitleRow = Type.Object({ id: Type.Integer(), title: Type.String() });

/** data of get-configurator-orders-data (a page). */
export const OrdersDataResponse = Type.Object({
  productOrders: Type.Array(OrdersListRow),
  /** Products the page's orders name. */
  products: Type.Array(TitleRow),
  /** The organisation's active categories (the category filter). */
  productCategories: Type.Array(TitleRow),
  /** Options the page's advanced data names. */
  productOptions: Type.Array(TitleRow),
  pricingIsHidden: Type.Boolean(),
});
export type OrdersDataResponse = Static<typeof OrdersDataResponse>;

/** data of get-configurator-orders-data with formatForCsvExport. */
export const OrdersCsvResponse = Type.Object({ productOrdersCsvData: Type.String(), rowCount: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() });
export type OrdersCsvResponse = Static<typeof OrdersCsvResponse>;

/** POST /api/configurator/get-configurator-orders-count: active orders per last completed status (employees). */
export const OrdersCountBody = Type.Object(
  { orgId: Id, userId: Type.Optional(Id), statusKeys: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 }) },
  { additionalProperties: false },
);
export type OrdersCountBody = Static<typeof OrdersCountBody>;
export const OrdersCountResponse = Type.Object({
  productOrderCountsByStatusKey: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  processingPaymentCount: Type.Integer({ minimum: 0 }),
});
export type OrdersCountResponse = Static<typeof OrdersCountResponse>;

/** POST /api/configurator/update-product-order-costs: every order of the organisation repriced by the engine (platform admins). */
export const UpdateOrderCostsBody = Type.Object({ orgId: Id }, { additionalProperties: false });
export type UpdateOrderCostsBody = Static<typeof UpdateOrderCostsBody>;
export const UpdateOrderCostsResponse = Type.Object({ updatedCount: Type.Integer({ minimum: 0 }) });
export type UpdateOrderCostsResponse = Static<typeof UpdateOrderCostsResponse>;

/** A user's saved orders-page settings (users.app_data.designEngine.ordersPageSettings). */
export const OrdersPageSettings = Type.Object(
  {
    orderOwnerFilterValue: Type.Optional(OrderOwnerFilter),
    archivedFilterValue: Type.Optional(ArchivedFilter),
    statusFilterValue: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    pageRowsFilterValue: Type.Optional(Type.Union(ORDERS_PAGE_SIZES.map((n) => Type.Literal(n)))),
    productCategoryFilterValue: Type.Optional(Type.Union([Type.Literal('all'), RefId])),
    detailLevelFilterValue: Type.Optional(DetailLevel),
    quoteAcceptanceFilterValue: Type.Optional(QuoteAcceptanceFilter),
  },
  { additionalProperties: false },
);
export type OrdersPageSettings = Static<typeof OrdersPageSettings>;

/** POST /api/users/update-preferences: the signed-in user's own preferences (merged over the stored ones). */
export const UpdatePreferencesBody = Type.Object(
  {
    ordersPageSettings: Type.Optional(OrdersPageSettings),
    cartIsVisible: Type.Optional(Type.Boolean()),
    dimensionsAreVisible: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePreferencesBody = Static<typeof UpdatePreferencesBody>;
export const UserPreferences = Type.Object({
  ordersPageSettings: Type.Optional(OrdersPageSettings),
  cartIsVisible: Type.Optional(Type.Boolean()),
  dimensionsAreVisible: Type.Optional(Type.Boolean()),
});
export type UserPreferences = Static<typeof UserPreferences>;
