import type { Knex } from 'knex';
import { isMysql } from './knex.ts';
import { nowUtc } from './time.ts';

/**
 * The queries that are not one table's plain reads and writes, each behind a name: the session
 * join, a member's access, an order's head, the order counter, login attempts and the catalogue
 * version. The hot reads are fixed SQL run as it is (no query building on every request). Nothing
 * outside api/src/db/ writes SQL.
 */

export interface SessionUser {
  sessionId: number;
  userId: number;
  email: string;
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

/** The signed-in user behind a session token hash, when the session has not expired. */
export async function sessionUserByTokenHash(db: Knex, tokenHash: string): Promise<SessionUser | undefined> {
  const [row] = await rows<{ session_id: number; user_id: number; email: string }>(
    db,
    'select sessions.id as session_id, users.id as user_id, users.email as email from sessions inner join users on users.id = sessions.user_id where sessions.token_hash = ? and sessions.expires > ? limit 1',
    [tokenHash, nowUtc()],
  );
  return row && { sessionId: row.session_id, userId: row.user_id, email: row.email };
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
}

export async function memberAccess(db: Knex, userId: number, orgId: number): Promise<MemberAccess | undefined> {
  const [row] = await rows<{ role: string; prev_role: string | null; access_data: unknown; guest_pricing_is_hidden: number | null; catalogue_version: number | string }>(
    db,
    'select memberships.role, memberships.prev_role, memberships.access_data, guests.pricing_is_hidden as guest_pricing_is_hidden, organisations.catalogue_version ' +
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
    }
  );
}

type AccessRow = {
  session_id: number;
  user_id: number;
  email: string;
  role: string | null;
  prev_role: string | null;
  access_data: unknown;
  guest_pricing_is_hidden: number | null;
  catalogue_version: number | string | null;
  order_id?: number | null;
  order_revision?: number | string | null;
  owner_disable_sales_tax?: number | null;
};

const SESSION_ACCESS_COLUMNS =
  'select sessions.id as session_id, users.id as user_id, users.email as email, memberships.role, memberships.prev_role, memberships.access_data, ' +
  'guests.pricing_is_hidden as guest_pricing_is_hidden, organisations.catalogue_version';
const SESSION_ACCESS_JOINS =
  ' from sessions inner join users on users.id = sessions.user_id ' +
  'left join memberships on memberships.user_id = users.id and memberships.org_id = ? ' +
  'left join organisations on organisations.id = memberships.org_id ' +
  'left join guests on guests.org_id = memberships.org_id and guests.user_id = users.id ';
const SESSION_WHERE = 'where sessions.token_hash = ? and sessions.expires > ? limit 1';

/**
 * The signed-in user behind a session token hash and, in the same read, their access to an
 * organisation (member undefined when they are no member of it) and — when `orgSpecificId` is
 * given — the head of that order (undefined when there is none): one round trip for what every
 * order page call checks first.
 */
export async function sessionAccess(
  db: Knex,
  tokenHash: string,
  orgId: number,
  orgSpecificId?: number,
): Promise<{ user: { id: number; email: string; sessionId: number }; member: MemberAccess | undefined; order: OrderHead | undefined } | undefined> {
  const sql =
    orgSpecificId === undefined
      ? SESSION_ACCESS_COLUMNS + SESSION_ACCESS_JOINS + SESSION_WHERE
      : SESSION_ACCESS_COLUMNS +
        ', product_orders.id as order_id, product_orders.revision as order_revision, owner_guests.disable_sales_tax as owner_disable_sales_tax' +
        SESSION_ACCESS_JOINS +
        'left join product_orders on product_orders.org_id = memberships.org_id and product_orders.org_specific_id = ? ' +
        'left join guests as owner_guests on owner_guests.org_id = product_orders.org_id and owner_guests.user_id = product_orders.user_id ' +
        SESSION_WHERE;
  const bindings = orgSpecificId === undefined ? [orgId, tokenHash, nowUtc()] : [orgId, orgSpecificId, tokenHash, nowUtc()];
  const [row] = await rows<AccessRow>(db, sql, bindings);
  if (!row) return undefined;
  const user = { id: row.user_id, email: row.email, sessionId: row.session_id };
  const order: OrderHead | undefined =
    row.order_id == null ? undefined : { id: row.order_id, revision: Number(row.order_revision), ownerDisableSalesTax: row.owner_disable_sales_tax == null ? null : Number(row.owner_disable_sales_tax) };
  if (row.role == null) return { user, member: undefined, order };
  return {
    user,
    member: {
      role: row.role,
      prevRole: row.prev_role,
      accessData: json(row.access_data) ?? {},
      guestPricingIsHidden: row.guest_pricing_is_hidden == null ? null : Number(row.guest_pricing_is_hidden),
      catalogueVersion: Number(row.catalogue_version),
    },
    order,
  };
}

/** An order's id and revision by its number in the organisation, and its owner's sales-tax exemption. */
export interface OrderHead {
  id: number;
  revision: number;
  /** The order owner's guest record's disableSalesTax (null when the owner is no guest). */
  ownerDisableSalesTax: number | null;
}

export async function orderHead(db: Knex, orgId: number, orgSpecificId: number): Promise<OrderHead | undefined> {
  const [row] = await rows<{ id: number; revision: number | string; disable_sales_tax: number | null }>(
    db,
    'select product_orders.id, product_orders.revision, guests.disable_sales_tax from product_orders ' +
      'left join guests on guests.org_id = product_orders.org_id and guests.user_id = product_orders.user_id ' +
      'where product_orders.org_id = ? and product_orders.org_specific_id = ? limit 1',
    [orgId, orgSpecificId],
  );
  return row && { id: row.id, revision: Number(row.revision), ownerDisableSalesTax: row.disable_sales_tax == null ? null : Number(row.disable_sales_tax) };
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

/** Failed sign-in times for an email or an IP since a date, newest first. */
export async function recentFailedLogins(db: Knex, column: 'email' | 'ip', value: string, since: string, limit: number): Promise<unknown[]> {
  const rows = (await db('login_attempts')
    .select('created')
    .where({ [column]: value, success: 0 })
    .where('created', '>', since)
    .orderBy('created', 'desc')
    .limit(limit)) as Array<{ created: unknown }>;
  return rows.map((r) => r.created);
}

/** Records a sign-in attempt; a success clears that email's failures; rows older than `trimBefore` go. */
export async function recordLoginAttempt(db: Knex, email: string, ip: string, success: boolean, trimBefore: string): Promise<void> {
  await db('login_attempts').insert({ email, ip, success: success ? 1 : 0, created: nowUtc() });
  if (success) await db('login_attempts').where({ email, success: 0 }).delete();
  await db('login_attempts').where('created', '<', trimBefore).delete();
}

/** The named queries bound to one connection: what services and auth receive instead of the connection. */
export function bindQueries(db: Knex) {
  return {
    sessionUserByTokenHash: (tokenHash: string) => sessionUserByTokenHash(db, tokenHash),
    memberAccess: (userId: number, orgId: number) => memberAccess(db, userId, orgId),
    sessionAccess: (tokenHash: string, orgId: number, orgSpecificId?: number) => sessionAccess(db, tokenHash, orgId, orgSpecificId),
    orderHead: (orgId: number, orgSpecificId: number) => orderHead(db, orgId, orgSpecificId),
    recentFailedLogins: (column: 'email' | 'ip', value: string, since: string, limit: number) => recentFailedLogins(db, column, value, since, limit),
    recordLoginAttempt: (email: string, ip: string, success: boolean, trimBefore: string) => recordLoginAttempt(db, email, ip, success, trimBefore),
    catalogueVersion: (orgId: number, trx?: Knex.Transaction) => catalogueVersion(trx ?? db, orgId),
  };
}
export type Queries = ReturnType<typeof bindQueries>;
