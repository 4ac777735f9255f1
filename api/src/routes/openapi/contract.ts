import { Type, type TSchema } from '@sinclair/typebox';
import {
  AcceptInvitationBody,
  ActionRequiredBody,
  AddShareeBody,
  ApiTokenCallsBody,
  ApiTokenCallsResponse,
  ApiTokenCreateBody,
  ApiTokenCreated,
  ApiTokenRevokeBody,
  ApiTokenRevoked,
  ApiTokensGetBody,
  ApiTokensResponse,
  ApproveOrderBody,
  BackgroundTasksResponse,
  CATALOGUE_DUPLICATE_KEYS,
  CATALOGUE_WRITE_KEYS,
  CancelOrderBody,
  CatalogueCreateBody,
  CatalogueDestroyBody,
  CatalogueDestroyResponse,
  CatalogueDuplicateBody,
  CatalogueDuplicateResponse,
  CatalogueQuery,
  CatalogueResourceKeySchema,
  CatalogueResponse,
  CatalogueRowResponse,
  CatalogueUpdateBody,
  ChangeOrderOwnerBody,
  ConfirmOrderPaymentBody,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  CreateProductOrderBody,
  CreateProductOrderWithItemsBody,
  DisinviteGuestBody,
  DisinviteGuestResponse,
  DocumentPdfBody,
  DuplicateProductOrderBody,
  EntityBatchUpdateBody,
  EntityBatchUpdateResponse,
  GenerateShareableLinkBody,
  GetGuestsDataBody,
  GetInvolvedUsersBody,
  GetOrCreateShareeBody,
  GetPaymentIntentBody,
  GetPaymentIntentResponse,
  GetShareeCandidatesBody,
  GetTaxRateBody,
  GuestModeBody,
  GuestResponse,
  GuestsDataResponse,
  HandleGuestShareLinkBody,
  HandleGuestShareLinkResponse,
  HealthLiveResponse,
  HealthReadyResponse,
  HomepageDataBody,
  HomepageDataResponse,
  IntegrationConnectBody,
  IntegrationConnectResponse,
  InvitationBody,
  InvitationView,
  InviteGuestBody,
  InvolvedUsersDataResponse,
  InvolvedUsersResponse,
  LoginBody,
  LogoutResponse,
  MEDIA_CONTENT_TYPES,
  MediaUploadQuery,
  MediumDestroyBody,
  MediumDestroyResponse,
  MediumResponse,
  MediumUpdateBody,
  OrderDataBody,
  OrderDataResponse,
  OrderOwnerCandidatesBody,
  OrderOwnerCandidatesResponse,
  OrderStatusEventsBody,
  OrderStatusEventsResponse,
  OrderStatusResponse,
  OrdersCountBody,
  OrdersCountResponse,
  OrdersCsvResponse,
  OrdersDataBody,
  OrdersDataResponse,
  OrgRoleForTokenBody,
  OrgRoleForTokenResponse,
  PaymentWebhookResponse,
  PricingVersionImpactBody,
  PricingVersionImpactResponse,
  PricingVersionOrdersBody,
  PricingVersionOrdersResponse,
  ProductInstanceCreateBody,
  ProductInstanceDestroyBody,
  ProductInstanceDestroyResponse,
  ProductInstanceResponse,
  ProductInstanceUpdateBody,
  ProductOrderDestroyBody,
  ProductOrderDestroyResponse,
  ProductOrderResponse,
  ProductOrderUpdateBody,
  PublicBrand,
  PublicBrandParams,
  PublishPricingVersionBody,
  PublishPricingVersionResponse,
  RemoveShareeBody,
  RemoveShareeResponse,
  ReopenOrderBody,
  RequestStatusUpdateBody,
  RequestStatusUpdateResponse,
  ResourceGetBody,
  ResourceRowsResponse,
  SPATIAL_RESOURCE_KEYS,
  SessionData,
  ShareBody,
  ShareResponse,
  ShareableLinkResponse,
  ShareeCandidatesResponse,
  ShareeResponse,
  SpatialCreateBody,
  SpatialDestroyBody,
  SpatialDestroyResponse,
  SpatialRowResponse,
  SpatialUpdateBody,
  SubmitOrderBody,
  TaxRateResponse,
  UpdateGuestDataBody,
  UpdateInvolvedUsersDataBody,
  UpdateOrderCostsBody,
  UpdateOrderCostsResponse,
  UpdateOrderStatusBody,
  UpdatePaymentIntentBody,
  UpdatePreferencesBody,
  UserGroupCreateBody,
  UserGroupDestroyBody,
  UserGroupDestroyResponse,
  UserGroupGetBody,
  UserGroupUpdateBody,
  UserGroupView,
  UserGroupsResponse,
  UserPreferences,
  OrderRevisionsBody,
  OrderRevisionsResponse,
  OrderRevisionBody,
  OrderRevisionResponse,
  RestoreRevisionBody,
  RestoreRevisionResponse,
  AcceptQuoteBody,
  AcceptQuoteResponse,
  QuoteAcceptanceSettingBody,
  QuoteAcceptanceSettingResponse,
} from '@cpq/domain';
import type { Endpoint } from '../../policy.ts';

/**
 * The API's contract, one entry per route of `app.routeTable`, keyed exactly as the route table
 * spells it ('METHOD /path', koa-router's `:param` syntax). document.ts turns it into the OpenAPI
 * document served at GET /api/openapi.json; test/openapi.test.ts checks it both ways against the
 * route table and calls the routes to check their answers against it (docs/decisions/0120).
 *
 * Bodies, queries and answers are the very schema objects of @cpq/domain the handlers validate with
 * (never copies), so the document cannot drift from what the server checks.
 */

export const TAGS = {
  Orders: 'Orders, their items and the orders list.',
  'Order status and payments': 'Moving an order through its status steps, and paying it.',
  'Quote revisions': 'The numbered revisions of an order’s quote, what changed between them, and the customer’s online acceptance.',
  Catalogue: 'Products, properties, options, pricing rules and the rest of an organisation’s catalogue.',
  Drawings: 'The architectural canvas of a spatial order: walls, elevations, views, entities, texts and lines.',
  Sharing: 'The people involved in an order, its share links, and opening an order by a share link.',
  Guests: 'An organisation’s invited customers (guests) and user groups: owners only.',
  Media: 'Pictures of the catalogue: upload, caption, associations and their files.',
  Documents: 'The documents and drawings screens of an order as PDF files.',
  Auth: 'Signing in and out, the session, guest mode, invitation links and the user’s preferences.',
  Admin: 'Organisation settings of the admin area.',
  Platform: 'The running portal, for platform administrators and machine clients.',
  Health: 'Liveness and readiness checks for load balancers.',
} as const;
export type Tag = keyof typeof TAGS;

/**
 * Who may call a route: `public` anyone (the route checks nothing, or a signature of its own),
 * `session` a signed-in person (the session cookie) or, where the policy gives the endpoint a token
 * scope, an API token; `shareToken` anyone holding a valid share or invitation token, which the
 * request carries in its body.
 */
export type Auth = 'public' | 'session' | 'shareToken';

/** Error statuses a route can answer beyond those every route of its kind can (document.ts). */
export type ExtraStatus = 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 504;

export interface RouteContract {
  /** One short sentence in plain words. */
  summary: string;
  description?: string;
  tag: Tag;
  auth: Auth;
  /** The POLICY entries the handler authorises with (its role table row and token scope). */
  policy?: Endpoint | readonly Endpoint[];
  /** The JSON body, as the handler validates it. */
  body?: TSchema;
  /** A body that is not JSON (the media upload's image bytes). */
  rawBody?: { contentTypes: readonly string[]; description: string };
  /** The query string, as the handler validates it (each property a query parameter). */
  query?: TSchema;
  /** Schemas of path parameters; the parameters themselves come from the path. */
  params?: Readonly<Record<string, TSchema>>;
  /** Request headers the route reads. */
  headers?: Readonly<Record<string, { description: string; required?: boolean }>>;
  /** The `data` of a 200 answer (`{ data: … }`). */
  response?: TSchema;
  /** A 200 answer that is this JSON as it is, not under `data`. */
  plainResponse?: TSchema;
  /** A 200 answer that is a file, of one of these types. */
  file?: { contentTypes: readonly string[]; description: string };
  /** Tagged with an ETag: a request whose If-None-Match names it is answered 304 without a body. */
  revalidated?: true;
  /** A successful answer sets (or clears) the session cookie. */
  setsSessionCookie?: true;
  /** The route reads no database (no 503 for an unreachable one). */
  noDatabase?: true;
  errors?: readonly ExtraStatus[];
}

/** The parameters of a koa-router path, in order: '/api/brand/:orgId' → ['orgId']. */
export function pathParams(routePath: string): string[] {
  return [...routePath.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

const keyOf = (keys: readonly string[], description: string) => Type.Union(keys.map((k) => Type.Literal(k)), { description });

/** The catalogue resources a write names (the other names under /api/resources/ are routes of their own). */
const CatalogueWriteKey = keyOf(CATALOGUE_WRITE_KEYS, 'A catalogue resource of the admin area.');
const SpatialKey = keyOf(SPATIAL_RESOURCE_KEYS, 'A resource of an order’s drawing.');

/** A body that depends on the resource the path names: one of these, the one of that resource. */
const byResource = <K extends string>(bodies: Readonly<Record<K, TSchema>>, keys: readonly K[]) =>
  Type.Union(
    keys.map((k) => bodies[k]),
    { description: 'The body of the resource the path names.' },
  );

const STATUS_ANSWER = 'Answers the order’s status fields as they are after the call.';

export const CONTRACT: Readonly<Record<string, RouteContract>> = {
  // ------------------------------------------------------------------------ health and platform
  'GET /api/health/live': { summary: 'Says the process answers.', tag: 'Health', auth: 'public', response: HealthLiveResponse, noDatabase: true },
  'GET /api/health/ready': {
    summary: 'Says the database answers and the background tasks run.',
    description: 'Send traffic to this process only while it answers 200. 503 (with Retry-After) when the database does not answer within a second or the background tasks are stopping or stuck.',
    tag: 'Health',
    auth: 'public',
    response: HealthReadyResponse,
  },
  'GET /api/openapi.json': {
    summary: 'This document: the API’s contract as OpenAPI 3.1.',
    tag: 'Platform',
    auth: 'public',
    plainResponse: Type.Object({ openapi: Type.String(), info: Type.Object({ title: Type.String(), version: Type.String() }), paths: Type.Object({}) }, { description: 'An OpenAPI 3.1 document.' }),
    revalidated: true,
    noDatabase: true,
  },
  'GET /api/platform/background-tasks': {
    summary: 'Lists the background tasks and how their last pass went.',
    description: 'Platform administrators only (403 for anyone else, and for a session in guest mode).',
    tag: 'Platform',
    auth: 'session',
    response: BackgroundTasksResponse,
  },
  'GET /api/brand/:orgId': {
    summary: 'Reads an organisation’s public brand for its sign-in page.',
    description: 'Only its name, logo, tab icon and accent colour. Cached publicly for a minute.',
    tag: 'Auth',
    auth: 'public',
    policy: 'brand.read',
    params: { orgId: PublicBrandParams.properties.orgId },
    response: PublicBrand,
    errors: [404],
  },
  'POST /api/webhooks/payments': {
    summary: 'Receives the payment provider’s events.',
    description: 'No session: the provider’s signature over the raw body is the authentication (400 when it does not verify). A repeated event is acknowledged and not applied again.',
    tag: 'Order status and payments',
    auth: 'public',
    body: Type.Object({}, { additionalProperties: true, description: 'The payment provider’s event, as it sends it.' }),
    headers: { 'Stripe-Signature': { description: 'The provider’s signature of the raw body.', required: true } },
    plainResponse: PaymentWebhookResponse,
  },

  // ------------------------------------------------------------------------ order status and payments
  'POST /api/configurator/submit-order': { summary: 'Submits an order for approval (or on to payment).', description: STATUS_ANSWER, tag: 'Order status and payments', auth: 'session', policy: 'configurator.submitOrder', body: SubmitOrderBody, response: OrderStatusResponse, errors: [404, 409] },
  'POST /api/configurator/approve-order': { summary: 'Approves a submitted order.', description: STATUS_ANSWER, tag: 'Order status and payments', auth: 'session', policy: 'configurator.approveOrder', body: ApproveOrderBody, response: OrderStatusResponse, errors: [404, 409] },
  'POST /api/configurator/product-order/action-required': { summary: 'Sends a submitted order back for changes, with feedback.', description: STATUS_ANSWER, tag: 'Order status and payments', auth: 'session', policy: 'configurator.actionRequired', body: ActionRequiredBody, response: OrderStatusResponse, errors: [404, 409] },
  'POST /api/configurator/product-order/reopen': { summary: 'Reopens an approved or paid order for changes, with the reason.', description: STATUS_ANSWER, tag: 'Order status and payments', auth: 'session', policy: 'configurator.reopenOrder', body: ReopenOrderBody, response: OrderStatusResponse, errors: [404, 409] },
  'POST /api/configurator/product-order/cancel': { summary: 'Cancels an order.', description: STATUS_ANSWER, tag: 'Order status and payments', auth: 'session', policy: 'configurator.cancelOrder', body: CancelOrderBody, response: OrderStatusResponse, errors: [404, 409] },
  'POST /api/configurator/update-order-status': { summary: 'Moves an order to a status step (staff).', description: STATUS_ANSWER, tag: 'Order status and payments', auth: 'session', policy: 'configurator.updateOrderStatus', body: UpdateOrderStatusBody, response: OrderStatusResponse, errors: [404, 409] },
  'POST /api/configurator/request-status-update': { summary: 'Asks the organisation by mail for news of an order.', tag: 'Order status and payments', auth: 'session', policy: 'configurator.requestStatusUpdate', body: RequestStatusUpdateBody, response: RequestStatusUpdateResponse, errors: [404, 409] },
  'POST /api/configurator/get-order-status-events': { summary: 'Reads an order’s status timeline (staff).', tag: 'Order status and payments', auth: 'session', policy: 'configurator.getOrderStatusEvents', body: OrderStatusEventsBody, response: OrderStatusEventsResponse, errors: [404] },

  // ------------------------------------------------------------------------ quote revisions and acceptance
  'POST /api/configurator/product-order/revisions': {
    summary: 'Lists an order’s quote revisions, newest first, with the order as it is now.',
    description: 'Read like the order: amounts only for a caller who sees prices; the address an acceptance came from only for staff and the person who accepted.',
    tag: 'Quote revisions',
    auth: 'session',
    policy: 'configurator.getOrderRevisions',
    body: OrderRevisionsBody,
    response: OrderRevisionsResponse,
    errors: [404],
  },
  'POST /api/configurator/product-order/revision': {
    summary: 'Reads one quote revision: what it held, the revision before it, and the order data and catalogue its documents print from.',
    tag: 'Quote revisions',
    auth: 'session',
    policy: 'configurator.getOrderRevision',
    body: OrderRevisionBody,
    response: OrderRevisionResponse,
    errors: [404],
  },
  'POST /api/configurator/product-order/restore-revision': {
    summary: 'Starts a new revision from an earlier one: the order takes its items and details back (staff).',
    description: '409 unless the order is at its first step (reopen it first) or when it is drawn on the canvas.',
    tag: 'Quote revisions',
    auth: 'session',
    policy: 'configurator.restoreRevision',
    body: RestoreRevisionBody,
    response: RestoreRevisionResponse,
    errors: [404, 409],
  },
  'POST /api/configurator/product-order/accept-quote': {
    summary: 'The customer accepts the quote of the revision they read (typed full name, terms ticked).',
    description:
      'A person’s act: its owner or someone it is shared with, seeing prices (403 otherwise). 409 when the quote is not the current, unchanged, approved and priced revision. Accepting an accepted revision answers that acceptance.',
    tag: 'Quote revisions',
    auth: 'session',
    policy: 'configurator.acceptQuote',
    body: AcceptQuoteBody,
    response: AcceptQuoteResponse,
    errors: [404, 409],
  },
  'POST /api/configurator/product-order/quote-acceptance-setting': {
    summary: 'Reads, or sets, whether the organisation’s customers accept quotes online before paying (owners).',
    tag: 'Quote revisions',
    auth: 'session',
    policy: 'orgSettings.quoteAcceptance',
    body: QuoteAcceptanceSettingBody,
    response: QuoteAcceptanceSettingResponse,
    errors: [404],
  },
  'POST /api/configurator/confirm-order-payment': { summary: 'Confirms how an order is paid: wire, check by mail, or by card.', description: `${STATUS_ANSWER} 402 when the card payment fails.`, tag: 'Order status and payments', auth: 'session', policy: 'configurator.confirmOrderPayment', body: ConfirmOrderPaymentBody, response: OrderStatusResponse, errors: [402, 404, 409] },
  'POST /api/configurator/create-stripe-payment-intent': { summary: 'Starts a card payment of an order (the server decides the amount).', tag: 'Order status and payments', auth: 'session', policy: 'configurator.createPaymentIntent', body: CreatePaymentIntentBody, response: CreatePaymentIntentResponse, errors: [402, 404, 409] },
  'POST /api/configurator/update-stripe-payment-intent': { summary: 'Updates a card payment after the payment choice changed.', tag: 'Order status and payments', auth: 'session', policy: 'configurator.updatePaymentIntent', body: UpdatePaymentIntentBody, response: CreatePaymentIntentResponse, errors: [402, 404, 409] },
  'POST /api/configurator/get-stripe-payment-intent': { summary: 'Reads a card payment and applies its outcome to the order.', tag: 'Order status and payments', auth: 'session', policy: 'configurator.getPaymentIntent', body: GetPaymentIntentBody, response: GetPaymentIntentResponse, errors: [404] },
  'POST /api/configurator/get-tax-rate': { summary: 'Reads the sales-tax rate of a delivery address.', tag: 'Order status and payments', auth: 'session', policy: 'configurator.getTaxRate', body: GetTaxRateBody, response: TaxRateResponse },

  // ------------------------------------------------------------------------ auth
  'POST /api/auth/login': {
    summary: 'Signs in with email and password.',
    description: 'Sets the session cookie. 401 for a wrong address or password; 429 (with Retry-After) after too many failures.',
    tag: 'Auth',
    auth: 'public',
    body: LoginBody,
    response: SessionData,
    setsSessionCookie: true,
    errors: [401, 429],
  },
  'POST /api/auth/logout': { summary: 'Signs out: ends the session and clears its cookie.', tag: 'Auth', auth: 'public', response: LogoutResponse, setsSessionCookie: true },
  'GET /api/auth/session': { summary: 'Reads the signed-in user and their organisations.', tag: 'Auth', auth: 'session', response: SessionData },
  'POST /api/auth/guest-mode': { summary: 'Switches this session’s guest mode for an organisation (staff).', tag: 'Auth', auth: 'session', policy: 'auth.setGuestMode', body: GuestModeBody, response: SessionData },
  'POST /api/auth/invitation': { summary: 'Reads what an invitation link is for.', tag: 'Auth', auth: 'shareToken', policy: 'auth.readInvitation', body: InvitationBody, response: InvitationView },
  'POST /api/auth/accept-invitation': {
    summary: 'Accepts an invitation: sets the password and signs in.',
    tag: 'Auth',
    auth: 'shareToken',
    policy: 'auth.acceptInvitation',
    body: AcceptInvitationBody,
    response: SessionData,
    setsSessionCookie: true,
  },
  'POST /api/users/update-preferences': { summary: 'Saves the signed-in user’s preferences.', tag: 'Auth', auth: 'session', body: UpdatePreferencesBody, response: UserPreferences },

  // ------------------------------------------------------------------------ orders
  'POST /api/configurator/get-configurator-homepage-data': { summary: 'Reads the products and categories offered on the home page.', tag: 'Orders', auth: 'session', policy: 'configurator.getHomepageData', body: HomepageDataBody, response: HomepageDataResponse },
  'POST /api/configurator/create-product-order': { summary: 'Creates an order.', tag: 'Orders', auth: 'session', policy: 'configurator.createProductOrder', body: CreateProductOrderBody, response: ProductOrderResponse },
  'POST /api/configurator/get-configurator-order-data': {
    summary: 'Reads an order with its items (and, for a spatial order, its drawing).',
    description: 'A share token in the body opens the order as its link does. The catalogue travels separately (GET /api/configurator/catalogue).',
    tag: 'Orders',
    auth: 'session',
    policy: 'configurator.getOrderData',
    body: OrderDataBody,
    response: OrderDataResponse,
    revalidated: true,
    errors: [404, 429],
  },
  'POST /api/configurator/get-configurator-orders-data': {
    summary: 'Reads a page of the orders list, or all matching orders as CSV.',
    description: 'With `formatForCsvExport` (staff) the answer is the CSV; otherwise a page of rows.',
    tag: 'Orders',
    auth: 'session',
    policy: ['configurator.getOrdersData', 'configurator.exportOrdersCsv'],
    body: OrdersDataBody,
    response: Type.Union([OrdersDataResponse, OrdersCsvResponse]),
  },
  'POST /api/configurator/get-configurator-orders-count': { summary: 'Counts the active orders per status (staff).', tag: 'Orders', auth: 'session', policy: 'configurator.getOrdersCount', body: OrdersCountBody, response: OrdersCountResponse },
  'POST /api/configurator/update-product-order-costs': { summary: 'Reprices every order of an organisation (platform administrators).', tag: 'Orders', auth: 'session', policy: 'configurator.updateOrderCosts', body: UpdateOrderCostsBody, response: UpdateOrderCostsResponse },
  'POST /api/resources/productInstances/create': { summary: 'Adds an item to an order (priced by the server).', tag: 'Orders', auth: 'session', policy: 'productInstances.write', body: ProductInstanceCreateBody, response: ProductInstanceResponse, errors: [404, 409] },
  'POST /api/resources/productInstances/update': {
    summary: 'Changes an item of an order (repriced by the server).',
    description: '409 `itemChanged` (with the item as it is now) when `where.expectedVersion` is no longer the item’s.',
    tag: 'Orders',
    auth: 'session',
    policy: 'productInstances.write',
    body: ProductInstanceUpdateBody,
    response: ProductInstanceResponse,
    errors: [404, 409],
  },
  'POST /api/resources/productInstances/destroy': { summary: 'Removes an item from an order.', tag: 'Orders', auth: 'session', policy: 'productInstances.write', body: ProductInstanceDestroyBody, response: ProductInstanceDestroyResponse, errors: [404, 409] },
  'POST /api/resources/productOrders/update': { summary: 'Changes an order’s fields (its costs recomputed by the server).', tag: 'Orders', auth: 'session', policy: 'productOrders.update', body: ProductOrderUpdateBody, response: ProductOrderResponse, errors: [404, 409] },
  'POST /api/resources/productOrders/destroy': { summary: 'Discards an untitled, empty order left right after it was created.', description: '409 `orderKept` for any other order.', tag: 'Orders', auth: 'session', policy: 'productOrders.destroy', body: ProductOrderDestroyBody, response: ProductOrderDestroyResponse, errors: [404, 409] },
  'POST /api/configurator/duplicate-product-order': { summary: 'Copies an order with its items.', tag: 'Orders', auth: 'session', policy: 'configurator.duplicateProductOrder', body: DuplicateProductOrderBody, response: ProductOrderResponse, errors: [404] },
  'POST /api/configurator/change-order-owner': { summary: 'Gives an order another owner (staff).', tag: 'Orders', auth: 'session', policy: 'configurator.changeOrderOwner', body: ChangeOrderOwnerBody, response: ProductOrderResponse, errors: [404] },
  'POST /api/configurator/get-order-owner-candidates': { summary: 'Lists who may own an order of the organisation (staff).', tag: 'Orders', auth: 'session', policy: 'configurator.getOrderOwnerCandidates', body: OrderOwnerCandidatesBody, response: OrderOwnerCandidatesResponse },
  'POST /api/configurator/create-product-order-with-items': { summary: 'Creates an order together with its items.', tag: 'Orders', auth: 'session', policy: 'configurator.createProductOrderWithItems', body: CreateProductOrderWithItemsBody, response: ProductOrderResponse },

  // ------------------------------------------------------------------------ catalogue
  'GET /api/configurator/catalogue': {
    summary: 'Reads the organisation’s catalogue as the caller may see it.',
    description: 'With `productOrderOrgSpecificId`, as that order shows it to the caller. One cached answer per catalogue version and audience.',
    tag: 'Catalogue',
    auth: 'session',
    policy: 'configurator.getCatalogue',
    query: CatalogueQuery,
    response: CatalogueResponse,
    revalidated: true,
  },
  'POST /api/resources/:resourceKey/get': {
    summary: 'Reads the rows of a catalogue resource.',
    tag: 'Catalogue',
    auth: 'session',
    policy: 'resources.get',
    params: { resourceKey: CatalogueResourceKeySchema },
    body: ResourceGetBody,
    response: ResourceRowsResponse,
  },
  'POST /api/resources/:resourceKey/create': { summary: 'Creates a catalogue row (owners).', tag: 'Catalogue', auth: 'session', policy: 'resources.write', params: { resourceKey: CatalogueWriteKey }, body: byResource(CatalogueCreateBody, CATALOGUE_WRITE_KEYS), response: CatalogueRowResponse },
  'POST /api/resources/:resourceKey/update': { summary: 'Changes a catalogue row (owners).', tag: 'Catalogue', auth: 'session', policy: 'resources.write', params: { resourceKey: CatalogueWriteKey }, body: byResource(CatalogueUpdateBody, CATALOGUE_WRITE_KEYS), response: CatalogueRowResponse },
  'POST /api/resources/:resourceKey/destroy': {
    summary: 'Archives (or deletes) a catalogue row (owners).',
    tag: 'Catalogue',
    auth: 'session',
    policy: 'resources.write',
    params: { resourceKey: CatalogueWriteKey },
    body: byResource(CatalogueDestroyBody, CATALOGUE_WRITE_KEYS),
    response: CatalogueDestroyResponse,
  },
  'POST /api/resources/:resourceKey/duplicate': {
    summary: 'Copies a product or a property with its options (owners).',
    tag: 'Catalogue',
    auth: 'session',
    policy: 'resources.write',
    params: { resourceKey: keyOf(CATALOGUE_DUPLICATE_KEYS, 'The resources that can be copied.') },
    body: CatalogueDuplicateBody,
    response: CatalogueDuplicateResponse,
  },
  'POST /api/configurator/get-pricing-version-orders': { summary: 'Lists the orders a pricing rule version prices (owners).', tag: 'Catalogue', auth: 'session', policy: 'pricingRules.versionOrders', body: PricingVersionOrdersBody, response: PricingVersionOrdersResponse },
  'POST /api/configurator/get-pricing-version-impact': { summary: 'Tells what a pricing version would do to the organisation’s orders (owners).', tag: 'Catalogue', auth: 'session', policy: 'pricingRules.versionImpact', body: PricingVersionImpactBody, response: PricingVersionImpactResponse },
  'POST /api/configurator/publish-pricing-version': { summary: 'Publishes a draft pricing version (owners).', tag: 'Catalogue', auth: 'session', policy: 'pricingRules.publishVersion', body: PublishPricingVersionBody, response: PublishPricingVersionResponse, errors: [409] },

  // ------------------------------------------------------------------------ drawings
  'POST /api/spatial/entities/batch-update': { summary: 'Changes many drawing entities at once (all or nothing).', tag: 'Drawings', auth: 'session', policy: 'spatial.write', body: EntityBatchUpdateBody, response: EntityBatchUpdateResponse, errors: [409] },
  'POST /api/spatial/:resourceKey/create': { summary: 'Adds a row to an order’s drawing.', description: '409 when the order has no drawing canvas or is locked.', tag: 'Drawings', auth: 'session', policy: 'spatial.write', params: { resourceKey: SpatialKey }, body: byResource(SpatialCreateBody, SPATIAL_RESOURCE_KEYS), response: SpatialRowResponse, errors: [409] },
  'POST /api/spatial/:resourceKey/update': { summary: 'Changes a row of an order’s drawing.', tag: 'Drawings', auth: 'session', policy: 'spatial.write', params: { resourceKey: SpatialKey }, body: byResource(SpatialUpdateBody, SPATIAL_RESOURCE_KEYS), response: SpatialRowResponse, errors: [409] },
  'POST /api/spatial/:resourceKey/destroy': { summary: 'Removes a row from an order’s drawing.', tag: 'Drawings', auth: 'session', policy: 'spatial.write', params: { resourceKey: SpatialKey }, body: SpatialDestroyBody, response: SpatialDestroyResponse, errors: [409] },

  // ------------------------------------------------------------------------ sharing
  'POST /api/configurator/get-org-role-for-token': { summary: 'Tells what a share link’s opener becomes.', tag: 'Sharing', auth: 'shareToken', policy: 'configurator.getOrgRoleForToken', body: OrgRoleForTokenBody, response: OrgRoleForTokenResponse },
  'POST /api/configurator/product-order/handle-guest-share-link': {
    summary: 'Opens a share link: signs its opener in as a guest of that order.',
    description: 'A signed-in person is involved as they are; someone else gets a guest session (its cookie comes with the answer).',
    tag: 'Sharing',
    auth: 'shareToken',
    policy: 'configurator.handleGuestShareLink',
    body: HandleGuestShareLinkBody,
    response: HandleGuestShareLinkResponse,
    setsSessionCookie: true,
  },
  'POST /api/configurator/product-order/get-involved-users': { summary: 'Lists the people involved in an order.', tag: 'Sharing', auth: 'session', policy: 'configurator.getInvolvedUsers', body: GetInvolvedUsersBody, response: InvolvedUsersResponse },
  'POST /api/configurator/product-order/get-sharee-candidates': { summary: 'Lists the people the caller may share an order with.', tag: 'Sharing', auth: 'session', policy: 'configurator.getShareeCandidates', body: GetShareeCandidatesBody, response: ShareeCandidatesResponse },
  'POST /api/configurator/product-order/generate-shareable-link': { summary: 'Makes a new share link to an order (the caller’s previous one stops working).', tag: 'Sharing', auth: 'session', policy: 'configurator.generateShareableLink', body: GenerateShareableLinkBody, response: ShareableLinkResponse },
  'POST /api/configurator/product-order/share': { summary: 'Shares an order with people by email, mailing them a link.', tag: 'Sharing', auth: 'session', policy: 'configurator.share', body: ShareBody, response: ShareResponse },
  'POST /api/configurator/product-order/add-sharee': { summary: 'Involves one person in an order without mailing them.', tag: 'Sharing', auth: 'session', policy: 'configurator.addSharee', body: AddShareeBody, response: ShareResponse },
  'POST /api/configurator/product-order/get-or-create-sharee': { summary: 'Finds the person an email names, for the pending list (nothing is written).', tag: 'Sharing', auth: 'session', policy: 'configurator.getOrCreateSharee', body: GetOrCreateShareeBody, response: ShareeResponse },
  'POST /api/configurator/product-order/remove-sharee': { summary: 'Removes a person from an order (their links stop working).', tag: 'Sharing', auth: 'session', policy: 'configurator.removeSharee', body: RemoveShareeBody, response: RemoveShareeResponse },
  'POST /api/configurator/product-order/update-involved-users-data': { summary: 'Sets whether a collaborator sees prices.', tag: 'Sharing', auth: 'session', policy: 'configurator.updateInvolvedUsersData', body: UpdateInvolvedUsersDataBody, response: InvolvedUsersDataResponse },

  // ------------------------------------------------------------------------ documents
  'POST /api/documents/pdf': {
    summary: 'Prints an order’s documents or drawings screen as a PDF.',
    description: 'Rendered as the caller sees the screen. 503 (with Retry-After) while the renderer is busy, 504 when it took too long.',
    tag: 'Documents',
    auth: 'session',
    policy: ['documents.pdf', 'documents.employeeModes'],
    body: DocumentPdfBody,
    file: { contentTypes: ['application/pdf'], description: 'The PDF, as an attachment named after the order.' },
    errors: [404, 429, 503, 504],
  },

  // ------------------------------------------------------------------------ guests and user groups
  'POST /api/configurator/get-configurator-guests-data': { summary: 'Lists the organisation’s guests (owners).', tag: 'Guests', auth: 'session', policy: 'guests.manage', body: GetGuestsDataBody, response: GuestsDataResponse },
  'POST /api/orgs/invite-guest': { summary: 'Invites a guest by email (owners).', tag: 'Guests', auth: 'session', policy: 'guests.manage', body: InviteGuestBody, response: GuestResponse, errors: [409] },
  'POST /api/orgs/disinvite-guest': { summary: 'Ends a guest’s access (owners).', tag: 'Guests', auth: 'session', policy: 'guests.manage', body: DisinviteGuestBody, response: DisinviteGuestResponse },
  'POST /api/orgs/update-guest-data': { summary: 'Changes a guest’s price visibility, discount or sales tax (owners).', tag: 'Guests', auth: 'session', policy: 'guests.manage', body: UpdateGuestDataBody, response: GuestResponse },
  'POST /api/resources/userGroups/get': { summary: 'Lists the organisation’s user groups (owners).', tag: 'Guests', auth: 'session', policy: 'userGroups.manage', body: UserGroupGetBody, response: UserGroupsResponse },
  'POST /api/resources/userGroups/create': { summary: 'Creates a user group (owners).', tag: 'Guests', auth: 'session', policy: 'userGroups.manage', body: UserGroupCreateBody, response: UserGroupView },
  'POST /api/resources/userGroups/update': { summary: 'Changes a user group (owners).', tag: 'Guests', auth: 'session', policy: 'userGroups.manage', body: UserGroupUpdateBody, response: UserGroupView },
  'POST /api/resources/userGroups/destroy': { summary: 'Deletes a user group (owners).', tag: 'Guests', auth: 'session', policy: 'userGroups.manage', body: UserGroupDestroyBody, response: UserGroupDestroyResponse },

  // ------------------------------------------------------------------------ admin
  'POST /api/integrations/get-connect-session': {
    summary: 'Opens the page where an owner connects an integration.',
    description: '503 when the portal has no integration provider configured.',
    tag: 'Admin',
    auth: 'session',
    policy: 'integrations.manage',
    body: IntegrationConnectBody,
    response: IntegrationConnectResponse,
    errors: [503],
  },

  'POST /api/orgs/api-tokens/get': { summary: 'Lists the organisation’s API tokens (owners, in person).', tag: 'Admin', auth: 'session', policy: 'apiTokens.manage', body: ApiTokensGetBody, response: ApiTokensResponse },
  'POST /api/orgs/api-tokens/create': {
    summary: 'Creates an API token (owners, in person).',
    description: 'The token itself is in this answer only: the portal keeps its hash.',
    tag: 'Admin',
    auth: 'session',
    policy: 'apiTokens.manage',
    body: ApiTokenCreateBody,
    response: ApiTokenCreated,
  },
  'POST /api/orgs/api-tokens/revoke': { summary: 'Revokes an API token (owners, in person).', tag: 'Admin', auth: 'session', policy: 'apiTokens.manage', body: ApiTokenRevokeBody, response: ApiTokenRevoked },
  'POST /api/orgs/api-tokens/calls': { summary: 'Lists an API token’s latest calls (owners, in person).', tag: 'Admin', auth: 'session', policy: 'apiTokens.manage', body: ApiTokenCallsBody, response: ApiTokenCallsResponse },

  // ------------------------------------------------------------------------ media
  'POST /api/media/upload': {
    summary: 'Uploads a JPEG or PNG picture (owners).',
    description: 'The body is the image itself, under 5,000,000 bytes; its bytes, not its name or type, decide what it is.',
    tag: 'Media',
    auth: 'session',
    policy: 'media.write',
    query: MediaUploadQuery,
    rawBody: { contentTypes: ['application/octet-stream', ...MEDIA_CONTENT_TYPES], description: 'The image’s bytes.' },
    headers: { 'X-File-Name': { description: 'The chosen file’s name, URI-encoded (1 to 255 characters).' } },
    response: MediumResponse,
    errors: [413, 415],
  },
  'POST /api/resources/media/update': { summary: 'Changes a picture’s caption and associations (owners).', tag: 'Media', auth: 'session', policy: 'media.write', body: MediumUpdateBody, response: MediumResponse },
  'POST /api/resources/media/destroy': { summary: 'Deletes a picture and its file (owners).', tag: 'Media', auth: 'session', policy: 'media.write', body: MediumDestroyBody, response: MediumDestroyResponse },
  'GET /api/media/file/:orgId/:name': {
    summary: 'Serves a picture file by its signed, time-limited address.',
    description: 'No session: the signature is the key. 403 for a forged or expired address; 404 when the portal keeps its files elsewhere.',
    tag: 'Media',
    auth: 'public',
    query: Type.Object({ expires: Type.String({ pattern: '^[0-9]{1,12}$' }), signature: Type.String({ pattern: '^[0-9a-f]{64}$' }) }, { description: 'The address’s expiry and signature, as `presignedUrl` gives them.' }),
    file: { contentTypes: MEDIA_CONTENT_TYPES, description: 'The picture.' },
    errors: [403, 404],
  },
  'GET /api/media/:id/file': {
    summary: 'Serves a picture by its medium id.',
    description: 'The address thumbnails name: it never changes. Missing media, media of another organisation and media without a file alike are 404.',
    tag: 'Media',
    auth: 'session',
    policy: 'resources.get',
    params: { id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'The medium’s id.' }) },
    file: { contentTypes: MEDIA_CONTENT_TYPES, description: 'The picture.' },
  },
};
