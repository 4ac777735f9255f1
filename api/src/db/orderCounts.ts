import type { Knex } from 'knex';
import { isMysql } from './knex.ts';
import { LIST_TABLE } from './ordersListRows.ts';

/**
 * How many orders each organisation has per (archived, last completed status, processing payment),
 * kept by the database itself (docs/decisions/0107-maintained-order-counts.md): triggers on the list
 * rows (`product_order_search`, which every order write brings in step in its own transaction, see
 * db/ordersListRows.ts) add and take one in the same statement that inserts, changes or deletes a row.
 * A creation, a status change, an archive, a payment starting, a deletion — whatever code does it —
 * moves the counts in the transaction that made the change, or not at all when it rolls back. The
 * list's status counts read a few of these rows instead of counting ~100,000 index entries.
 *
 * A missing status is counted under '' (a key column cannot be null); rows may fall to 0 and stay.
 */
export const COUNTS_TABLE = 'product_order_counts';
const TRIGGERS = ['ai', 'au', 'ad'].map((s) => `${COUNTS_TABLE}_${s}`);

/** The key of a list row (`r` is NEW or OLD in a trigger, or a table alias), as the counts table stores it. */
const keyOf = (r: string) => [`${r}.org_id`, `coalesce(${r}.archived, 0)`, `coalesce(${r}.last_completed_status_key, '')`, `coalesce(${r}.is_processing_payment, 0)`];
const COLUMNS = 'org_id, archived, status_key, is_processing_payment';
const WHERE_KEY = (r: string) => {
  const [org, archived, status, payment] = keyOf(r);
  return `org_id = ${org} and archived = ${archived} and status_key = ${status} and is_processing_payment = ${payment}`;
};

export async function createOrderCounts(knex: Knex): Promise<void> {
  await knex.schema.createTable(COUNTS_TABLE, (t) => {
    t.integer('org_id').unsigned().notNullable();
    t.tinyint('archived').notNullable();
    t.string('status_key', 64).notNullable();
    t.tinyint('is_processing_payment').notNullable();
    t.integer('n').notNullable().defaultTo(0);
    t.primary(['org_id', 'archived', 'status_key', 'is_processing_payment']);
  });
  await createTriggers(knex);
  await fillOrderCounts(knex);
}

export async function dropOrderCounts(knex: Knex): Promise<void> {
  for (const t of TRIGGERS) await knex.raw(`drop trigger if exists ${t}`);
  await knex.schema.dropTableIfExists(COUNTS_TABLE);
}

/**
 * MariaDB/MySQL with binary logging refuses CREATE TRIGGER (error 1419) to a user without SUPER unless
 * `log_bin_trust_function_creators` is on: say what to do rather than leave the driver's message.
 */
export const TRIGGER_PRIVILEGE_MESSAGE =
  'Migration 0027 creates triggers, which this MariaDB/MySQL server refuses to the portal\'s database user because binary logging is on. ' +
  'Set log_bin_trust_function_creators = 1 (the portal writes rows; row-based binary logging is safe), or grant the user BINLOG ADMIN or SUPER, then start the portal again.';

async function createTriggers(knex: Knex): Promise<void> {
  try {
    await createTriggerStatements(knex);
  } catch (e) {
    if ((e as { errno?: number }).errno === 1419) throw new Error(TRIGGER_PRIVILEGE_MESSAGE, { cause: e });
    throw e;
  }
}

async function createTriggerStatements(knex: Knex): Promise<void> {
  const [ai, au, ad] = TRIGGERS;
  const changed = (['org_id', 'archived', 'last_completed_status_key', 'is_processing_payment'] as const).map((c) => `not (old.${c} <=> new.${c})`).join(' or ');
  if (isMysql(knex)) {
    const add = (r: string) => `insert into ${COUNTS_TABLE} (${COLUMNS}, n) values (${keyOf(r).join(', ')}, 1) on duplicate key update n = n + 1`;
    const take = (r: string) => `update ${COUNTS_TABLE} set n = n - 1 where ${WHERE_KEY(r)}`;
    await knex.raw(`create trigger ${ai} after insert on ${LIST_TABLE} for each row ${add('new')}`);
    await knex.raw(`create trigger ${ad} after delete on ${LIST_TABLE} for each row ${take('old')}`);
    // Most updates only move last_updated: nothing to do. Otherwise the two count rows are locked in
    // key order, so two opposite status changes running together wait for each other instead of deadlocking.
    await knex.raw(`create trigger ${au} after update on ${LIST_TABLE} for each row begin
      if ${changed} then
        if (${keyOf('old').join(', ')}) < (${keyOf('new').join(', ')}) then
          ${take('old')}; ${add('new')};
        else
          ${add('new')}; ${take('old')};
        end if;
      end if;
    end`);
    return;
  }
  const add = (r: string) => `insert into ${COUNTS_TABLE} (${COLUMNS}, n) values (${keyOf(r).join(', ')}, 1) on conflict (${COLUMNS}) do update set n = n + 1;`;
  const take = (r: string) => `update ${COUNTS_TABLE} set n = n - 1 where ${WHERE_KEY(r)};`;
  const changedSqlite = (['org_id', 'archived', 'last_completed_status_key', 'is_processing_payment'] as const).map((c) => `old.${c} is not new.${c}`).join(' or ');
  await knex.raw(`create trigger ${ai} after insert on ${LIST_TABLE} begin ${add('new')} end`);
  await knex.raw(`create trigger ${ad} after delete on ${LIST_TABLE} begin ${take('old')} end`);
  await knex.raw(`create trigger ${au} after update of org_id, archived, last_completed_status_key, is_processing_payment on ${LIST_TABLE} when ${changedSqlite} begin ${take('old')} ${add('new')} end`);
}

/** The counts from the list rows as they are (migration backfill, and a repair after a bulk load that bypassed the triggers). */
export async function fillOrderCounts(db: Knex | Knex.Transaction): Promise<void> {
  await db(COUNTS_TABLE).delete();
  await db.raw(`insert into ${COUNTS_TABLE} (${COLUMNS}, n) select ${keyOf('s').join(', ')}, count(*) from ${LIST_TABLE} s group by ${keyOf('s').join(', ')}`);
}

/** Active orders of an organisation per last completed status (the keys asked for), and those whose payment is being processed. */
export async function activeOrderCounts(db: Knex, orgId: number, statusKeys: readonly string[]): Promise<{ byStatusKey: Map<string, number>; processingPayment: number }> {
  const rows = (await db(COUNTS_TABLE).select('status_key', 'is_processing_payment', 'n').where({ org_id: orgId, archived: 0 }).where('n', '>', 0)) as Array<{
    status_key: string;
    is_processing_payment: number;
    n: number | string;
  }>;
  const asked = new Set(statusKeys);
  const byStatusKey = new Map<string, number>();
  let processingPayment = 0;
  for (const r of rows) {
    const n = Number(r.n);
    if (asked.has(r.status_key)) byStatusKey.set(r.status_key, (byStatusKey.get(r.status_key) ?? 0) + n);
    if (Number(r.is_processing_payment) === 1) processingPayment += n;
  }
  return { byStatusKey, processingPayment };
}
