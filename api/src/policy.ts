import type { Context } from 'koa';
import {
  PRODUCT_INSTANCE_GUEST_WRITABLE_FIELDS,
  PRODUCT_INSTANCE_PRICE_FIELDS,
  PRODUCT_ORDER_GUEST_WRITABLE_FIELDS,
  PRODUCT_ORDER_PRICE_FIELDS,
  PRODUCT_PRICE_FIELDS,
  isActiveRole,
  isEmployeeRole,
  isPublishedFor,
  type PublishLevelName,
  type Role,
} from '@cpq/domain';
import type { Repos, Row } from './db/repository.ts';
import { forbidden, forbiddenOrg, notFound, unauthenticated } from './http/errors.ts';

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

/**
 * The role table: endpoint → roles allowed. Row rules come on top: order endpoints apply
 * `involvedInOrder`, catalogue reads and writes the publish-level rules below.
 */
export const POLICY = {
  'configurator.getHomepageData': { roles: ALL_ROLES },
  'configurator.createProductOrder': { roles: ALL_ROLES },
  'configurator.getOrderData': { roles: ALL_ROLES },
  'resources.get': { roles: ALL_ROLES },
  'productInstances.write': { roles: ALL_ROLES },
  'productOrders.update': { roles: ALL_ROLES },
  /** Catalogue writes (admin screens): not routed yet; owners only. */
  'resources.write': { roles: OWNERS },
} as const satisfies Record<string, { roles: readonly PolicyRole[] }>;

export type Endpoint = keyof typeof POLICY;

export function policyRole(role: Role): PolicyRole {
  return isEmployeeRole(role) ? (role as PolicyRole) : 'guest';
}

export function can(endpoint: Endpoint, role: Role): boolean {
  return (POLICY[endpoint].roles as readonly PolicyRole[]).includes(policyRole(role));
}

export interface SessionUserState {
  id: number;
  email: string;
  sessionId: number;
}

export interface Access {
  user: SessionUserState;
  orgId: number;
  /** The stored role in this organisation. */
  role: Role;
  prevRole: Role | null;
  /** The role used for decisions. */
  policyRole: PolicyRole;
  /** The organisation's access data hides prices from this user (whatever the order says). */
  orgPricingHidden: boolean;
}

export function requireUser(ctx: Context): SessionUserState {
  const user = ctx.state.user as SessionUserState | undefined;
  if (!user) throw unauthenticated();
  return user;
}

const isOn = (v: unknown) => v === 1 || v === true || v === '1';

/**
 * The organisation's access data for a member: the guest record's pricingIsHidden, or the
 * membership's own access data. Also what the session tells the browser.
 */
export async function orgAccessData(repos: Repos, orgId: number, userId: number, accessData: unknown): Promise<{ pricingIsHidden: boolean }> {
  if (isOn((accessData as Row | null)?.pricingIsHidden)) return { pricingIsHidden: true };
  const guest = await repos.guests.findOne({ orgId, userId });
  const edge = (guest?.orgAccessEdgeData as { designEngine?: Row } | undefined)?.designEngine;
  return { pricingIsHidden: isOn(edge?.pricingIsHidden) };
}

/**
 * The check every call naming an organisation goes through: signed in (401), an active member of
 * that organisation (403), and a role the policy table allows for the endpoint (403).
 */
export async function authorize(ctx: Context, repos: Repos, endpoint: Endpoint, orgId: number): Promise<Access> {
  const user = requireUser(ctx);
  const m = await repos.memberships.findOne({ userId: user.id, orgId });
  if (!m || !isActiveRole(m.role)) throw forbiddenOrg();
  const role = m.role;
  if (!can(endpoint, role)) throw forbidden('Your role in this organisation does not allow this.');
  const pr = policyRole(role);
  const orgPricingHidden = pr === 'guest' ? (await orgAccessData(repos, orgId, user.id, m.accessData)).pricingIsHidden : false;
  return { user, orgId, role, prevRole: m.prevRole ?? null, policyRole: pr, orgPricingHidden };
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

// ------------------------------------------------------------------------------- field rules

/** Employees see prices; a guest does unless the organisation's access data or the order's involved-user data hides them. */
export function pricingVisible(access: Pick<Access, 'policyRole' | 'user' | 'orgPricingHidden'>, order?: { involvedUsers?: unknown } | null): boolean {
  if (access.policyRole !== 'guest') return true;
  if (access.orgPricingHidden) return false;
  const entry = ((order?.involvedUsers ?? {}) as Record<string, Row | undefined>)[String(access.user.id)];
  return !isOn(entry?.pricingIsHidden);
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

/** statusData entries record payment amounts. */
function withoutPayments(statusData: unknown): unknown {
  if (!statusData || typeof statusData !== 'object') return statusData;
  return Object.fromEntries(Object.entries(statusData as Record<string, Row>).map(([k, v]) => [k, v && typeof v === 'object' ? omit(v, ['paymentAmountInCents']) : v]));
}

export function shapeOrder<T extends Row>(access: Access, order: T): T {
  if (pricingVisible(access, order)) return order;
  const out = omit(order, PRODUCT_ORDER_PRICE_FIELDS) as Row;
  if ('statusData' in out) out.statusData = withoutPayments(out.statusData);
  return out as T;
}

export function shapeInstance<T extends Row>(access: Access, order: { involvedUsers?: unknown }, instance: T): T {
  return pricingVisible(access, order) ? instance : omit(instance, PRODUCT_INSTANCE_PRICE_FIELDS);
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

/**
 * Catalogue rows read through the generic resource call: publish levels for products and options;
 * pricing rules only of products the caller may read (`readableRuleIds`), and none, nor option
 * prices, when the organisation hides pricing from the caller.
 */
export function shapeCatalogueRows(access: Access, key: string, rows: Row[], readableRuleIds: () => Promise<ReadonlySet<number>>): Promise<Row[]> | Row[] {
  const pricing = pricingVisible(access);
  switch (key) {
    case 'products':
      return shapeProducts(rows.filter((r) => catalogueRowReadable(access, r as Published)), pricing);
    case 'productOptions':
      return shapeOptions(rows.filter((r) => catalogueRowReadable(access, r as Published)), pricing);
    case 'productPricingRules':
      if (!pricing) return [];
      if (access.policyRole !== 'guest') return rows;
      return readableRuleIds().then((ids) => rows.filter((r) => ids.has(r.id as number)));
    default:
      return rows;
  }
}

