import type { Knex } from 'knex';
import { isMysql } from './knex.ts';
import { nowUtc } from './time.ts';

/**
 * The queries that are not one table's plain reads and writes, each behind a name: the session
 * join, the order counter, login attempts, the order lock and the catalogue version. Nothing
 * outside api/src/db/ writes SQL.
 */

export interface SessionUser {
  sessionId: number;
  userId: number;
  email: string;
}

/** The signed-in user behind a session token hash, when the session has not expired. */
export async function sessionUserByTokenHash(db: Knex, tokenHash: string): Promise<SessionUser | undefined> {
  const row = (await db('sessions')
    .join('users', 'users.id', 'sessions.user_id')
    .select('sessions.id as session_id', 'users.id as user_id', 'users.email as email')
    .where('sessions.token_hash', tokenHash)
    .where('sessions.expires', '>', nowUtc())
    .first()) as { session_id: number; user_id: number; email: string } | undefined;
  return row && { sessionId: row.session_id, userId: row.user_id, email: row.email };
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

/**
 * Locks one order row until the transaction ends, so writes to the same order run one after the
 * other: each reprice then reads what the previous writer committed, and item inserts no longer
 * deadlock on the parent row (a foreign-key check takes a shared lock that a later cost update
 * would have to upgrade). SQLite serialises write transactions already.
 */
export async function lockOrderRow(trx: Knex.Transaction, orderId: number): Promise<void> {
  if (isMysql(trx)) await trx('product_orders').select('id').where({ id: orderId }).forUpdate();
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
    recentFailedLogins: (column: 'email' | 'ip', value: string, since: string, limit: number) => recentFailedLogins(db, column, value, since, limit),
    recordLoginAttempt: (email: string, ip: string, success: boolean, trimBefore: string) => recordLoginAttempt(db, email, ip, success, trimBefore),
    catalogueVersion: (orgId: number, trx?: Knex.Transaction) => catalogueVersion(trx ?? db, orgId),
  };
}
export type Queries = ReturnType<typeof bindQueries>;
