import type {
  ActionRequiredBody,
  ReopenOrderBody,
  ApproveOrderBody,
  CancelOrderBody,
  CatalogueResponse,
  ConfirmOrderPaymentBody,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  GetPaymentIntentBody,
  GetTaxRateBody,
  OrderStatusEventsBody,
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
  OrderStatusEventsResponse,
  OrderStatusResponse,
  PaymentIntentView,
  RequestStatusUpdateBody,
  SubmitOrderBody,
  TaxRateResponse,
  UpdateOrderStatusBody,
  UpdatePaymentIntentBody,
  CreateProductOrderBody,
  HomepageDataBody,
  HomepageDataResponse,
  GuestModeBody,
  LoginBody,
  OrderDataBody,
  OrderDataResponse,
  OrdersCountBody,
  OrdersCountResponse,
  OrdersCsvResponse,
  OrdersDataBody,
  OrdersDataResponse,
  PricingVersionOrdersBody,
  PricingVersionOrdersResponse,
  ProductOrder,
  ProductOrderUpdateBody,
  UpdateOrderCostsResponse,
  UpdatePreferencesBody,
  UserPreferences,
  PublicBrand,
  SessionData,
  AddShareeBody,
  GenerateShareableLinkBody,
  GetInvolvedUsersBody,
  GetOrCreateShareeBody,
  GetShareeCandidatesBody,
  HandleGuestShareLinkBody,
  HandleGuestShareLinkResponse,
  InvolvedUsersDataResponse,
  InvolvedUsersResponse,
  OrgRoleForTokenBody,
  OrgRoleForTokenResponse,
  RemoveShareeBody,
  ShareableLinkResponse,
  ShareBody,
  ShareeCandidatesResponse,
  ShareeResponse,
  ShareResponse,
  UpdateInvolvedUsersDataBody,
  DisinviteGuestBody,
  DisinviteGuestResponse,
  GetGuestsDataBody,
  GuestResponse,
  GuestsDataResponse,
  InviteGuestBody,
  UpdateGuestDataBody,
  UserGroupCreateBody,
  UserGroupUpdateBody,
  UserGroupView,
  AcceptInvitationBody,
  InvitationBody,
  InvitationView,
  ArchCustomViewJson,
  ArchElevationJson,
  ArchWallJson,
  EntityJson,
  ProductCanvasLineJson,
  ProductCanvasTextJson,
  SpatialResourceKey,
} from '@cpq/domain';
import { earlyAnswers } from './earlyAnswers.ts';
import { apiGet, apiGetRevalidated, apiPost, apiPostRevalidated, forgetKeptAnswers } from './http.ts';

/** The stored row of each drawing resource. */
export interface SpatialRows {
  archWalls: ArchWallJson;
  archElevations: ArchElevationJson;
  archCustomViews: ArchCustomViewJson;
  entities: EntityJson;
  productCanvasTexts: ProductCanvasTextJson;
  productCanvasLines: ProductCanvasLineJson;
}

/** The response schemas' types (packages/domain), under the names the apps use. */
export type HomepageData = HomepageDataResponse;
export type OrderData = OrderDataResponse;
export type Catalogue = CatalogueResponse;
/** get-stripe-payment-intent: the intent, and the order as the server reconciled it with the provider. */
export interface PaymentIntentPoll {
  paymentIntent: PaymentIntentView;
  order: OrderStatusResponse;
}

/**
 * Home page data asked for ahead of its page (the shell, while the home page's files download):
 * the page's own call takes it instead of asking again. Used once, and only within a short time.
 */
const prefetched = earlyAnswers<HomepageData>();

export function prefetchHomepageData(orgId: number): void {
  prefetched.ask(String(orgId), () => apiPost<HomepageData>('/api/configurator/get-configurator-homepage-data', { orgId }));
}

function homepageData(body: HomepageDataBody): Promise<HomepageData> {
  return prefetched.take(String(body.orgId)) ?? apiPost<HomepageData>('/api/configurator/get-configurator-homepage-data', body);
}

/** Typed calls of the portal API (paths as in the spec, under /api). */
export const api = {
  login: (body: LoginBody) => apiPost<SessionData>('/api/auth/login', body),
  logout: () => (forgetKeptAnswers(), apiPost<{ ok: true }>('/api/auth/logout', {})),
  session: () => apiGet<SessionData>('/api/auth/session'),
  /** An organisation's public brand (name, logo, tab icon, accent): no session needed. */
  publicBrand: (orgId: number) => apiGet<PublicBrand>(`/api/brand/${orgId}`),
  /** Switches this session's guest mode for an organisation; answers the session with the role in force. */
  setGuestMode: (body: GuestModeBody) => apiPost<SessionData>('/api/auth/guest-mode', body),
  /** What an invitation link is for (no session needed); 404 with the server's sentence when it no longer opens. */
  readInvitation: (body: InvitationBody) => apiPost<InvitationView>('/api/auth/invitation', body),
  /** Sets the invited guest's password and signs them in (the session cookie comes back). */
  acceptInvitation: (body: AcceptInvitationBody) => apiPost<SessionData>('/api/auth/accept-invitation', body),
  homepageData,
  createProductOrder: (body: CreateProductOrderBody) =>
    apiPost<ProductOrder>('/api/configurator/create-product-order', body),
  /** A page of the orders list (filters, search and paging done by the server). */
  ordersData: (body: Omit<OrdersDataBody, 'formatForCsvExport'>, signal?: AbortSignal) =>
    apiPost<OrdersDataResponse>('/api/configurator/get-configurator-orders-data', body, signal),
  /** Every order matching the filters, as CSV text. */
  ordersCsv: (body: Omit<OrdersDataBody, 'formatForCsvExport' | 'resultConstraints'>) =>
    apiPost<OrdersCsvResponse>('/api/configurator/get-configurator-orders-data', { ...body, formatForCsvExport: true }),
  ordersCount: (body: OrdersCountBody) => apiPost<OrdersCountResponse>('/api/configurator/get-configurator-orders-count', body),
  updateOrderCosts: (orgId: number) => apiPost<UpdateOrderCostsResponse>('/api/configurator/update-product-order-costs', { orgId }),
  /** Saves the signed-in user's preferences (merged over the stored ones); answers them all. */
  updatePreferences: (body: UpdatePreferencesBody) => apiPost<UserPreferences>('/api/users/update-preferences', body),
  /** Writes order fields (e.g. `{ where: { id }, props: { archived: 1 } }`); answers the order as stored. */
  updateOrder: (body: ProductOrderUpdateBody) => apiPost<ProductOrder>('/api/resources/productOrders/update', body),
  /** Revalidated by ETag: an order unchanged since this page last read it costs a 304 and no body. */
  orderData: (body: OrderDataBody) => apiPostRevalidated<OrderData>('/api/configurator/get-configurator-order-data', body),
  /** Owners: the orders a pricing rule version prices now (their effective pricing date selects it). */
  pricingVersionOrders: (body: PricingVersionOrdersBody) => apiPost<PricingVersionOrdersResponse>('/api/configurator/get-pricing-version-orders', body),
  /**
   * The organisation's catalogue as the caller may see it (for an order page: as that order shows it
   * to the caller), revalidated by ETag: unchanged since the last call, it costs a 304.
   */
  catalogue: (orgId: number, productOrderOrgSpecificId?: number) =>
    apiGetRevalidated<CatalogueResponse>(`/api/configurator/catalogue?orgId=${orgId}${productOrderOrgSpecificId !== undefined ? `&productOrderOrgSpecificId=${productOrderOrgSpecificId}` : ''}`),

  // Order status and payment: each status call answers the order's status fields as the server decided them.
  submitOrder: (body: SubmitOrderBody) => apiPost<OrderStatusResponse>('/api/configurator/submit-order', body),
  approveOrder: (body: ApproveOrderBody) => apiPost<OrderStatusResponse>('/api/configurator/approve-order', body),
  /** "Requires Changes": sends the order back with the feedback for the customer. */
  actionRequired: (body: ActionRequiredBody) => apiPost<OrderStatusResponse>('/api/configurator/product-order/action-required', body),
  reopenOrder: (body: ReopenOrderBody) => apiPost<OrderStatusResponse>('/api/configurator/product-order/reopen', body),
  cancelOrder: (body: CancelOrderBody) => apiPost<OrderStatusResponse>('/api/configurator/product-order/cancel', body),
  updateOrderStatus: (body: UpdateOrderStatusBody) => apiPost<OrderStatusResponse>('/api/configurator/update-order-status', body),
  /** Mails the organisation; the answer carries nothing the page uses. */
  requestStatusUpdate: (body: RequestStatusUpdateBody) => apiPost<unknown>('/api/configurator/request-status-update', body),
  confirmOrderPayment: (body: ConfirmOrderPaymentBody) => apiPost<OrderStatusResponse>('/api/configurator/confirm-order-payment', body),
  createStripePaymentIntent: (body: CreatePaymentIntentBody) => apiPost<CreatePaymentIntentResponse>('/api/configurator/create-stripe-payment-intent', body),
  /** Also reconciles the order with the provider: poll it while a card payment is processing. */
  getStripePaymentIntent: (body: GetPaymentIntentBody) => apiPost<PaymentIntentPoll>('/api/configurator/get-stripe-payment-intent', body),
  updateStripePaymentIntent: (body: UpdatePaymentIntentBody) => apiPost<unknown>('/api/configurator/update-stripe-payment-intent', body),
  getTaxRate: (body: GetTaxRateBody) => apiPost<TaxRateResponse>('/api/configurator/get-tax-rate', body),
  /** The order's status timeline (employees). */
  getOrderStatusEvents: (body: OrderStatusEventsBody) => apiPost<OrderStatusEventsResponse>('/api/configurator/get-order-status-events', body),

  // Quote revisions and online acceptance (docs/decisions/0122-quote-revisions.md).
  /** Every revision of the order (newest first), the order now and whether it changed since the latest. */
  getOrderRevisions: (body: OrderRevisionsBody) => apiPost<OrderRevisionsResponse>('/api/configurator/product-order/revisions', body),
  /** One revision: its side, the one before, and the order data and catalogue its documents print from. */
  getOrderRevision: (body: OrderRevisionBody) => apiPost<OrderRevisionResponse>('/api/configurator/product-order/revision', body),
  /** Staff: the order takes an earlier revision's items and details back, as a new revision. */
  restoreRevision: (body: RestoreRevisionBody) => apiPost<RestoreRevisionResponse>('/api/configurator/product-order/restore-revision', body),
  /** The customer accepts the quote of the revision they read (typed full name, terms ticked). */
  acceptQuote: (body: AcceptQuoteBody) => apiPost<AcceptQuoteResponse>('/api/configurator/product-order/accept-quote', body),
  /** Owners: reads (no flag given) or sets whether customers accept quotes online before paying. */
  quoteAcceptanceSetting: (body: QuoteAcceptanceSettingBody) => apiPost<QuoteAcceptanceSettingResponse>('/api/configurator/product-order/quote-acceptance-setting', body),

  // Sharing (docs/decisions/0045-sharing-and-share-links.md).
  /** The people involved in an order, its id and owner, and whether the caller may change who sees prices. */
  getInvolvedUsers: (body: GetInvolvedUsersBody) => apiPost<InvolvedUsersResponse>('/api/configurator/product-order/get-involved-users', body),
  /** The people the caller may share the order with (the browser applies the autocomplete rules). */
  getShareeCandidates: (body: GetShareeCandidatesBody) => apiPost<ShareeCandidatesResponse>('/api/configurator/product-order/get-sharee-candidates', body),
  /** A new link to the order, made by the caller; the caller's previous link stops working and ends the access it gave. */
  generateShareableLink: (body: GenerateShareableLinkBody) => apiPost<ShareableLinkResponse>('/api/configurator/product-order/generate-shareable-link', body),
  /** Involves each address and mails them the note and a link. */
  share: (body: ShareBody) => apiPost<ShareResponse>('/api/configurator/product-order/share', body),
  /** Involves one person without mailing them (the answer carries nothing the portal uses). */
  addSharee: (body: AddShareeBody) => apiPost<unknown>('/api/configurator/product-order/add-sharee', body),
  /** Who an email names (nothing is written: an account is made only when Share sends). */
  getOrCreateSharee: (body: GetOrCreateShareeBody) => apiPost<ShareeResponse>('/api/configurator/product-order/get-or-create-sharee', body),
  /** Removes a sharee (never the owner); answers the order, which the popup reads again through getInvolvedUsers. */
  removeSharee: (body: RemoveShareeBody) => apiPost<unknown>('/api/configurator/product-order/remove-sharee', body),
  updateInvolvedUsersData: (body: UpdateInvolvedUsersDataBody) => apiPost<InvolvedUsersDataResponse>('/api/configurator/product-order/update-involved-users-data', body),
  /** The role a share link's opener gets (no session needed). */
  getOrgRoleForToken: (body: OrgRoleForTokenBody) => apiPost<OrgRoleForTokenResponse>('/api/configurator/get-org-role-for-token', body),
  /** Signs the opener in as a guest (a signed-in person is involved as they are); the session cookie comes back. */
  handleGuestShareLink: (body: HandleGuestShareLinkBody) => apiPost<HandleGuestShareLinkResponse>('/api/configurator/product-order/handle-guest-share-link', body),

  // Guests and user groups of the admin area (owners only; docs/decisions/0051-guests-and-user-groups.md).
  /** The organisation's guests, newest first. */
  getGuestsData: (body: GetGuestsDataBody) => apiPost<GuestsDataResponse>('/api/configurator/get-configurator-guests-data', body),
  /** Invites an address as a guest and mails them; answers the new guest. */
  inviteGuest: (body: InviteGuestBody) => apiPost<GuestResponse>('/api/orgs/invite-guest', body),
  /** The guest loses access and leaves every user group. */
  disinviteGuest: (body: DisinviteGuestBody) => apiPost<DisinviteGuestResponse>('/api/orgs/disinvite-guest', body),
  /** Price visibility, or discount and sales tax, of one guest; answers the guest as stored. */
  updateGuestData: (body: UpdateGuestDataBody) => apiPost<GuestResponse>('/api/orgs/update-guest-data', body),
  getUserGroups: (orgId: number) => apiPost<UserGroupView[]>('/api/resources/userGroups/get', { where: { orgId } }),
  createUserGroup: (props: UserGroupCreateBody['props']) => apiPost<UserGroupView>('/api/resources/userGroups/create', { props } satisfies UserGroupCreateBody),
  updateUserGroup: (id: number, props: UserGroupUpdateBody['props']) => apiPost<UserGroupView>('/api/resources/userGroups/update', { where: { id }, props } satisfies UserGroupUpdateBody),
  destroyUserGroup: (id: number) => apiPost<{ id: number }>('/api/resources/userGroups/destroy', { where: { id } }),
  /** The architectural canvas: one call per write; the server checks the order is spatial and the caller may edit it. */
  spatialCreate: <K extends SpatialResourceKey>(key: K, props: Partial<SpatialRows[K]> & { orgId: number; productOrderId: number }) =>
    apiPost<SpatialRows[K]>(`/api/spatial/${key}/create`, { props }),
  spatialUpdate: <K extends SpatialResourceKey>(key: K, id: number, props: Partial<Omit<SpatialRows[K], 'id' | 'orgId' | 'productOrderId' | 'created' | 'lastUpdated'>>) =>
    apiPost<SpatialRows[K]>(`/api/spatial/${key}/update`, { where: { id }, props }),
  spatialDestroy: (key: SpatialResourceKey, id: number) => apiPost<{ id: number }>(`/api/spatial/${key}/destroy`, { where: { id } }),
  /** Many entities' data in one transaction (panel autogeneration). */
  entityBatchUpdate: (updates: { id: number; data: EntityJson['data'] }[]) =>
    apiPost<EntityJson[]>('/api/spatial/entities/batch-update', { updates: updates.map((u) => ({ where: { id: u.id }, props: { data: u.data } })) }),
};
