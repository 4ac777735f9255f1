import type { Context } from 'koa';
import {
  PRODUCT_INSTANCE_EMPLOYEE_FIELDS,
  PRODUCT_INSTANCE_GUEST_WRITABLE_FIELDS,
  PRODUCT_INSTANCE_PRICE_FIELDS,
  PRODUCT_ORDER_GUEST_WRITABLE_FIELDS,
  PRODUCT_ORDER_PRICE_FIELDS,
  PRODUCT_PRICE_FIELDS,
  changeRefusal,
  involvedEntryOf,
  isActiveRole,
  isDraftVersion,
  isEmployeeRole,
  isPublishedFor,
  pricingVisibleTo,
  type ApiTokenScope,
  type OrderChange,
  type OrderStatusFields,
  type OrdersListRow,
  type PricingRuleVersion,
  type ProductOrderStatus,
  type PublicBrand,
  type PublishLevelName,
  type Role,
  type QuoteAcceptance,
  type RevisionSide,
  sideWithoutPrices,
} from '@cpq/domain';
import { adoptSession, callerUser, sessionUser, type RequestSession, type SessionUserState } from './auth/requestSession.ts';
import type { MemberAccess, OrderHead, Queries } from './db/queries.ts';
import type { Repos, Row } from './db/repository.ts';
import { ApiError, badRequest, forbidden, notFound, unauthenticated } from './http/errors.ts';

/**
 * Who may do what, on which rows, and which fields of a response they may see: the API's ONE
 * policy module. Routes call `authorize` (role table), the named row rules (`involvedInOrder`,
 * `productVisible`, `optionVisible`), the field rules (`assertWritable`) and shape every response
 * with `shape*` — nothing else in the API decides access. Tested as a matrix in
 * test/policy.test.ts, with expectations written from the product rules, not from this table.
 */
export type PolicyRole = 'owner' | 'member' | 'guest';

export const ALL_ROLES: readonly PolicyRole[] = ['owner', 'member', 'guest'];
export const OWNERS: readonly PolicyRole[] = ['owner'];
/** Owners and members, not in guest mode (an employee in guest mode is a guest here). */
export const EMPLOYEE_ROLES: readonly PolicyRole[] = ['owner', 'member'];

/**
 * The role table: endpoint → roles allowed. Row rules come on top: order endpoints apply
 * `involvedInOrder`, catalogue reads and writes the publish-level rules below. `tokenScope`: the
 * scope an API token needs to call the endpoint (docs/decisions/0119-api-tokens.md); an endpoint
 * without one refuses tokens (sharing, guests, sign-in, card payments: a person's calls).
 */
export const POLICY = {
  'configurator.getHomepageData': { roles: ALL_ROLES, tokenScope: 'orders:read' },
  'configurator.createProductOrder': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  'configurator.getOrderData': { roles: ALL_ROLES, tokenScope: 'orders:read' },
  'configurator.getCatalogue': { roles: ALL_ROLES, tokenScope: 'orders:read' },
  'resources.get': { roles: ALL_ROLES, tokenScope: 'catalogue' },
  'productInstances.write': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  /** The architectural canvas of an order: whoever may change its items (row rule: involvedInOrder; the order must be spatial). */
  'spatial.write': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  'productOrders.update': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  /** Discarding an untitled, empty order the user left (row rule: its owner or an employee). */
  'productOrders.destroy': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  /** Copy order: a guest only their own orders (row rule in the service). */
  'configurator.duplicateProductOrder': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  /** Only employees change the owner or list who may own an order. */
  'configurator.changeOrderOwner': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:write' },
  'configurator.getOrderOwnerCandidates': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:read' },
  'configurator.createProductOrderWithItems': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  /** The orders list: a guest's holds only orders they own or are involved in (row rule in the query). */
  'configurator.getOrdersData': { roles: ALL_ROLES, tokenScope: 'orders:read' },
  /** CSV export and the status counts are employee tools. */
  'configurator.exportOrdersCsv': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:read' },
  'configurator.getOrdersCount': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:read' },
  /** Repricing every order of an organisation: employees who are also platform administrators (assertPlatformAdmin). */
  'configurator.updateOrderCosts': { roles: EMPLOYEE_ROLES },
  /** The signed-in user's own preferences: no organisation involved, any signed-in user. */
  'users.updatePreferences': { roles: ALL_ROLES },
  /**
   * Order status and payments. Row rules: the caller reaches the order (involvedInOrder); the status
   * machine decides the rest (who may approve, cancel, pay...) and refuses with 409. Paying needs
   * prices visible to the caller; test payments are for employees.
   */
  'configurator.submitOrder': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  'configurator.approveOrder': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:write' },
  'configurator.actionRequired': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:write' },
  /** Reopening an approved or paid order for changes (with a reason): staff only; the status machine decides when. */
  'configurator.reopenOrder': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:write' },
  'configurator.cancelOrder': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  'configurator.updateOrderStatus': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:write' },
  'configurator.requestStatusUpdate': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  'configurator.getOrderStatusEvents': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:read' },
  /**
   * Quote revisions (docs/decisions/0122-quote-revisions.md): read by whoever reaches the order, shaped
   * like the order (no amount where prices are hidden: `shapeRevisionSide`); an earlier revision is
   * restored by staff. Accepting a quote is a person's act (no token): its owner or someone it is
   * shared with, seeing prices (`mayAcceptQuote`, then the rules of packages/domain).
   */
  'configurator.getOrderRevisions': { roles: ALL_ROLES, tokenScope: 'orders:read' },
  'configurator.getOrderRevision': { roles: ALL_ROLES, tokenScope: 'orders:read' },
  'configurator.restoreRevision': { roles: EMPLOYEE_ROLES, tokenScope: 'orders:write' },
  'configurator.acceptQuote': { roles: ALL_ROLES },
  /** Whether the organisation's customers accept quotes online before paying: its owners decide. */
  'orgSettings.quoteAcceptance': { roles: ['owner'] },
  'configurator.confirmOrderPayment': { roles: ALL_ROLES, tokenScope: 'orders:write' },
  'configurator.createPaymentIntent': { roles: ALL_ROLES },
  'configurator.updatePaymentIntent': { roles: ALL_ROLES },
  'configurator.getPaymentIntent': { roles: ALL_ROLES },
  'configurator.getTaxRate': { roles: ALL_ROLES, tokenScope: 'orders:read' },
  /**
   * Sharing (docs/decisions/0045-sharing-and-share-links.md, 0048-sharing-server-rules.md). Row rule:
   * the caller reaches the order (involvedInOrder). On top: who may change price visibility
   * (`mayTogglePricing`), the owner's entry is never removed nor changed (`assertNotOwnerEntry`),
   * whoever shares passes on no more prices than they see (`sharedPricingIsHidden`), whom the
   * search offers (`shareeCandidateVisible`) and whom an email may name (`shareeNameable`).
   */
  'configurator.getInvolvedUsers': { roles: ALL_ROLES },
  'configurator.getShareeCandidates': { roles: ALL_ROLES },
  'configurator.generateShareableLink': { roles: ALL_ROLES },
  'configurator.share': { roles: ALL_ROLES },
  'configurator.addSharee': { roles: ALL_ROLES },
  'configurator.getOrCreateSharee': { roles: ALL_ROLES },
  'configurator.removeSharee': { roles: ALL_ROLES },
  'configurator.updateInvolvedUsersData': { roles: ALL_ROLES },
  /**
   * Share-link entry: no session needed, the share token is the key (`shareLinkOpener`). Anyone
   * holding a valid token gets the role it gives; a bad token is 404 for everyone.
   */
  'configurator.getOrgRoleForToken': { roles: ALL_ROLES, shareToken: true },
  'configurator.handleGuestShareLink': { roles: ALL_ROLES, shareToken: true },
  /**
   * The documents and drawings screens as a PDF (docs/decisions/0063-pdf-rendering.md): whoever reaches
   * the order, as get-configurator-order-data decides (share token included); the page is rendered as
   * the caller. The packing slip and the factory document are for employees. Not for API tokens: the
   * page is rendered with the caller's session, which a token does not have.
   */
  'documents.pdf': { roles: ALL_ROLES },
  'documents.employeeModes': { roles: EMPLOYEE_ROLES },
  /** Catalogue writes of the admin area (POST /api/resources/{key}/create, update, destroy): owners only. */
  'resources.write': { roles: OWNERS, tokenScope: 'catalogue' },
  /**
   * Guests and user groups of the admin area (docs/decisions/0051-guests-and-user-groups.md): owners
   * only. Row rule: a guest or group of another organisation answers like a missing one (404).
   */
  'guests.manage': { roles: OWNERS },
  'integrations.manage': { roles: OWNERS },
  /** API tokens of the organisation (docs/decisions/0119-api-tokens.md): owners, in person (a token cannot make tokens). */
  'apiTokens.manage': { roles: OWNERS },
  'userGroups.manage': { roles: OWNERS },
  /** Which orders a pricing rule version prices (admin pricing editor): owners only; a rule of another organisation is 404. */
  'pricingRules.versionOrders': { roles: OWNERS, tokenScope: 'catalogue' },
  /** What a pricing version text would do to the organisation's orders (prices of every order): owners only. */
  'pricingRules.versionImpact': { roles: OWNERS, tokenScope: 'catalogue' },
  /** Publishing a draft pricing version (a catalogue write): owners only. */
  'pricingRules.publishVersion': { roles: OWNERS, tokenScope: 'catalogue' },
  /**
   * Media of the admin area (docs/decisions/0055-media.md): upload, caption, associations and
   * delete, owners only; a medium of another organisation answers like a missing one (404). Reading
   * media is 'resources.get'; a file itself is reached by its signed, time-limited address.
   */
  'media.write': { roles: OWNERS, tokenScope: 'catalogue' },
  /**
   * Switching this session's guest mode for an organisation: employees, by their stored role (an
   * employee in guest mode switches back); never on for an employee-only organisation.
   */
  'auth.setGuestMode': { roles: EMPLOYEE_ROLES },
  /**
   * A guest's invitation link (docs/decisions/0056-guest-invitation-links.md): no session needed,
   * the token is the key (`invitationOpens`); a link that does not open is the same 404 for everyone.
   */
  'auth.readInvitation': { roles: ALL_ROLES, shareToken: true },
  'auth.acceptInvitation': { roles: ALL_ROLES, shareToken: true },
  /**
   * An organisation's public brand for its sign-in page (docs/decisions/0095-brand-titles-and-quote-terms.md):
   * anyone, signed in or not; `shapePublicBrand` lets out only the name, logo, tab icon and accent.
   */
  'brand.read': { roles: ALL_ROLES, anonymous: true },
} as const satisfies Record<string, { roles: readonly PolicyRole[]; shareToken?: true; anonymous?: true; tokenScope?: ApiTokenScope }>;

export type Endpoint = keyof typeof POLICY;

export function policyRole(role: Role): PolicyRole {
  return isEmployeeRole(role) ? (role as PolicyRole) : 'guest';
}

/** The scope an API token needs for an endpoint, or undefined when tokens may not call it. */
export function tokenScopeOf(endpoint: Endpoint): ApiTokenScope | undefined {
  return (POLICY[endpoint] as { tokenScope?: ApiTokenScope }).tokenScope;
}

export function can(endpoint: Endpoint, role: Role): boolean {
  return (POLICY[endpoint].roles as readonly PolicyRole[]).includes(policyRole(role));
}

export type { SessionUserState };

export interface Access {
  user: SessionUserState;
  orgId: number;
  /** The role in force in this organisation: the stored role, or 'guest' in guest mode. */
  role: Role;
  /** In guest mode, the stored role (restored when the mode is switched off). */
  prevRole: Role | null;
  /** The role used for decisions. */
  policyRole: PolicyRole;
  /** The organisation's access data hides prices from this user (whatever the order says). */
  orgPricingHidden: boolean;
  /**
   * Some order of the organisation hides prices from this user: then no call shows them a price,
   * of any order or of the catalogue (docs/decisions/0070-hidden-prices-per-person.md).
   */
  pricingHiddenOnAnOrder?: boolean;
  /** The organisation's catalogue version when the call was authorised. */
  catalogueVersion: number;
  /** Order fields this caller may not receive beyond prices (a guest: employee-only ones). */
  guestHiddenOrderFields?: readonly string[];
}

/** What the organisation's rules say about order fields (its plugin's `orderSettings`). */
export interface OrderFieldRules {
  rulesFor(orgId: number): { orderSettings: { employeeOnlyFields: readonly string[] } };
}

/** Order fields a guest never receives: command data (an advanced pricing field, for employees) and which pricing steps failed. */
const ORDER_GUEST_HIDDEN = ['commandData', 'pricingFailed'] as const;
/** Without the organisation's rules at hand, the stricter reading: its shipping information too. */
const ORDER_GUEST_HIDDEN_UNKNOWN = [...ORDER_GUEST_HIDDEN, 'trackingNumber', 'estimatedShippingDate'] as const;

function guestHiddenOrderFields(plugins: OrderFieldRules | undefined, orgId: number): readonly string[] {
  return plugins ? [...ORDER_GUEST_HIDDEN, ...plugins.rulesFor(orgId).orderSettings.employeeOnlyFields] : ORDER_GUEST_HIDDEN_UNKNOWN;
}

/** The signed-in user, or 401; a request with an API token is refused (403). */
export async function requireUser(ctx: Context, queries: Pick<Queries, 'sessionUserByTokenHash' | 'touchSession'>): Promise<SessionUserState> {
  const user = await sessionUser(ctx, queries);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * The signed-in user or an API token's creator, or 401: for a route that checks sign-in before it
 * reads its body and then calls `authorize`, which decides whether the token may make the call.
 */
export async function requireCaller(ctx: Context, queries: Pick<Queries, 'sessionUserByTokenHash' | 'touchSession'>): Promise<SessionUserState> {
  const user = await callerUser(ctx, queries);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * An API token (decision 0119) calls only endpoints with a token scope, in its own organisation (any
 * other answers like a missing one), with that scope among its own.
 */
function assertTokenMay(session: RequestSession, endpoint: Endpoint, orgId: number, unreachable: () => Error): void {
  const token = session.apiToken;
  if (!token) return;
  const scope = tokenScopeOf(endpoint);
  if (!scope) throw new ApiError(403, 'tokenNotAllowed', 'This call cannot be made with an API token.');
  if (token.orgId !== orgId) throw unreachable();
  if (!token.scopes.includes(scope)) throw new ApiError(403, 'tokenScope', `This API token does not have the "${scope}" scope this call needs.`);
}

const isOn = (v: unknown) => v === 1 || v === true || v === '1';

/**
 * Guest mode (docs/decisions/0047-guest-mode-on-the-session.md): an employee whose session is in
 * guest mode for the organisation acts there as a guest — role 'guest', their stored role kept as
 * prevRole — so every rule (role table, rows, fields, prices) applies to them as to a guest. Other
 * roles are unchanged (a guest has no mode to switch).
 */
export function roleInForce(storedRole: Role, guestModeOrgIds: readonly number[], orgId: number): { role: Role; prevRole: Role | null } {
  if (isEmployeeRole(storedRole) && guestModeOrgIds.includes(orgId)) return { role: 'guest', prevRole: storedRole };
  return { role: storedRole, prevRole: null };
}

/** An organisation the caller does not belong to answers exactly like one that does not exist. */
export const orgNotFound = () => notFound('organisationNotFound', 'Organisation not found.');

/**
 * Whether prices are hidden from a member of an organisation, as `pricingVisible` decides it without
 * an order: the membership's access data, the guest record, or any order of the organisation that
 * hides them from the person. Also what the session tells the browser.
 */
export async function orgAccessData(repos: Repos, orgId: number, userId: number, accessData: unknown): Promise<{ pricingIsHidden: boolean }> {
  if (isOn((accessData as Row | null)?.pricingIsHidden)) return { pricingIsHidden: true };
  const guest = await repos.guests.findOne({ orgId, userId });
  const edge = (guest?.orgAccessEdgeData as { designEngine?: Row } | undefined)?.designEngine;
  if (isOn(edge?.pricingIsHidden)) return { pricingIsHidden: true };
  return { pricingIsHidden: !!(await repos.productOrderUsers.findOne({ orgId, userId, pricingIsHidden: 1 })) };
}

/**
 * The check every call naming an organisation goes through: signed in (401), an active member of
 * that organisation (else 404, like an organisation that does not exist — or, for a call that named
 * a row of it by id, `unreachable`: the answer for a missing row), and a role the policy table allows
 * for the endpoint (403). One query reads the membership, the guest record's access data and the
 * organisation's catalogue version.
 */
export async function authorize(ctx: Context, deps: AccessDeps, endpoint: Endpoint, orgId: number, unreachable: () => Error = orgNotFound): Promise<Access> {
  return (await authorizeWith(ctx, deps, endpoint, orgId, undefined, unreachable)).access;
}

/**
 * `authorize` for a call that names an order by id: the order's organisation decides who may act on
 * it; an unknown order, and an order of an organisation the caller is no member of, are 404 (after
 * the sign-in check).
 */
export async function authorizeOrderById(ctx: Context, deps: AccessDeps & { repos: Repos }, endpoint: Endpoint, productOrderId: number): Promise<Access> {
  await requireCaller(ctx, deps.queries);
  const [row] = await deps.repos.productOrders.find({ id: productOrderId }, { columns: ['orgId'] });
  if (!row) throw orderNotFound();
  return authorize(ctx, deps, endpoint, row.orgId, orderNotFound);
}

/**
 * Who may switch guest mode for an organisation: signed in (401), a member of it (404 otherwise),
 * an employee by their stored role (403), and — to switch it on — in an organisation that is not
 * employee-only (403). Switching it off is always allowed to the employee.
 */
export async function authorizeGuestModeSwitch(ctx: Context, deps: { queries: AccessQueries; repos: Repos }, orgId: number, on: boolean): Promise<SessionUserState> {
  const user = await requireUser(ctx, deps.queries);
  const m = await deps.queries.memberAccess(user.id, orgId);
  if (!m || !isActiveRole(m.role)) throw orgNotFound();
  if (!can('auth.setGuestMode', m.role)) throw forbidden('Only employees can switch to guest mode.');
  if (on) {
    const org = await deps.repos.organisations.findOne({ id: orgId });
    if ((org?.appData as { designEngine?: { isEmployeeOnly?: boolean } } | undefined)?.designEngine?.isEmployeeOnly) {
      throw forbidden('Guest mode is not available in this organisation.');
    }
  }
  return user;
}

/**
 * `authorize` for a call about one order of the organisation: also answers that order's head
 * (undefined when there is none), read with the session and the membership when it can be.
 * Whether the caller may reach that order is the caller's next check (`involvedInOrder`).
 */
export async function authorizeOrder(ctx: Context, deps: AccessDeps, endpoint: Endpoint, orgId: number, orgSpecificId: number): Promise<{ access: Access; order: OrderHead | undefined }> {
  const { access, order } = await authorizeWith(ctx, deps, endpoint, orgId, orgSpecificId);
  return { access, order: order === null ? await deps.queries.orderHead(orgId, orgSpecificId) : order };
}

type AccessQueries = Pick<Queries, 'memberAccess' | 'sessionAccess' | 'sessionUserByTokenHash' | 'touchSession' | 'orderHead'>;
/** What an authorisation reads: the queries, and the organisations' rules for the fields a guest may not see. */
type AccessDeps = { queries: AccessQueries; plugins?: OrderFieldRules };

async function authorizeWith(
  ctx: Context,
  deps: AccessDeps,
  endpoint: Endpoint,
  orgId: number,
  orgSpecificId?: number,
  unreachable: () => Error = orgNotFound,
): Promise<{ access: Access; order: OrderHead | undefined | null }> {
  const session = ctx.state.session as RequestSession;
  let user: SessionUserState;
  let m: MemberAccess | undefined;
  // null: not read yet.
  let order: OrderHead | undefined | null = null;
  if (session.user === undefined && session.tokenHash) {
    // Session, membership (and the order) in one read.
    const found = await deps.queries.sessionAccess(session.tokenHash, orgId, orgSpecificId);
    const adopted = await adoptSession(ctx, deps.queries, found?.user);
    if (!found || !adopted) throw unauthenticated();
    user = adopted;
    m = found.member;
    if (orgSpecificId !== undefined) order = found.order;
  } else {
    user = await requireCaller(ctx, deps.queries);
    assertTokenMay(session, endpoint, orgId, unreachable);
    m = await deps.queries.memberAccess(user.id, orgId);
  }
  if (!m || !isActiveRole(m.role)) throw unreachable();
  const { role, prevRole } = roleInForce(m.role, user.guestModeOrgIds, orgId);
  if (!can(endpoint, role)) throw forbidden('Your role in this organisation does not allow this.');
  const pr = policyRole(role);
  // The same rule as orgAccessData, from the row already read.
  const orgPricingHidden = pr === 'guest' && (isOn((m.accessData as Row | null)?.pricingIsHidden) || isOn(m.guestPricingIsHidden));
  const pricingHiddenOnAnOrder = pr === 'guest' && m.pricingHiddenOnAnOrder;
  const guestHidden = pr === 'guest' ? { guestHiddenOrderFields: guestHiddenOrderFields(deps.plugins, orgId) } : {};
  return { access: { user, orgId, role, prevRole, policyRole: pr, orgPricingHidden, pricingHiddenOnAnOrder, catalogueVersion: m.catalogueVersion, ...guestHidden }, order };
}

// ------------------------------------------------------------------------------- row rules

type OrderLike = { userId: number; involvedUsers?: unknown };
type Published = { publishLevel?: PublishLevelName | null; archived?: number | boolean | null };

/** Employees reach every order of their organisation; a guest only orders they own or are involved in. */
export function involvedInOrder(access: Pick<Access, 'policyRole' | 'user'>, order: OrderLike): boolean {
  if (access.policyRole !== 'guest') return true;
  const involved = (order.involvedUsers ?? {}) as Record<string, unknown>;
  return order.userId === access.user.id || String(access.user.id) in involved;
}

/** An order may be discarded by its owner or an employee (a guest it is shared with may not). */
export function assertMayDiscardOrder(access: Pick<Access, 'policyRole' | 'user'>, order: OrderLike): void {
  if (access.policyRole !== 'guest' || order.userId === access.user.id) return;
  throw forbidden('Only the order’s owner or an employee can delete it.');
}

/** Platform administrators (a flag on the user, not a role in an organisation) alone recalculate an organisation's order costs. */
export async function assertPlatformAdmin(repos: Repos, access: Pick<Access, 'user'>, what = 'recalculate order costs'): Promise<void> {
  const user = await repos.users.findOne({ id: access.user.id });
  if (!isOn(user?.isPlatformAdmin)) throw forbidden(`Only platform administrators can ${what}.`);
}

/**
 * A platform tool outside any organisation: a platform administrator acting as themself. A session in
 * guest mode acts as a guest, and a guest sees no platform tool.
 */
export async function assertPlatformAdminSession(repos: Repos, user: SessionUserState, what: string): Promise<void> {
  if (user.guestModeOrgIds.length > 0) throw forbidden(`Only platform administrators can ${what}.`);
  await assertPlatformAdmin(repos, { user }, what);
}

export const orderNotFound = () => notFound('orderNotFound', 'Order not found.');

/** An order the caller may not reach answers exactly like a missing one. */
export function assertInvolvedInOrder(access: Pick<Access, 'policyRole' | 'user'>, order: OrderLike | undefined): asserts order is OrderLike {
  if (!order || !involvedInOrder(access, order)) throw orderNotFound();
}

/**
 * A catalogue row (product or option) the caller may see or choose: its publish level must be
 * visible to the role (owner all, member internal and all, others only all), and it must not be
 * archived unless it is already used where it is read or written (`alreadyUsed`). The same rule
 * holds for reads and writes.
 */
export function catalogueRowVisible(access: Pick<Access, 'role'>, row: Published, alreadyUsed = false): boolean {
  return isPublishedFor(row.publishLevel ?? 'all', access.role) && (!row.archived || alreadyUsed);
}
export const productVisible = catalogueRowVisible;
export const optionVisible = catalogueRowVisible;

// ------------------------------------------------------------------------------- sharing rules

type InvolvedMap = Record<string, { role?: string; pricingIsHidden?: unknown } | undefined>;
type SharedOrder = { userId: number; involvedUsers?: unknown };

/** Whether a user is the order's owner or one of its involved users. */
export function isInvolved(order: SharedOrder, userId: number): boolean {
  return order.userId === userId || String(userId) in ((order.involvedUsers ?? {}) as InvolvedMap);
}

/** Employees, and the order's owner while their own prices are visible, change who sees prices. */
export function mayTogglePricing(access: Access, order: SharedOrder): boolean {
  if (access.policyRole !== 'guest') return true;
  return order.userId === access.user.id && pricingVisible(access, order);
}

export function assertMayTogglePricing(access: Access, order: SharedOrder): void {
  if (!mayTogglePricing(access, order)) throw forbidden('Only employees and the order’s owner can change who sees prices.');
}

/** Whoever shares (a link or by email) passes on no more than they see: 1 when the caller sees no prices. */
export function sharedPricingIsHidden(access: Access, order: SharedOrder): 0 | 1 {
  return pricingVisible(access, order) ? 0 : 1;
}

/** The owner's entry is never removed and its price visibility is not a collaborator setting. */
export function assertNotOwnerEntry(order: SharedOrder, userId: number, message: string): void {
  if (order.userId === userId) throw badRequest(message);
}

/**
 * Whom the sharee search offers the caller, by their stored role in the organisation. Employees: its
 * members and guests (left and disabled ones too: the browser's rules drop them, and knowing them it
 * does not offer their address as a new one). A guest: its active employees only — one customer never
 * learns who the organisation's other customers are.
 */
export function shareeCandidateVisible(access: Pick<Access, 'policyRole'>, memberRole: Role): boolean {
  return access.policyRole !== 'guest' || (isEmployeeRole(memberRole) && isActiveRole(memberRole));
}

/**
 * Whether a person an email finds may be named to the caller (user id and name): a member of the
 * organisation the caller's search would offer, or someone already involved in the order. Anyone else
 * is answered like an unknown address, so the field tells nobody who has an account.
 */
export function shareeNameable(access: Pick<Access, 'policyRole'>, memberRole: Role | undefined, involved: boolean): boolean {
  return involved || (memberRole !== undefined && shareeCandidateVisible(access, memberRole));
}

/**
 * What a valid share token lets its opener do, by its kind and (personal link) the person's stored
 * role: an order link and a guest's personal link sign in as a guest; an employee's personal link only
 * leads to the sign-in page (their password stays the key).
 */
export function shareLinkOpener(kind: 'order' | 'personal', personRole: Role | undefined): { orgRole: 'owner' | 'member' | 'guest'; signsIn: boolean } {
  if (kind === 'personal' && personRole !== undefined && isEmployeeRole(personRole)) return { orgRole: personRole as 'owner' | 'member', signsIn: false };
  return { orgRole: 'guest', signsIn: true };
}

/**
 * What a share link gave ends with it (docs/decisions/0071-share-link-addresses-and-expiry.md): an
 * involvement that came only through one of the ended links (`shareTokenId` on the entry) ends; the
 * order's owner never loses their order.
 */
export function involvementEndsWithLinks(order: { userId: number }, userId: number, entry: { shareTokenId?: number }, endedLinks: readonly number[]): boolean {
  return entry.shareTokenId !== undefined && endedLinks.includes(entry.shareTokenId) && userId !== order.userId;
}

/**
 * A guest membership a link made ends with the person's last way in: not while they have a guest
 * record (an owner invited them) or any order of the organisation (their own, or one they are
 * involved in, directly or through another link).
 */
export function linkMembershipEnds(membership: { role: string; shareTokenId?: number | null } | undefined, otherWayIn: { guestRecord: boolean; anOrder: boolean }): boolean {
  return !!membership && membership.role === 'guest' && membership.shareTokenId != null && !otherWayIn.guestRecord && !otherWayIn.anOrder;
}

/**
 * Whether an invitation link still lets its person in: unused, not expired, and the person is still
 * a guest of the organisation (disinviting ends what the link promised).
 */
export function invitationOpens(link: { used: string | null; expires: string } | undefined, stillGuest: boolean, now: number): boolean {
  return !!link && !link.used && Date.parse(link.expires.replace(' ', 'T') + 'Z') > now && stillGuest;
}

/**
 * What a signed-in person who opens a link needs, by their stored role in the order's organisation:
 * employees reach every order already; someone with no membership gets a guest membership; a guest is
 * involved as they are; someone who left or was disabled is refused (a link does not undo that).
 */
export function linkEntryFor(memberRole: Role | undefined): 'employee' | 'join' | 'involve' {
  if (memberRole === undefined) return 'join';
  if (!isActiveRole(memberRole)) throw forbidden('Your access to this organisation has ended. Ask the organisation to invite you again.');
  return isEmployeeRole(memberRole) ? 'employee' : 'involve';
}

// ------------------------------------------------------------------------------- field rules

/**
 * Whether the caller sees prices: the rule of @cpq/domain (`pricingVisibleTo`, shared with the
 * browser), applied to what `authorize` read. Employees see prices; a guest unless the organisation,
 * their guest record or any order of it hides them — hiding is per person, so a price-hidden sharee
 * gets no price from the catalogue nor from an order of their own
 * (docs/decisions/0070-hidden-prices-per-person.md). `order`: the order at hand, read in this request
 * (its entry counts even before the index of hidden orders was read again).
 */
export function pricingVisible(access: Pick<Access, 'policyRole' | 'user' | 'orgPricingHidden' | 'pricingHiddenOnAnOrder'>, order?: { involvedUsers?: unknown } | null): boolean {
  const viewer = { role: access.policyRole, orgPricingHidden: access.orgPricingHidden, personPricingHidden: !!access.pricingHiddenOnAnOrder };
  return pricingVisibleTo(viewer, involvedEntryOf(order, access.user.id));
}

const GUEST_WRITABLE = {
  productOrder: PRODUCT_ORDER_GUEST_WRITABLE_FIELDS as readonly string[],
  productInstance: PRODUCT_INSTANCE_GUEST_WRITABLE_FIELDS as readonly string[],
};

/** Guests write only allow-listed fields; anything else is refused whole (403) before anything is written. */
export function assertWritable(access: Pick<Access, 'policyRole'>, entity: keyof typeof GUEST_WRITABLE, props: object): void {
  if (access.policyRole !== 'guest') return;
  const denied = Object.keys(props).filter((k) => !GUEST_WRITABLE[entity].includes(k));
  if (denied.length) throw forbidden(`Only employees can change ${denied.join(', ')}.`);
}

/**
 * What the order's step lets the caller change (the table of packages/domain/src/status/locks.ts):
 * a locked change is refused whole (409 orderLocked, with the reason) before anything is written.
 * Checked on the order's locked row, inside the transaction that writes.
 */
export function assertOrderChanges(
  access: Pick<Access, 'policyRole'>,
  statuses: readonly ProductOrderStatus[],
  order: { statusData?: unknown; isProcessingPayment?: unknown },
  changes: readonly OrderChange[],
): void {
  const actor = access.policyRole === 'guest' ? 'guest' : 'employee';
  const state: Pick<OrderStatusFields, 'statusData' | 'isProcessingPayment'> = {
    statusData: (order.statusData ?? {}) as OrderStatusFields['statusData'],
    isProcessingPayment: order.isProcessingPayment ? 1 : 0,
  };
  for (const change of changes) {
    const why = changeRefusal(statuses, state, actor, change);
    if (why !== null) throw new ApiError(409, 'orderLocked', why, { change });
  }
}

/** Custom products (id -1) and custom prices are for employees. */
export function assertCustomProductAllowed(access: Pick<Access, 'policyRole'>): void {
  if (access.policyRole === 'guest') throw forbidden('Only employees can add custom products.');
}

// ------------------------------------------------------------------------------- response shaping

function omit<T extends object>(row: T, fields: readonly string[]): T {
  const out = { ...row } as Row;
  for (const f of fields) delete out[f];
  return out as T;
}

/** The public brand of an organisation: these five fields and nothing else of the organisation or its settings. */
export function shapePublicBrand(org: { id: number; title: string; appData?: { designEngine?: { logoUrl?: string; faviconUrl?: string; accentColor?: string } } }): PublicBrand {
  const s = org.appData?.designEngine ?? {};
  return { id: org.id, title: org.title, logoUrl: s.logoUrl || null, faviconUrl: s.faviconUrl || null, accentColor: s.accentColor || null };
}

/** statusData entries record payment amounts: none for a caller who sees no prices. */
export function shapeStatusData(access: Access, order: { involvedUsers?: unknown }, statusData: unknown): unknown {
  return pricingVisible(access, order) ? statusData : withoutPayments(statusData);
}

/** Every amount a status entry records (paid, awaited, upcharge…) is named …InCents. */
const AMOUNT_KEY = /InCents$/;

function withoutPayments(statusData: unknown): unknown {
  if (!statusData || typeof statusData !== 'object') return statusData;
  const strip = (entry: Row) => Object.fromEntries(Object.entries(entry).filter(([key]) => !AMOUNT_KEY.test(key)));
  return Object.fromEntries(Object.entries(statusData as Record<string, Row>).map(([k, v]) => [k, v && typeof v === 'object' ? strip(v) : v]));
}

/** What the server keeps on an order for itself (when its stored prices must be recomputed). */
const ORDER_INTERNAL_FIELDS = ['pricingBasis', 'repriceAfter'] as const;

export function shapeOrder<T extends Row>(access: Access, order: T): T {
  let out = omit(order, ORDER_INTERNAL_FIELDS) as Row;
  if (access.policyRole === 'guest') out = omit(out, access.guestHiddenOrderFields ?? ORDER_GUEST_HIDDEN_UNKNOWN);
  if (pricingVisible(access, order)) return out as T;
  const hidden = omit(out, PRODUCT_ORDER_PRICE_FIELDS);
  if ('statusData' in hidden) hidden.statusData = withoutPayments(hidden.statusData);
  return hidden as T;
}

/** A revision's side as the caller may read it: without any amount where prices are hidden from them on this order. */
export function shapeRevisionSide(access: Access, order: { involvedUsers?: unknown }, side: RevisionSide): RevisionSide {
  return pricingVisible(access, order) ? side : sideWithoutPrices(side);
}

/**
 * A customer's acceptance as the caller may read it: the address it came from only for staff and
 * for the person who accepted (another sharee does not learn it).
 */
export function shapeAcceptance(access: Access, acceptance: QuoteAcceptance): QuoteAcceptance {
  if (access.policyRole !== 'guest' || acceptance.userId === access.user.id) return acceptance;
  return { ...acceptance, ipAddress: '' };
}

/** The customer of an order, who may accept its quote: its owner or someone it is shared with (staff do not accept for them). */
export function mayAcceptQuote(access: Access, order: SharedOrder): boolean {
  return isInvolved(order, access.user.id);
}

/** Order fields for employees only: not in a guest's list, nor in guest mode. */
const ORDER_LIST_EMPLOYEE_FIELDS = ['estimatedShippingDate', 'trackingNumber', 'commandData', 'pricingFailed'] as const;
/** What the list query reads for its own decisions (access, the row's product) and never sends. */
const ORDER_LIST_INTERNAL_FIELDS = ['involvedUsers', 'rowProductId'] as const;

/** A row of the orders list for the caller: no prices when the order hides them, no employee fields in a guest's view. */
export function shapeListRow(access: Access, asGuest: boolean, row: Row): OrdersListRow {
  let out = omit(row, ORDER_LIST_INTERNAL_FIELDS);
  if (asGuest) out = omit(out, ORDER_LIST_EMPLOYEE_FIELDS);
  if (!pricingVisible(access, row)) {
    out = omit(out, PRODUCT_ORDER_PRICE_FIELDS);
    out.statusData = withoutPayments(out.statusData);
  }
  return out as unknown as OrdersListRow;
}

/** Prices only when the caller may see them; which pricing steps failed only for employees. */
export function shapeInstance<T extends Row>(access: Access, order: { involvedUsers?: unknown }, instance: T): T {
  const out = access.policyRole === 'guest' ? omit(instance, PRODUCT_INSTANCE_EMPLOYEE_FIELDS) : instance;
  return pricingVisible(access, order) ? out : omit(out, PRODUCT_INSTANCE_PRICE_FIELDS);
}

/** Option prices are in data.priceInCents and the classifier numbers pricing reads. */
function optionWithoutPrices<T extends Row>(option: T): T {
  const data = option.data && typeof option.data === 'object' ? omit(option.data as Row, ['priceInCents']) : option.data;
  return { ...omit(option, ['classifications']), data } as T;
}

export function shapeProducts<T extends Row>(products: T[], pricing: boolean): T[] {
  return pricing ? products : products.map((p) => omit(p, PRODUCT_PRICE_FIELDS));
}

export function shapeOptions<T extends Row>(options: T[], pricing: boolean): T[] {
  return pricing ? options : options.map(optionWithoutPrices);
}

/**
 * A catalogue row the generic resource call may return: its publish level must be visible to the
 * role; archived rows are listed for employees (the admin screens filter on them), never for guests.
 */
export function catalogueRowReadable(access: Pick<Access, 'role' | 'policyRole'>, row: Published): boolean {
  return isPublishedFor(row.publishLevel ?? 'all', access.role) && (access.policyRole !== 'guest' || !row.archived);
}

/** What of its organisation's catalogue a caller may read (for rows that point at products and options). */
export interface ReadableCatalogue {
  productIds: ReadonlySet<number>;
  optionIds: ReadonlySet<number>;
  /** Pricing rules of the readable products. */
  pricingRuleIds: ReadonlySet<number>;
}

/**
 * Product rules as an audience may read them: a rule whose "from" side (products or options) is all
 * out of the audience's reach never applies to it and is left out; the ids it keeps are numbers only.
 * A rule's title and description are employees' words (they may name unpublished products, and
 * employees see them in "why not available" reasons): a guest does not receive them.
 */
export function shapeProductRules(rows: Row[], readable: Pick<ReadableCatalogue, 'productIds' | 'optionIds'>, employee: boolean): Row[] {
  return rows
    .filter((r) => ((r.fromIds ?? []) as number[]).some((id) => (r.fromResourceKey === 'products' ? readable.productIds : readable.optionIds).has(id)))
    .map((r) => (employee ? r : omit(r, ['title', 'description'])));
}

/**
 * Option classifiers as an audience may read them: their groups and numbers only of options it may
 * read, and no numbers at all when prices are hidden (they are what pricing reads: upcharges, rates).
 */
export function shapeClassifiers(rows: Row[], readable: Pick<ReadableCatalogue, 'optionIds'>, pricing: boolean): Row[] {
  const keep = (id: unknown) => readable.optionIds.has(Number(id));
  return rows.map((c) => {
    const data = (c.data && typeof c.data === 'object' ? c.data : {}) as Row;
    const groups = Array.isArray(data.groups) ? (data.groups as Row[]).map((g) => ({ ...g, optionIds: ((g.optionIds ?? []) as unknown[]).filter(keep) })) : data.groups;
    const numbers = !pricing
      ? []
      : Array.isArray(data.numbers)
        ? (data.numbers as Row[]).map((n) => ({ ...n, values: Object.fromEntries(Object.entries((n.values ?? {}) as Row).filter(([id]) => keep(id))) }))
        : data.numbers;
    return { ...c, data: { ...data, ...(groups !== undefined ? { groups } : {}), ...(numbers !== undefined ? { numbers } : {}) } };
  });
}

/**
 * Catalogue rows read through the generic resource call: publish levels for products and options;
 * product rules and classifiers shaped to what the caller may read; pricing rules only of products
 * the caller may read, and none, nor option prices nor classifier numbers, when prices are hidden
 * from the caller (`pricingVisible`: anywhere in the organisation).
 */
export function shapeCatalogueRows(access: Access, key: string, rows: Row[], readable: () => Promise<ReadableCatalogue>): Promise<Row[]> | Row[] {
  const pricing = pricingVisible(access);
  const employee = access.policyRole !== 'guest';
  switch (key) {
    case 'products':
      return shapeProducts(rows.filter((r) => catalogueRowReadable(access, r as Published)), pricing);
    case 'productOptions':
      return shapeOptions(rows.filter((r) => catalogueRowReadable(access, r as Published)), pricing);
    case 'productRules':
      return readable().then((ids) => shapeProductRules(rows, ids, employee));
    case 'productOptionClassifiers':
      return readable().then((ids) => shapeClassifiers(rows, ids, pricing));
    case 'productPricingRules':
      if (!pricing) return [];
      if (access.policyRole === 'owner') return rows;
      if (!employee) return readable().then((ids) => rows.filter((r) => ids.pricingRuleIds.has(r.id as number)).map(withoutDraftVersions));
      return rows.map(withoutDraftVersions);
    default:
      return rows;
  }
}


// ------------------------------------------------------------------------------- the catalogue

/**
 * Who a catalogue response is for: the publish levels of the caller's role (owner, member, or any
 * other role) and whether prices may be in it. Everyone with the same audience gets the same
 * (cached) response.
 */
export interface CatalogueAudience {
  publishRole: 'owner' | 'member' | 'guest';
  pricing: boolean;
}

/**
 * The caller's audience; for an order page (`order` given), prices only when that order shows them
 * to the caller (an involved user's hidden pricing hides the catalogue's prices too).
 */
export function catalogueAudience(access: Access, order?: { involvedUsers?: unknown } | null): CatalogueAudience {
  const publishRole = access.role === 'owner' ? 'owner' : access.role === 'member' ? 'member' : 'guest';
  return { publishRole, pricing: pricingVisible(access, order) };
}

export const audienceKey = (a: CatalogueAudience) => `${a.publishRole}:${a.pricing ? 'priced' : 'unpriced'}`;

export interface CatalogueTables {
  products: Row[];
  productCategories: Row[];
  productProperties: Row[];
  productPropertyGroups: Row[];
  productOptions: Row[];
  productOptionClassifiers: Row[];
  productRules: Row[];
  productPricingRules: Row[];
  media: Row[];
  productGraphics: Row[];
}

/** A product or option of the catalogue response: active, and published for the audience's role. */
function offeredTo(a: CatalogueAudience, row: Published): boolean {
  return !row.archived && isPublishedFor(row.publishLevel ?? 'all', a.publishRole);
}

/**
 * A pricing rule without its draft versions: drafts price nothing and are the owners' work in
 * progress, so only the owners' admin screens receive them.
 */
function withoutDraftVersions(rule: Row): Row {
  const versions = (rule.versions ?? {}) as Record<string, PricingRuleVersion>;
  if (!Object.values(versions).some(isDraftVersion)) return rule;
  return { ...rule, versions: Object.fromEntries(Object.entries(versions).filter(([, v]) => !isDraftVersion(v))) };
}

/** The pricing rules of the products sent (deleted rules included: a product that still uses one keeps its price), without drafts. */
function rulesOf(tables: CatalogueTables, products: Row[], pricing: boolean): Row[] {
  if (!pricing) return [];
  const ids = new Set(products.map((p) => p.productPricingRuleId));
  return tables.productPricingRules.filter((r) => ids.has(r.id)).map(withoutDraftVersions);
}

/** Active graphics of the products sent: none of a product the audience does not get. */
function graphicsOf(tables: CatalogueTables, products: Row[]): Row[] {
  const ids = new Set(products.map((p) => p.id));
  return tables.productGraphics.filter((g) => !g.archived && ids.has(g.productId));
}

/**
 * The catalogue as an audience may see it: active products and options published for its role,
 * active categories, and — only when prices are visible — pricing rules and option prices.
 */
export function shapeCatalogue(tables: CatalogueTables, a: CatalogueAudience) {
  const products = tables.products.filter((p) => offeredTo(a, p as Published));
  // What rules and classifiers may point at: publish level only (an archived row an order already uses stays meaningful).
  const readable = {
    productIds: new Set(tables.products.filter((p) => isPublishedFor((p as Published).publishLevel ?? 'all', a.publishRole)).map((p) => p.id as number)),
    optionIds: new Set(tables.productOptions.filter((o) => isPublishedFor((o as Published).publishLevel ?? 'all', a.publishRole)).map((o) => o.id as number)),
  };
  return {
    pricingIsHidden: !a.pricing,
    products: shapeProducts(products, a.pricing),
    productCategories: tables.productCategories.filter((c) => !c.archived),
    productProperties: tables.productProperties,
    productPropertyGroups: tables.productPropertyGroups,
    productOptions: shapeOptions(tables.productOptions.filter((o) => offeredTo(a, o as Published)), a.pricing),
    productOptionClassifiers: shapeClassifiers(tables.productOptionClassifiers, readable, a.pricing),
    productRules: shapeProductRules(tables.productRules, readable, a.publishRole !== 'guest'),
    productPricingRules: rulesOf(tables, products, a.pricing),
    // Where a file is kept is the server's business.
    media: tables.media.map(({ storageKey: _storageKey, ...medium }) => medium),
    productGraphics: graphicsOf(tables, products),
  };
}

/**
 * What an order uses beyond its reader's catalogue: archived products and options it already has
 * (they stay usable there), when their publish level is visible to the reader, shaped the same way.
 */
export function shapeCatalogueAdditions(tables: CatalogueTables, a: CatalogueAudience, used: { productIds: ReadonlySet<number>; optionIds: ReadonlySet<unknown> }) {
  const usedAndHidden = (row: Row, used: boolean) => used && !!row.archived && isPublishedFor((row as Published).publishLevel ?? 'all', a.publishRole);
  const products = tables.products.filter((p) => usedAndHidden(p, used.productIds.has(p.id as number)));
  const optionRows = tables.productOptions.filter((o) => usedAndHidden(o, used.optionIds.has(o.id)));
  return { products: shapeProducts(products, a.pricing), productOptions: shapeOptions(optionRows, a.pricing), productPricingRules: rulesOf(tables, products, a.pricing) };
}
