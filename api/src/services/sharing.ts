import type { Knex } from 'knex';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_EXPIRED,
  SHARE_LINK_INVALID,
  isActiveRole,
  isEmployeeRole,
  type HandleGuestShareLinkResponse,
  type InvolvedUserView,
  type InvolvedUsersResponse,
  type OrgRoleForTokenResponse,
  type ShareeCandidate,
  type ShareeResponse,
  type ShareableLinkResponse,
  shareLinkExpiry,
  shareLinkExpiryDay,
  orgDateSettings,
} from '@cpq/domain';
import { assertLinkTokenMayBeTried, refuseLinkToken, type LinkThrottleRules } from '../auth/rateLimit.ts';
import type { SessionUserState } from '../auth/requestSession.ts';
import { createSession, type RequestClient } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Queries } from '../db/queries.ts';
import type { Repos, Row } from '../db/repository.ts';
import type { MembershipRow, ProductOrderRow, ShareTokenRow, UserRow } from '../db/rows.ts';
import type { ShareTokenFailures } from '../db/shareTokenFailures.ts';
import { fromDbDate, normaliseDbDate, nowUtc, toDbDate } from '../db/time.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import {
  assertInvolvedInOrder,
  assertMayTogglePricing,
  assertNotOwnerEntry,
  involvementEndsWithLinks,
  isInvolved,
  linkEntryFor,
  linkMembershipEnds,
  mayTogglePricing,
  orderNotFound,
  shapeOrder,
  shareLinkOpener,
  sharedPricingIsHidden,
  shareeCandidateVisible,
  shareeNameable,
  type Access,
} from '../policy.ts';
import { joinAsGuest } from './guestMembership.ts';
import { audit } from './orders.ts';
import { getOrg } from './orgs.ts';
import type { StatusMailDeps } from './statusMail.ts';

/**
 * Sharing an order (docs/decisions/0045-sharing-and-share-links.md, 0048-sharing-server-rules.md):
 * who is involved, the order's link, sharing by email with a mailed note and link, removal, price
 * visibility per collaborator, and share-link entry. Every write runs in one transaction on the
 * order's locked row and leaves an audit line; mail goes after the commit. Share tokens are 256
 * random bits; only their sha256 is stored, and no token is ever logged.
 */
export interface SharingDeps {
  repos: Repos;
  queries: Queries;
  transaction: TransactionRunner;
  mail: StatusMailDeps;
  tokenFailures: ShareTokenFailures;
}

type Involved = ProductOrderRow['involvedUsers'];
/**
 * An involvement as stored: `shareTokenId` names the link it came through (a person who opened a link);
 * none when the person was shared with directly (by email) or owns the order. `pricingIsHidden` is
 * written as ever.
 */
type Entry = Involved[string] & { shareTokenId?: number };
type Entries = Record<string, Entry>;
type Trx = Knex.Transaction;

const entriesOf = (order: ProductOrderRow): Entries => ({ ...(order.involvedUsers as Entries | undefined) });

// ------------------------------------------------------------------------------- bad tokens

/** Share links: free bad tokens per IP and per token, then a wait of 1 s doubling per further one (at most 15 min), forgotten an hour after the last. */
export const SHARE_LINK_THROTTLE: LinkThrottleRules = { kind: 'share', freePerIp: 20, freePerToken: 10, firstDelayMs: 1000, maxDelayMs: 15 * 60_000, forgetAfterMs: 3600_000 };
export const FREE_BAD_TOKENS = SHARE_LINK_THROTTLE.freePerIp;

/**
 * 256-bit tokens cannot be guessed, but the token calls must not be a free oracle either: an IP that
 * gave many bad tokens, or a token tried and refused many times (from any IPs), waits, growing with
 * each further failure (429 with Retry-After), before any token of theirs — good or bad — or that token
 * is looked at again (auth/rateLimit.ts).
 */
const assertNotGuessing = (deps: SharingDeps, client: RequestClient, raw: string) => assertLinkTokenMayBeTried(deps.tokenFailures, SHARE_LINK_THROTTLE, ipOf(client), raw);

const ipOf = (client: RequestClient) => client.ip || 'unknown';

const badToken = (deps: SharingDeps, client: RequestClient, raw: string, error: ApiError) => refuseLinkToken(deps.tokenFailures, SHARE_LINK_THROTTLE, ipOf(client), raw, error);

// ------------------------------------------------------------------------------- tokens and links

const expired = (token: ShareTokenRow) => !!token.expires && fromDbDate(normaliseDbDate(token.expires)!).getTime() <= Date.now();

/** A token that works: known by its hash, not revoked, not expired. */
async function usableToken(repos: Repos, raw: string, trx?: Trx): Promise<ShareTokenRow | undefined> {
  const token = await repos.shareTokens.findOne({ tokenHash: hashToken(raw.trim()) }, trx);
  if (!token || token.revoked || expired(token)) return undefined;
  return token;
}

const baseUrl = (deps: SharingDeps) => deps.mail.publicUrl.replace(/\/$/, '');
const orderUrl = (deps: SharingDeps, orgSpecificId: number) => `${baseUrl(deps)}/orders/${orgSpecificId}`;
const tokenUrl = (deps: SharingDeps, orgSpecificId: number, token: string) => `${orderUrl(deps, orgSpecificId)}?shareToken=${token}&shareableOrderId=${orgSpecificId}`;

/**
 * Makes a token in the caller's transaction, working for `days` days, and answers it (the raw token
 * exists only in this answer) with when it stops working.
 */
async function insertToken(repos: Repos, trx: Trx, order: ProductOrderRow, t: { kind: 'order' | 'personal'; userId: number | null; createdBy: number; pricingIsHidden: 0 | 1; days: number }): Promise<{ token: string; expires: Date }> {
  const token = newToken();
  const expires = shareLinkExpiry(new Date(), t.days);
  await repos.shareTokens.insert({ orgId: order.orgId, productOrderId: order.id, tokenHash: hashToken(token), kind: t.kind, userId: t.userId, createdBy: t.createdBy, pricingIsHidden: t.pricingIsHidden, expires: toDbDate(expires), revoked: null }, trx);
  return { token, expires };
}

/** Revokes the unrevoked tokens matching `where` (an order's link, or a person's links to an order). */
async function revokeTokens(repos: Repos, trx: Trx, where: Row): Promise<number> {
  return repos.shareTokens.update({ ...where, revoked: null }, { revoked: nowUtc() }, trx);
}

interface Opened {
  token: ShareTokenRow;
  order: ProductOrderRow;
  /** The person a personal link is for, with their membership of the order's organisation. */
  person?: { user: UserRow; membership: MembershipRow };
}

/**
 * What a token opens: its order and (personal link) its person, who must still be an active member
 * and involved in the order. An expired token: 'expired'; anything else: undefined (a bad link).
 */
async function openToken(deps: SharingDeps, raw: string): Promise<Opened | 'expired' | undefined> {
  const { repos } = deps;
  const token = await repos.shareTokens.findOne({ tokenHash: hashToken(raw.trim()) });
  if (!token || token.revoked) return undefined;
  if (expired(token)) return 'expired';
  const order = (await repos.productOrders.findOne({ id: token.productOrderId })) as ProductOrderRow | undefined;
  if (!order) return undefined;
  if (token.kind !== 'personal') return { token, order };
  const user = token.userId == null ? undefined : await repos.users.findOne({ id: token.userId });
  const membership = user && (await repos.memberships.findOne({ orgId: order.orgId, userId: user.id }));
  if (!user || !membership || !isActiveRole(membership.role) || !isInvolved(order, user.id)) return undefined;
  return { token, order, person: { user, membership } };
}

const invalidLink = () => notFound('shareLinkInvalid', SHARE_LINK_INVALID);
// Refused like a bad link (and counted like one), with its own sentence for the person.
const expiredLink = () => notFound('shareLinkExpired', SHARE_LINK_EXPIRED);

async function openOrRefuse(deps: SharingDeps, client: RequestClient, raw: string): Promise<Opened> {
  await assertNotGuessing(deps, client, raw);
  const opened = await openToken(deps, raw);
  if (opened === 'expired') return badToken(deps, client, raw, expiredLink());
  return opened ?? badToken(deps, client, raw, invalidLink());
}

// ------------------------------------------------------------------------------- involvement

/** Writes an order's involved users (a sharing change is not an edit: the order keeps its lastUpdated). */
async function writeInvolved(repos: Repos, trx: Trx, order: ProductOrderRow, involvedUsers: Entries): Promise<void> {
  await repos.productOrders.update({ id: order.id }, { involvedUsers, lastUpdated: order.lastUpdated }, trx);
}

async function lockOrderById(repos: Repos, trx: Trx, access: Access, productOrderId: number): Promise<ProductOrderRow> {
  const order = (await repos.productOrders.lockOne({ id: productOrderId, orgId: access.orgId }, trx)) as ProductOrderRow | undefined;
  assertInvolvedInOrder(access, order);
  return order as ProductOrderRow;
}

async function lockOrderByNumber(repos: Repos, trx: Trx, access: Access, orgSpecificId: number): Promise<ProductOrderRow> {
  const order = (await repos.productOrders.lockOne({ orgId: access.orgId, orgSpecificId }, trx)) as ProductOrderRow | undefined;
  assertInvolvedInOrder(access, order);
  return order as ProductOrderRow;
}

/**
 * A signed-in person opens a valid token of an order: involved as they are (policy `linkEntryFor`),
 * with the prices the token passes on, in one transaction on the order's locked row.
 */
async function involveSignedIn(deps: SharingDeps, token: ShareTokenRow, userId: number): Promise<void> {
  const { repos } = deps;
  await deps.transaction(async (trx) => {
    const order = (await repos.productOrders.lockOne({ id: token.productOrderId }, trx)) as ProductOrderRow | undefined;
    if (!order) throw invalidLink();
    // Locked: ending a link may end this membership at the same time (endMembershipMadeByLink).
    const membership = await repos.memberships.lockOne({ orgId: order.orgId, userId }, trx);
    const entry = linkEntryFor(membership?.role);
    if (entry === 'employee') return;
    if (entry === 'join') {
      // The link made this membership: it may end with the link.
      await repos.memberships.insert({ userId, orgId: order.orgId, role: 'guest', prevRole: null, accessData: {}, shareTokenId: token.id }, trx);
      await audit(repos, trx, { orgId: order.orgId, userId, entity: 'membership', entityId: userId, action: 'joinByShareLink', data: { productOrderId: order.id, role: 'guest', shareTokenId: token.id } });
    }
    if (isInvolved(order, userId)) return;
    await writeInvolved(repos, trx, order, { ...entriesOf(order), [String(userId)]: { role: 'sharee', pricingIsHidden: token.pricingIsHidden ? 1 : 0, shareTokenId: token.id } });
    await audit(repos, trx, { orgId: order.orgId, userId, entity: 'productOrder', entityId: order.id, action: 'involveByShareLink', data: { userId, shareTokenId: token.id, kind: token.kind, pricingIsHidden: token.pricingIsHidden ? 1 : 0 } });
  });
}

// ------------------------------------------------------------------------------- the token calls

/** get-org-role-for-token: the role the link's opener gets, and the order it opens. */
export async function orgRoleForToken(deps: SharingDeps, client: RequestClient, shareToken: string): Promise<OrgRoleForTokenResponse> {
  const { token, order, person } = await openOrRefuse(deps, client, shareToken);
  return { orgRole: shareLinkOpener(token.kind, person?.membership.role).orgRole, orgId: order.orgId, productOrderOrgSpecificId: order.orgSpecificId };
}

/**
 * handle-guest-share-link: a signed-in caller (`me`) is involved as they are; otherwise a personal link
 * signs in as its person (a guest; an employee is sent to sign in), an order link as a new guest
 * account of the organisation ("Guest", no email or password) involved in that order only. Answers the
 * new session's token when the link signed someone in (the route sets the cookie).
 */
export async function handleGuestShareLink(
  deps: SharingDeps,
  caller: { client: RequestClient; me: SessionUserState | null },
  shareToken: string,
): Promise<{ data: HandleGuestShareLinkResponse; session: string | null }> {
  const opened = await openOrRefuse(deps, caller.client, shareToken);
  const { token, order, person } = opened;
  const answer = (userId: number) => ({ orgId: order.orgId, productOrderOrgSpecificId: order.orgSpecificId, userId });
  const { me } = caller;
  if (me) {
    await involveSignedIn(deps, token, me.id);
    return { data: answer(me.id), session: null };
  }
  if (person) {
    if (!shareLinkOpener(token.kind, person.membership.role).signsIn) throw forbidden('Sign in to open this order.');
    return { data: answer(person.user.id), session: await createSession(deps, caller.client, person.user.id) };
  }
  const { repos } = deps;
  const { userId, session } = await deps.transaction(async (trx) => {
    const locked = (await repos.productOrders.lockOne({ id: order.id }, trx)) as ProductOrderRow | undefined;
    // Revoked (or the order deleted) since it was read.
    if (!locked || !(await usableToken(repos, shareToken, trx))) throw invalidLink();
    const now = nowUtc();
    const userId = await repos.users.insert({ email: null, passwordHash: null, firstName: 'Guest', lastName: '', personalOrgId: null, isPlatformAdmin: 0, appData: {}, created: now, lastUpdated: now }, trx);
    await repos.memberships.insert({ userId, orgId: locked.orgId, role: 'guest', prevRole: null, accessData: {}, shareTokenId: token.id }, trx);
    await writeInvolved(repos, trx, locked, { ...entriesOf(locked), [String(userId)]: { role: 'sharee', pricingIsHidden: token.pricingIsHidden ? 1 : 0, shareTokenId: token.id } });
    await audit(repos, trx, { orgId: locked.orgId, userId, entity: 'productOrder', entityId: locked.id, action: 'guestByShareLink', data: { userId, shareTokenId: token.id, pricingIsHidden: token.pricingIsHidden ? 1 : 0 } });
    // The session in the same transaction: no account is left behind without one.
    const session = await createSession({ repos, transaction: (work) => work(trx) }, caller.client, userId);
    return { userId, session };
  });
  return { data: answer(userId), session };
}

/**
 * get-configurator-order-data with a shareToken: the token must open that very order (and match
 * shareableOrderId when given), else the same 404 as a missing order; the signed-in caller (`me`) is
 * then involved by it as handle-guest-share-link would.
 */
export async function enterOrderByToken(
  deps: SharingDeps,
  me: SessionUserState,
  client: RequestClient,
  body: { orgId: number; productOrderOrgSpecificId: number; shareToken: string; shareableOrderId?: string | number },
): Promise<void> {
  await assertNotGuessing(deps, client, body.shareToken);
  const opened = await openToken(deps, body.shareToken);
  const n = body.productOrderOrgSpecificId;
  const matches =
    opened &&
    opened !== 'expired' &&
    opened.order.orgId === body.orgId &&
    opened.order.orgSpecificId === n &&
    (body.shareableOrderId === undefined || String(body.shareableOrderId).trim() === String(n));
  if (!matches) return badToken(deps, client, body.shareToken, orderNotFound());
  await involveSignedIn(deps, opened.token, me.id);
}

// ------------------------------------------------------------------------------- reads

const nameOf = (u: { firstName?: string | null; lastName?: string | null; email?: string | null }) =>
  [u.firstName, u.lastName].filter((s) => s && s.trim()).join(' ').trim() || u.email || '';

/** get-involved-users: the order's owner and involved users with their organisation roles. */
export async function involvedUsers(deps: SharingDeps, access: Access, orgSpecificId: number): Promise<InvolvedUsersResponse> {
  const { repos } = deps;
  const order = (await repos.productOrders.findOne({ orgId: access.orgId, orgSpecificId })) as ProductOrderRow | undefined;
  assertInvolvedInOrder(access, order);
  const o = order as ProductOrderRow;
  const entries = o.involvedUsers ?? {};
  const ids = [...new Set([o.userId, ...Object.keys(entries).map(Number)])].filter((n) => Number.isInteger(n) && n > 0);
  const users = await repos.users.find({ id: ids }, { columns: ['id', 'email', 'firstName', 'lastName'] });
  const roles = new Map((await repos.memberships.find({ orgId: o.orgId, userId: ids }, { columns: ['userId', 'role'] })).map((m) => [m.userId, m.role]));
  const list: InvolvedUserView[] = users.map((u) => ({
    userId: u.id,
    email: u.email ?? null,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    role: u.id === o.userId ? 'owner' : 'sharee',
    pricingIsHidden: entries[String(u.id)]?.pricingIsHidden ? 1 : 0,
    orgRole: roles.get(u.id) ?? 'none',
  }));
  list.sort((a, b) => (a.role === 'owner' ? 0 : 1) - (b.role === 'owner' ? 0 : 1) || nameOf(a).localeCompare(nameOf(b), undefined, { sensitivity: 'base' }));
  return { productOrderId: o.id, ownerId: o.userId, involvedUsers: list, canTogglePricing: mayTogglePricing(access, o) };
}

/** get-sharee-candidates: the organisation's people the caller may be offered (policy `shareeCandidateVisible`). */
export async function shareeCandidates(deps: SharingDeps, access: Access, productOrderId: number): Promise<ShareeCandidate[]> {
  const { repos } = deps;
  assertInvolvedInOrder(access, await repos.productOrders.findOne({ id: productOrderId, orgId: access.orgId }));
  const members = (await repos.memberships.find({ orgId: access.orgId }, { columns: ['userId', 'role'] })).filter((m) => shareeCandidateVisible(access, m.role));
  if (!members.length) return [];
  const users = await repos.users.find({ id: members.map((m) => m.userId) }, { columns: ['id', 'email', 'firstName', 'lastName'] });
  const byId = new Map(users.map((u) => [u.id, u]));
  return members
    .flatMap((m): ShareeCandidate[] => {
      const u = byId.get(m.userId);
      // Guests who came by link have no email: nobody can share with them by email.
      return u?.email ? [{ userId: u.id, email: u.email, firstName: u.firstName ?? null, lastName: u.lastName ?? null, orgRole: m.role }] : [];
    })
    .sort((a, b) => nameOf(a).localeCompare(nameOf(b), undefined, { sensitivity: 'base' }));
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** get-or-create-sharee: who an email names, for the pending list. Writes nothing; names only whom the caller may know (`shareeNameable`). */
export async function shareeByEmail(deps: SharingDeps, access: Access, productOrderId: number, shareeEmail: string): Promise<ShareeResponse> {
  const { repos } = deps;
  const order = (await repos.productOrders.findOne({ id: productOrderId, orgId: access.orgId })) as ProductOrderRow | undefined;
  assertInvolvedInOrder(access, order);
  const email = normaliseEmail(shareeEmail);
  const user = await repos.users.findOne({ email });
  const membership = user && (await repos.memberships.findOne({ orgId: access.orgId, userId: user.id }));
  if (user && shareeNameable(access, membership?.role, isInvolved(order as ProductOrderRow, user.id))) {
    return { sharee: { userId: user.id, email, firstName: user.firstName ?? null, lastName: user.lastName ?? null, isNew: false } };
  }
  return { sharee: { userId: null, email, firstName: null, lastName: null, isNew: true } };
}

// ------------------------------------------------------------------------------- writes

// ------------------------------------------------------------------------------- ending links

/**
 * Sharing rule (belongs in policy.ts; kept here until it moves): a membership that a share link made
 * ends once its person has no other way into the organisation — no guest record (an owner invited
 * them), no order they own, no order they are involved in (shared with them by email, or through a
 * link that still stands). Sharing with someone by email makes their membership theirs: no link made
 * it any more (involveByEmail). Answers whether the membership ended. The rows are read locked, so a
 * share or a link opened at the same time either comes first and keeps the membership, or after and
 * makes a new one.
 */
async function endMembershipMadeByLink(repos: Repos, trx: Trx, orgId: number, userId: number, by: number): Promise<boolean> {
  const membership = await repos.memberships.lockOne({ orgId, userId }, trx);
  if (!membership || membership.role !== 'guest' || membership.shareTokenId == null) return false;
  const guestRecord = !!(await repos.guests.lockOne({ orgId, userId }, trx));
  // product_order_users: the owner and the involved users of each order, kept in step in this transaction.
  const anOrder = !!(await repos.productOrderUsers.lockOne({ orgId, userId }, trx));
  if (!linkMembershipEnds(membership, { guestRecord, anOrder })) return false;
  // Deleted rather than marked 'left': a link that still works may let them in again.
  await repos.memberships.delete({ id: membership.id }, trx);
  // An account a link made (no email, no password) is nothing without it: its sessions end too, so
  // the browser is signed out rather than left in a portal with no organisation.
  const user = await repos.users.findOne({ id: userId }, trx);
  const signedOut = !user?.email && !(await repos.memberships.findOne({ userId }, trx)) ? await repos.sessions.delete({ userId }, trx) : 0;
  await audit(repos, trx, { orgId, userId: by, entity: 'membership', entityId: userId, action: 'endByShareLink', data: { userId, shareTokenId: membership.shareTokenId, sessionsEnded: signedOut } });
  return true;
}

/**
 * Ends links to an order and the access they gave, in the caller's transaction (the order locked;
 * `order` as it stands in it). Sharing rule: a link ends with its maker's say —
 * a new link of theirs, or their losing the order — and takes with it whom it let in. So the links are
 * revoked; whoever is involved only through one of them loses the order (involvementEndsWithLinks), and with it the order links
 * they made to it (whose people follow in turn; personal links they made for people shared with by
 * email stay: those people were invited directly); a membership such a link made ends when its person
 * has no other way in (linkMembershipEnds). Answers what ended.
 */
async function endLinks(repos: Repos, trx: Trx, order: ProductOrderRow, tokenIds: readonly number[], by: number): Promise<{ revokedLinks: number; shutOut: number[]; membershipsEnded: number[] }> {
  const involved = entriesOf(order);
  const ended = new Set<number>();
  const shutOut: number[] = [];
  let revokedLinks = 0;
  let next = [...tokenIds];
  while (next.length) {
    const ids = next.filter((id) => !ended.has(id));
    if (!ids.length) break;
    for (const id of ids) ended.add(id);
    revokedLinks += await revokeTokens(repos, trx, { id: ids });
    const gone = Object.entries(involved)
      .filter(([userId, e]) => involvementEndsWithLinks(order, Number(userId), e, ids))
      .map(([userId]) => Number(userId));
    for (const userId of gone) delete involved[String(userId)];
    shutOut.push(...gone);
    next = gone.length ? (await repos.shareTokens.find({ productOrderId: order.id, kind: 'order', createdBy: gone, revoked: null }, { trx, columns: ['id'] })).map((t) => t.id) : [];
  }
  if (shutOut.length) await writeInvolved(repos, trx, order, involved);
  const membershipsEnded: number[] = [];
  for (const userId of shutOut) if (await endMembershipMadeByLink(repos, trx, order.orgId, userId, by)) membershipsEnded.push(userId);
  return { revokedLinks, shutOut, membershipsEnded };
}

/**
 * generate-shareable-link: a new link of the caller's to the order, working for `validForDays` (30 by
 * default) and passing on the caller's price visibility. The caller's previous link to the order stops
 * working, and whoever came in only through it loses the order (endLinks). Other people's links stay:
 * each person has at most one order link per order, so nobody can shut out the people someone else let in.
 */
export async function generateShareableLink(deps: SharingDeps, access: Access, productOrderId: number, validForDays: number = SHARE_LINK_DEFAULT_DAYS): Promise<ShareableLinkResponse> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const order = await lockOrderById(repos, trx, access, productOrderId);
    const pricingIsHidden = sharedPricingIsHidden(access, order);
    const mine = await repos.shareTokens.find({ productOrderId: order.id, kind: 'order', createdBy: access.user.id, revoked: null }, { trx, columns: ['id'] });
    const ended = await endLinks(repos, trx, order, mine.map((t) => t.id), access.user.id);
    const { token, expires } = await insertToken(repos, trx, order, { kind: 'order', userId: null, createdBy: access.user.id, pricingIsHidden, days: validForDays });
    await audit(repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'generateShareableLink', data: { pricingIsHidden, validForDays, expires: toDbDate(expires), ...ended } });
    return { shareableLink: tokenUrl(deps, order.orgSpecificId, token), pricingIsHidden, expires: expires.toISOString() };
  });
}

interface Sharee {
  user: UserRow;
  employee: boolean;
  newAccount: boolean;
  newlyInvolved: boolean;
}

/**
 * Involves the people named by email in the caller's transaction (the order locked): an unknown
 * address gets a user without a password, anyone without a membership a guest membership. Refused
 * whole, with a sentence, for the caller, the order's owner, or someone who left the organisation or
 * was disabled. Answers the people and the order's involved users after.
 */
async function involveByEmail(deps: SharingDeps, trx: Trx, access: Access, order: ProductOrderRow, emails: readonly string[], action: string): Promise<{ sharees: Sharee[]; involvedUsers: Entries }> {
  const { repos } = deps;
  const org = await getOrg(repos, order.orgId, trx);
  const pricingIsHidden = sharedPricingIsHidden(access, order);
  const involved = entriesOf(order);
  let changed = false;
  const sharees: Sharee[] = [];
  for (const email of [...new Set(emails.map(normaliseEmail))]) {
    let user = await repos.users.findOne({ email }, trx);
    if (user?.id === access.user.id) throw badRequest('You cannot share this order with yourself.');
    if (user) assertNotOwnerEntry(order, user.id, `${email} owns this order already.`);
    // Locked: ending a link may end this membership at the same time (endMembershipMadeByLink).
    const membership = user && (await repos.memberships.lockOne({ orgId: order.orgId, userId: user.id }, trx));
    if (membership && !isActiveRole(membership.role)) {
      throw badRequest(`${email} no longer has access to ${org?.title ?? 'this organisation'}, so the order cannot be shared with them.`);
    }
    const joined = await joinAsGuest(repos, trx, order.orgId, email, user, membership);
    user = joined.user;
    const newAccount = joined.newAccount;
    // Invited directly now: their membership no longer hangs on the link that made it.
    if (membership && membership.shareTokenId != null) await repos.memberships.update({ id: membership.id }, { shareTokenId: null }, trx);
    const employee = !!membership && isEmployeeRole(membership.role);
    const key = String(user.id);
    const newlyInvolved = !(key in involved);
    const viaLink = involved[key]?.shareTokenId;
    // Employees see prices whatever their entry says; a guest gets no more than the sharer sees.
    if (newlyInvolved) involved[key] = { role: 'sharee', pricingIsHidden: employee ? 0 : pricingIsHidden };
    // Someone who came in through a link is now shared with directly: ending that link leaves them in.
    else if (viaLink !== undefined) involved[key] = { role: involved[key]!.role, pricingIsHidden: involved[key]!.pricingIsHidden };
    changed ||= newlyInvolved || viaLink !== undefined;
    sharees.push({ user, employee, newAccount, newlyInvolved });
    await audit(repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action, data: { userId: user.id, newAccount, guestMembership: !membership, newlyInvolved, ...(viaLink !== undefined ? { formerShareTokenId: viaLink } : {}) } });
  }
  if (changed) await writeInvolved(repos, trx, order, involved);
  return { sharees, involvedUsers: involved };
}

const involvedById = (involved: Entries) =>
  Object.fromEntries(Object.entries(involved).map(([id, e]) => [id, { role: e.role, pricingIsHidden: e.pricingIsHidden ? (1 as const) : (0 as const) }]));

interface ShareMail {
  to: string;
  link: string;
  /** A personal link: the day it works until. */
  personalUntil: string | null;
}

/**
 * share: involves each address and mails them the note and a link — employees the order's address,
 * everyone else a personal link (signs them in to this order; revoked when they are removed). The
 * mail goes after the commit; a failed mail is logged and never undoes the share.
 */
export async function share(deps: SharingDeps, access: Access, body: { productOrderOrgSpecificId: number; sharees: Array<{ email: string }>; shareNote?: string | null }): Promise<{ involvedUsersById: ReturnType<typeof involvedById> }> {
  const { repos } = deps;
  const done = await deps.transaction(async (trx) => {
    const order = await lockOrderByNumber(repos, trx, access, body.productOrderOrgSpecificId);
    const { sharees, involvedUsers } = await involveByEmail(deps, trx, access, order, body.sharees.map((s) => s.email), 'share');
    const mails: ShareMail[] = [];
    const org = await getOrg(repos, order.orgId, trx);
    const dates = orgDateSettings(org?.appData?.designEngine);
    for (const s of sharees) {
      if (s.employee) {
        mails.push({ to: s.user.email!, link: orderUrl(deps, order.orgSpecificId), personalUntil: null });
        continue;
      }
      const { token, expires } = await insertToken(repos, trx, order, { kind: 'personal', userId: s.user.id, createdBy: access.user.id, pricingIsHidden: involvedUsers[String(s.user.id)]?.pricingIsHidden ? 1 : 0, days: SHARE_LINK_DEFAULT_DAYS });
      mails.push({ to: s.user.email!, link: tokenUrl(deps, order.orgSpecificId, token), personalUntil: shareLinkExpiryDay(expires, dates) });
    }
    const me = await repos.users.findOne({ id: access.user.id }, trx);
    return { order, involvedUsers, mails, orgTitle: org?.title ?? '', sharer: (me && nameOf(me)) || 'Someone' };
  });
  await sendShareMails(deps, done.order, done.orgTitle, done.sharer, body.shareNote ?? null, done.mails);
  return { involvedUsersById: involvedById(done.involvedUsers) };
}

async function sendShareMails(deps: SharingDeps, order: ProductOrderRow, orgTitle: string, sharer: string, note: string | null, mails: readonly ShareMail[]): Promise<void> {
  const ref = `#${order.orgSpecificId} “${order.title}”`;
  const trimmed = note?.trim();
  for (const m of mails) {
    const text = [
      `${sharer} shared order ${ref}${orgTitle ? ` of ${orgTitle}` : ''} with you.`,
      ...(trimmed ? [`${sharer} wrote:\n\n${trimmed}`] : []),
      `Open the order: ${m.link}`,
      ...(m.personalUntil ? [`This link is for you alone: it signs you in to this order until ${m.personalUntil}. Do not forward it. After that, ask ${sharer} to share the order with you again.`] : []),
    ].join('\n\n');
    try {
      await deps.mail.mailer.send({ to: [m.to], subject: `${sharer} shared order ${ref} with you`, text: `${text}\n` });
    } catch (err) {
      deps.mail.logError(err);
    }
  }
}

/** add-sharee: involves one person without mailing them (no link is made). */
export async function addSharee(deps: SharingDeps, access: Access, productOrderId: number, shareeEmail: string): Promise<{ involvedUsersById: ReturnType<typeof involvedById> }> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const order = await lockOrderById(repos, trx, access, productOrderId);
    const { involvedUsers } = await involveByEmail(deps, trx, access, order, [shareeEmail], 'addSharee');
    return { involvedUsersById: involvedById(involvedUsers) };
  });
}

/**
 * remove-sharee: never the owner; the person loses the order at once: their entry goes, their personal
 * links to it and the order links they made to it end, with the access those gave (endLinks), and a
 * membership a link made for them ends when nothing else lets them in. Named by email, or by user id
 * for a guest who came by link (they have no email). Answers the order.
 */
export async function removeSharee(deps: SharingDeps, access: Access, body: { productOrderOrgSpecificId: number; shareeEmail?: string; shareeId?: number }): Promise<{ productOrder: Row }> {
  const { repos } = deps;
  if ((body.shareeEmail === undefined) === (body.shareeId === undefined)) throw badRequest('Name the person to remove by shareeEmail or shareeId (one of them).');
  return deps.transaction(async (trx) => {
    const order = await lockOrderByNumber(repos, trx, access, body.productOrderOrgSpecificId);
    const who = body.shareeEmail !== undefined ? normaliseEmail(body.shareeEmail) : `User ${body.shareeId}`;
    const user = body.shareeEmail !== undefined ? await repos.users.findOne({ email: who }, trx) : await repos.users.findOne({ id: body.shareeId }, trx);
    if (!user || !isInvolved(order, user.id)) throw badRequest(`${who} is not involved in this order.`);
    assertNotOwnerEntry(order, user.id, 'The order’s owner cannot be removed. Change the owner first if someone else should own it.');
    const { [String(user.id)]: _removed, ...rest } = entriesOf(order);
    await writeInvolved(repos, trx, order, rest);
    const theirs = [
      ...(await repos.shareTokens.find({ productOrderId: order.id, kind: 'personal', userId: user.id, revoked: null }, { trx, columns: ['id'] })),
      ...(await repos.shareTokens.find({ productOrderId: order.id, kind: 'order', createdBy: user.id, revoked: null }, { trx, columns: ['id'] })),
    ];
    const ended = await endLinks(repos, trx, { ...order, involvedUsers: rest }, theirs.map((t) => t.id), access.user.id);
    const membershipEnded = await endMembershipMadeByLink(repos, trx, order.orgId, user.id, access.user.id);
    await audit(repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'removeSharee', data: { userId: user.id, ...ended, membershipEnded } });
    return { productOrder: shapeOrder(access, (await repos.productOrders.findOne({ id: order.id }, trx))!) };
  });
}

/**
 * update-involved-users-data: whether a collaborator sees prices (employees, or the order's owner who
 * sees prices; never the owner's own entry). Their personal links carry the same from now on.
 */
export async function updateInvolvedUserData(deps: SharingDeps, access: Access, body: { productOrderOrgSpecificId: number; shareeId: number; pricingIsHidden: 0 | 1 }): Promise<{ involvedUsers: ReturnType<typeof involvedById> }> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const order = await lockOrderByNumber(repos, trx, access, body.productOrderOrgSpecificId);
    assertMayTogglePricing(access, order);
    assertNotOwnerEntry(order, body.shareeId, 'The order’s owner is not a collaborator: their prices are not set here.');
    const entry = entriesOf(order)[String(body.shareeId)];
    if (!entry) throw badRequest('That person is not involved in this order.');
    const involved: Entries = { ...entriesOf(order), [String(body.shareeId)]: { ...entry, pricingIsHidden: body.pricingIsHidden } };
    if (entry.pricingIsHidden !== body.pricingIsHidden) {
      await writeInvolved(repos, trx, order, involved);
      await repos.shareTokens.update({ productOrderId: order.id, userId: body.shareeId, kind: 'personal', revoked: null }, { pricingIsHidden: body.pricingIsHidden }, trx);
      await audit(repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'setPricingHidden', data: { userId: body.shareeId, pricingIsHidden: body.pricingIsHidden } });
    }
    return { involvedUsers: involvedById(involved) };
  });
}
