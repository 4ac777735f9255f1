import type { Knex } from 'knex';
import { isMysql } from './knex.ts';
import { dbDateAgo, normaliseDbDate, nowUtc } from './time.ts';
import { transactionRunner } from './transactions.ts';

/**
 * The queries that are not one table's plain reads and writes, each behind a name: the session
 * join, a member's access, an order's head, the order counter, the sign-in throttle and the catalogue
 * version. The hot reads are fixed SQL run as it is (no query building on every request). Nothing
 * outside api/src/db/ writes SQL.
 */

export interface SessionUser {
  sessionId: number;
  userId: number;
  email: string;
  /** The organisations this session is in guest mode for. */
  guestModeOrgIds: number[];
  /** When the session was last used (kept to the minute: see touchSession). */
  lastSeen: string;
}

/** How long a session lives without use, and the clock the checks run on. */
export interface SessionRules {
  idleMs: number;
}

/** Runs fixed SQL (portable between SQLite and MySQL/MariaDB) and answers its rows. */
async function rows<T>(db: Knex | Knex.Transaction, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> {
  const res = (await db.raw(sql, bindings as Knex.Value[])) as unknown;
  // mysql2 answers [rows, fields]; better-sqlite3 the rows.
  return (isMysql(db) ? (res as [T[]])[0] : res) as T[];
}

/** A JSON column as read: text on SQLite and MariaDB, already parsed on MySQL 8. */
function json(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : (v ?? null);
}

/** The organisation ids of a session's guest_mode_org_ids column. */
function orgIdList(v: unknown): number[] {
  const parsed = json(v);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
}

/**
 * A session is live until it expires, and while it has been used within the idle time (a session
 * written without last_seen counts from its creation).
 */
const LIVE_SESSION = 'sessions.token_hash = ? and sessions.expires > ? and coalesce(sessions.last_seen, sessions.created) > ?';
const liveBindings = (tokenHash: string, rules: SessionRules) => [tokenHash, nowUtc(), dbDateAgo(rules.idleMs)];

type SessionRow = { session_id: number; user_id: number; email: string; guest_mode_org_ids: unknown; last_seen: unknown };
const SESSION_COLUMNS = 'sessions.id as session_id, users.id as user_id, users.email as email, sessions.guest_mode_org_ids, coalesce(sessions.last_seen, sessions.created) as last_seen';
const sessionUserOf = (row: SessionRow): SessionUser => ({
  sessionId: row.session_id,
  userId: row.user_id,
  email: row.email,
  guestModeOrgIds: orgIdList(row.guest_mode_org_ids),
  lastSeen: normaliseDbDate(row.last_seen) ?? '',
});

/** The signed-in user behind a session token hash, when the session is live. */
export async function sessionUserByTokenHash(db: Knex, rules: SessionRules, tokenHash: string): Promise<SessionUser | undefined> {
  const [row] = await rows<SessionRow>(db, `select ${SESSION_COLUMNS} from sessions inner join users on users.id = sessions.user_id where ${LIVE_SESSION} limit 1`, liveBindings(tokenHash, rules));
  return row && sessionUserOf(row);
}

/** Notes that a session was used (callers do it at most once a minute, not on every request). */
export async function touchSession(db: Knex, sessionId: number): Promise<void> {
  await db('sessions').where({ id: sessionId }).update({ last_seen: nowUtc() });
}

/**
 * Turns guest mode on or off for one organisation on a session, in one transaction with the session
 * row locked (two switches at once keep both). Answers the session's guest-mode organisations.
 */
export async function setSessionGuestMode(db: Knex, sessionId: number, orgId: number, on: boolean): Promise<number[]> {
  return transactionRunner(db)(async (trx) => {
    let q = trx('sessions').select('guest_mode_org_ids').where({ id: sessionId });
    if (isMysql(trx)) q = q.forUpdate();
    const row = (await q.first()) as { guest_mode_org_ids: unknown } | undefined;
    const ids = new Set(orgIdList(row?.guest_mode_org_ids));
    if (on) ids.add(orgId);
    else ids.delete(orgId);
    const next = [...ids].sort((a, b) => a - b);
    await trx('sessions').where({ id: sessionId }).update({ guest_mode_org_ids: JSON.stringify(next) });
    return next;
  });
}

/** What decides a member's access to an organisation, read in one query on every call that names one. */
export interface MemberAccess {
  role: string;
  prevRole: string | null;
  accessData: unknown;
  /** The guest record's pricingIsHidden (null when the member has no guest record). */
  guestPricingIsHidden: number | null;
  /** The organisation's catalogue version (so the catalogue cache needs no read of its own). */
  catalogueVersion: number;
  /** Some order of the organisation hides prices from this member (product_order_users, one index lookup). */
  pricingHiddenOnAnOrder: boolean;
}

/** Whether an order of the membership's organisation hides prices from its user (the index product_order_users_hidden_idx answers it). */
const HIDDEN_ON_AN_ORDER =
  'exists (select 1 from product_order_users pou where pou.user_id = memberships.user_id and pou.org_id = memberships.org_id and pou.pricing_is_hidden = 1) as pricing_hidden_on_an_order';

export async function memberAccess(db: Knex, userId: number, orgId: number): Promise<MemberAccess | undefined> {
  const [row] = await rows<{ role: string; prev_role: string | null; access_data: unknown; guest_pricing_is_hidden: number | null; catalogue_version: number | string; pricing_hidden_on_an_order: number | string }>(
    db,
    `select memberships.role, memberships.prev_role, memberships.access_data, guests.pricing_is_hidden as guest_pricing_is_hidden, organisations.catalogue_version, ${HIDDEN_ON_AN_ORDER} ` +
      'from memberships inner join organisations on organisations.id = memberships.org_id ' +
      'left join guests on guests.org_id = memberships.org_id and guests.user_id = memberships.user_id ' +
      'where memberships.user_id = ? and memberships.org_id = ? limit 1',
    [userId, orgId],
  );
  return (
    row && {
      role: row.role,
      prevRole: row.prev_role,
      accessData: json(row.access_data) ?? {},
      guestPricingIsHidden: row.guest_pricing_is_hidden == null ? null : Number(row.guest_pricing_is_hidden),
      catalogueVersion: Number(row.catalogue_version),
      pricingHiddenOnAnOrder: Number(row.pricing_hidden_on_an_order) > 0,
    }
  );
}

type AccessRow = SessionRow & {
  role: string | null;
  prev_role: string | null;
  access_data: unknown;
  guest_pricing_is_hidden: number | null;
  catalogue_version: number | string | null;
  pricing_hidden_on_an_order: number | string | null;
  order_id?: number | null;
  order_revision?: number | string | null;
  owner_guest_id?: number | null;
  owner_disable_sales_tax?: number | null;
  owner_discount?: unknown;
};

const SESSION_ACCESS_COLUMNS =
  `select ${SESSION_COLUMNS}, memberships.role, memberships.prev_role, memberships.access_data, ` +
  `guests.pricing_is_hidden as guest_pricing_is_hidden, organisations.catalogue_version, ${HIDDEN_ON_AN_ORDER}`;
const SESSION_ACCESS_JOINS =
  ' from sessions inner join users on users.id = sessions.user_id ' +
  'left join memberships on memberships.user_id = users.id and memberships.org_id = ? ' +
  'left join organisations on organisations.id = memberships.org_id ' +
  'left join guests on guests.org_id = memberships.org_id and guests.user_id = users.id ';
const SESSION_WHERE = `where ${LIVE_SESSION} limit 1`;

/**
 * The signed-in user behind a session token hash and, in the same read, their access to an
 * organisation (member undefined when they are no member of it) and — when `orgSpecificId` is
 * given — the head of that order (undefined when there is none): one round trip for what every
 * order page call checks first.
 */
export async function sessionAccess(
  db: Knex,
  rules: SessionRules,
  tokenHash: string,
  orgId: number,
  orgSpecificId?: number,
): Promise<{ user: SessionUser; member: MemberAccess | undefined; order: OrderHead | undefined } | undefined> {
  const sql =
    orgSpecificId === undefined
      ? SESSION_ACCESS_COLUMNS + SESSION_ACCESS_JOINS + SESSION_WHERE
      : SESSION_ACCESS_COLUMNS +
        ', product_orders.id as order_id, product_orders.revision as order_revision' +
        ', owner_guests.id as owner_guest_id, owner_guests.disable_sales_tax as owner_disable_sales_tax, owner_guests.discount as owner_discount' +
        SESSION_ACCESS_JOINS +
        'left join product_orders on product_orders.org_id = memberships.org_id and product_orders.org_specific_id = ? ' +
        'left join guests as owner_guests on owner_guests.org_id = product_orders.org_id and owner_guests.user_id = product_orders.user_id ' +
        SESSION_WHERE;
  const bindings = orgSpecificId === undefined ? [orgId, ...liveBindings(tokenHash, rules)] : [orgId, orgSpecificId, ...liveBindings(tokenHash, rules)];
  const [row] = await rows<AccessRow>(db, sql, bindings);
  if (!row) return undefined;
  const user = sessionUserOf(row);
  const order: OrderHead | undefined =
    row.order_id == null ? undefined : { id: row.order_id, revision: Number(row.order_revision), ownerGuest: ownerGuestOf(row.owner_guest_id, row.owner_disable_sales_tax, row.owner_discount) };
  if (row.role == null) return { user, member: undefined, order };
  return {
    user,
    member: {
      role: row.role,
      prevRole: row.prev_role,
      accessData: json(row.access_data) ?? {},
      guestPricingIsHidden: row.guest_pricing_is_hidden == null ? null : Number(row.guest_pricing_is_hidden),
      catalogueVersion: Number(row.catalogue_version),
      pricingHiddenOnAnOrder: Number(row.pricing_hidden_on_an_order) > 0,
    },
    order,
  };
}

/** The pricing terms of an order owner's guest record (the guest discount and sales-tax exemption). */
export interface OwnerGuestTerms {
  discount: unknown;
  disableSalesTax: 0 | 1;
}

/** An order's id and revision by its number in the organisation, and its owner's guest terms. */
export interface OrderHead {
  id: number;
  revision: number;
  /** The order owner's guest record's terms (null when the owner is no guest of the organisation). */
  ownerGuest: OwnerGuestTerms | null;
}

function ownerGuestOf(guestId: number | null | undefined, disableSalesTax: number | null | undefined, discount: unknown): OwnerGuestTerms | null {
  if (guestId == null) return null;
  return { discount: json(discount) ?? null, disableSalesTax: Number(disableSalesTax) ? 1 : 0 };
}

export async function orderHead(db: Knex, orgId: number, orgSpecificId: number): Promise<OrderHead | undefined> {
  const [row] = await rows<{ id: number; revision: number | string; guest_id: number | null; disable_sales_tax: number | null; discount: unknown }>(
    db,
    'select product_orders.id, product_orders.revision, guests.id as guest_id, guests.disable_sales_tax, guests.discount from product_orders ' +
      'left join guests on guests.org_id = product_orders.org_id and guests.user_id = product_orders.user_id ' +
      'where product_orders.org_id = ? and product_orders.org_specific_id = ? limit 1',
    [orgId, orgSpecificId],
  );
  return row && { id: row.id, revision: Number(row.revision), ownerGuest: ownerGuestOf(row.guest_id, row.disable_sales_tax, row.discount) };
}

/**
 * Allocates the next orgSpecificId of an organisation inside the caller's transaction.
 * MySQL/MariaDB: the counter row is locked with SELECT … FOR UPDATE until commit.
 * SQLite: a write transaction serialises writers (one connection; knex ignores forUpdate()).
 */
export async function allocateOrgSpecificId(trx: Knex.Transaction, orgId: number): Promise<number> {
  const lockRow = async () => {
    let q = trx('org_counters').select('next_order_id').where({ org_id: orgId });
    if (isMysql(trx)) q = q.forUpdate();
    return (await q.first()) as { next_order_id: number | string } | undefined;
  };
  let row = await lockRow();
  if (!row) {
    // First order of the organisation: start after any existing order (e.g. imported data).
    const max = (await trx('product_orders').where({ org_id: orgId }).max({ m: 'org_specific_id' }).first()) as { m: number | null } | undefined;
    await trx('org_counters').insert({ org_id: orgId, next_order_id: Number(max?.m ?? 0) + 1 }).onConflict('org_id').ignore();
    row = await lockRow();
  }
  const next = Number(row!.next_order_id);
  await trx('org_counters').where({ org_id: orgId }).update({ next_order_id: next + 1 });
  return next;
}

/** Starts an organisation's order counter (a new organisation). */
export async function startOrderCounter(trx: Knex.Transaction, orgId: number, next = 1): Promise<void> {
  await trx('org_counters').insert({ org_id: orgId, next_order_id: next });
}

/** The organisation's catalogue version (bumped by every catalogue write). */
export async function catalogueVersion(q: Knex | Knex.Transaction, orgId: number): Promise<number | undefined> {
  const row = (await q('organisations').select('catalogue_version').where({ id: orgId }).first()) as { catalogue_version: number | string } | undefined;
  return row ? Number(row.catalogue_version) : undefined;
}

/** A sign-in throttle row: failures of one email or one IP, and when the next attempt may be made. */
export interface ThrottleRow {
  key: string;
  failures: number;
  lastFailure: string | null;
  blockedUntil: string | null;
}

/**
 * Reads and rewrites the throttle rows of some keys in one transaction, with the rows locked from
 * its first statement (an upsert that changes nothing: row locks on MySQL/MariaDB, the write lock on
 * SQLite), so attempts on one key are decided one after the other in every API process. `decide`
 * answers the rows to write and its result; `write: null` writes nothing (the transaction is rolled
 * back, rows it created included).
 */
export async function updateThrottle<T>(db: Knex, keys: readonly string[], decide: (rows: Map<string, ThrottleRow>) => { write: ThrottleRow[] | null; result: T }): Promise<T> {
  const sorted = [...new Set(keys)].sort();
  const rollback = new Error('throttle: nothing to write');
  let answer: { result: T } | undefined;
  try {
    await transactionRunner(db)(async (trx) => {
      await trx('login_throttle')
        .insert(sorted.map((k) => ({ throttle_key: k, failures: 0 })))
        .onConflict('throttle_key')
        .merge(['throttle_key']);
      const found = (await trx('login_throttle').select('throttle_key', 'failures', 'last_failure', 'blocked_until').whereIn('throttle_key', sorted)) as Array<{
        throttle_key: string;
        failures: number | string;
        last_failure: unknown;
        blocked_until: unknown;
      }>;
      const byKey = new Map<string, ThrottleRow>(sorted.map((key) => [key, { key, failures: 0, lastFailure: null, blockedUntil: null }]));
      for (const r of found) byKey.set(r.throttle_key, { key: r.throttle_key, failures: Number(r.failures), lastFailure: normaliseDbDate(r.last_failure), blockedUntil: normaliseDbDate(r.blocked_until) });
      const { write, result } = decide(byKey);
      answer = { result };
      if (!write) throw rollback;
      for (const r of write) {
        await trx('login_throttle').where({ throttle_key: r.key }).update({ failures: r.failures, last_failure: r.lastFailure, blocked_until: r.blockedUntil });
      }
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return answer!.result;
}

/** Forgets throttle rows whose last failure is older than `before` and that block nothing after `now`. */
export async function trimThrottle(db: Knex, before: string, now: string): Promise<void> {
  await db('login_throttle')
    .where('last_failure', '<', before)
    .where((q) => q.whereNull('blocked_until').orWhere('blocked_until', '<', now))
    .delete();
}

/** A trivial query: the database answers (health checks). */
export async function ping(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** The named queries bound to one connection: what services and auth receive instead of the connection. */
export function bindQueries(db: Knex, sessionRules: SessionRules = { idleMs: DEFAULT_SESSION_IDLE_MS }) {
  return {
    sessionUserByTokenHash: (tokenHash: string) => sessionUserByTokenHash(db, sessionRules, tokenHash),
    touchSession: (sessionId: number) => touchSession(db, sessionId),
    setSessionGuestMode: (sessionId: number, orgId: number, on: boolean) => setSessionGuestMode(db, sessionId, orgId, on),
    memberAccess: (userId: number, orgId: number) => memberAccess(db, userId, orgId),
    sessionAccess: (tokenHash: string, orgId: number, orgSpecificId?: number) => sessionAccess(db, sessionRules, tokenHash, orgId, orgSpecificId),
    orderHead: (orgId: number, orgSpecificId: number) => orderHead(db, orgId, orgSpecificId),
    updateThrottle: <T>(keys: readonly string[], decide: (rows: Map<string, ThrottleRow>) => { write: ThrottleRow[] | null; result: T }) => updateThrottle(db, keys, decide),
    trimThrottle: (before: string, now: string) => trimThrottle(db, before, now),
    catalogueVersion: (orgId: number, trx?: Knex.Transaction) => catalogueVersion(trx ?? db, orgId),
    ping: () => ping(db),
  };
}

/** Sessions end after a week without use unless SESSION_IDLE_MS says otherwise. */
export const DEFAULT_SESSION_IDLE_MS = 7 * 24 * 3600_000;
export type Queries = ReturnType<typeof bindQueries>;
