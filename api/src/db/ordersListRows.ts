import type { Knex } from 'knex';
import { isMysql } from './knex.ts';
import { forEachOrderIdChunk, SEARCH_SOURCE_COLUMNS, searchTextsOf, type OrderSource } from './ordersSearch.ts';

/**
 * What the orders list filters, sorts and searches, kept beside product_orders
 * (docs/decisions/0040-orders-list-narrow-tables.md):
 *
 * - `product_order_search`: one narrow row per order (its filter columns, last_updated and the
 *   search_text of db/ordersSearch.ts) with the full-text index. A page's ids are read here: a
 *   search that matches thousands of orders reads thousands of ~200-byte rows, not ~1.3 KB orders.
 * - `product_order_users`: who can reach an order as a guest — its owner and its involved users —
 *   so a guest's list is an index lookup, not a JSON scan of every order.
 *
 * The repository calls `refreshListRows` after every write to an order or to its items; these are
 * derived rows: lastUpdated and the order's revision are left alone.
 */
export const LIST_TABLE = 'product_order_search';
export const USERS_TABLE = 'product_order_users';
/** SQLite: the FTS5 table over product_order_search.search_text, rowid = product_order_id. */
export const LIST_FTS_TABLE = 'product_order_search_fts';
const LIST_FULLTEXT_INDEX = 'product_order_search_text_ft';

/** The order columns the list filters and sorts on, copied as they are. */
export const LIST_COLUMNS = ['org_id', 'archived', 'user_id', 'last_completed_status_key', 'product_category_id', 'is_processing_payment', 'last_updated'] as const;

type Db = Knex | Knex.Transaction;
type ListRow = { product_order_id: number; search_text: string } & Record<(typeof LIST_COLUMNS)[number], unknown>;

/**
 * What a write changed:
 * - `columns`: only list columns of orders (every order update moves last_updated);
 * - `text`: what search_text is made of (an order's own text, number, owner, product, category; its items' products);
 * - `users`: the owner or the involved users too.
 */
export type ListRowsChange = 'columns' | 'text' | 'users';

const CHUNK = 500;

/** Brings the list rows of these orders in step with them (rows of deleted orders are removed). */
export async function refreshListRows(db: Db, orderIds: readonly number[], change: ListRowsChange): Promise<void> {
  const ids = [...new Set(orderIds.filter((id) => typeof id === 'number'))];
  for (let i = 0; i < ids.length; i += CHUNK) await refreshChunk(db, ids.slice(i, i + CHUNK), change);
}

/** The list rows of every order (migration backfill, bulk loads), in chunks of ids. */
export function refreshAllListRows(db: Db, opts: { hiddenColumn?: boolean } = {}): Promise<void> {
  return forEachOrderIdChunk(db, CHUNK, (ids) => refreshChunk(db, ids, 'users', opts.hiddenColumn ?? true));
}

const same = (a: unknown, b: unknown) => a === b || (a != null && b != null && String(a) === String(b));

async function refreshChunk(db: Db, ids: number[], change: ListRowsChange, hiddenColumn = true): Promise<void> {
  // The hot path (every write to an order moves its last_updated): one statement copies the list
  // columns, no read. Every order has its list row from its insert on (and from migration 0008's
  // backfill before that), so there is nothing to create here.
  if (change === 'columns') return copyListColumns(db, ids);
  const orders = (await db('product_orders')
    .select([...new Set([...SEARCH_SOURCE_COLUMNS, ...LIST_COLUMNS, ...(change === 'users' ? ['involved_users'] : [])])])
    .whereIn('id', ids)) as Array<OrderSource & { involved_users?: unknown }>;
  const existing = new Map(((await db(LIST_TABLE).select('*').whereIn('product_order_id', ids)) as ListRow[]).map((r) => [r.product_order_id, r]));
  const found = new Set(orders.map((o) => o.id));
  const gone = ids.filter((id) => !found.has(id));
  if (gone.length) {
    await db(LIST_TABLE).whereIn('product_order_id', gone).delete();
    await db(USERS_TABLE).whereIn('product_order_id', gone).delete();
  }
  // An order without a list row yet (just created): everything is written.
  const missing = orders.filter((o) => !existing.has(o.id));
  const texts = await searchTextsOf(db, orders);
  const changed: ListRow[] = [];
  for (const o of orders) {
    const before = existing.get(o.id);
    const row = { product_order_id: o.id, search_text: texts.get(o.id) ?? before!.search_text } as ListRow;
    for (const c of LIST_COLUMNS) row[c] = o[c];
    if (!before || !same(before.search_text, row.search_text) || LIST_COLUMNS.some((c) => !same(before[c], row[c]))) changed.push(row);
  }
  for (let i = 0; i < changed.length; i += 100) {
    // Only changed rows are written: rewriting an unchanged search_text would re-index it for nothing.
    await db(LIST_TABLE).insert(changed.slice(i, i + 100)).onConflict('product_order_id').merge();
  }
  if (change === 'users' || missing.length) await refreshUsers(db, orders, hiddenColumn);
}

/** Copies the list columns of these orders onto their list rows, in one statement portable to SQLite and MySQL. */
async function copyListColumns(db: Db, ids: number[]): Promise<void> {
  const sets = LIST_COLUMNS.filter((c) => c !== 'org_id')
    .map((c) => `${c} = (select o.${c} from product_orders o where o.id = ${LIST_TABLE}.product_order_id)`)
    .join(', ');
  await db.raw(`update ${LIST_TABLE} set ${sets} where product_order_id in (${ids.map(() => '?').join(', ')})`, ids);
}

const isOn = (v: unknown) => v === 1 || v === true || v === '1';

/**
 * product_order_users of these orders: the owner and every involved user (involvedUsers is keyed by
 * user id), with whether the order hides prices from that person. `hiddenColumn` is false only for
 * the backfill of migrations older than that column.
 */
async function refreshUsers(db: Db, orders: Array<OrderSource & { involved_users?: unknown }>, hiddenColumn = true): Promise<void> {
  const ids = orders.map((o) => o.id);
  type UserRow = { product_order_id: number; user_id: number; org_id: number; pricing_is_hidden?: number };
  const have = (await db(USERS_TABLE).select(['product_order_id', 'user_id', ...(hiddenColumn ? ['pricing_is_hidden'] : [])]).whereIn('product_order_id', ids)) as UserRow[];
  const key = (orderId: number, userId: number) => `${orderId}:${userId}`;
  const wanted = new Map<string, UserRow>();
  for (const o of orders) {
    const raw = o.involved_users;
    const involved = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<string, { pricingIsHidden?: unknown } | undefined>;
    const users = new Set([o.user_id, ...Object.keys(involved).map(Number).filter((n) => Number.isInteger(n) && n > 0)]);
    for (const u of users) {
      const row: UserRow = { product_order_id: o.id, user_id: u, org_id: o.org_id as number };
      if (hiddenColumn) row.pricing_is_hidden = isOn(involved[String(u)]?.pricingIsHidden) ? 1 : 0;
      wanted.set(key(o.id, u), row);
    }
  }
  const stale = have.filter((h) => !wanted.has(key(h.product_order_id, h.user_id)));
  for (const h of have) {
    const w = wanted.get(key(h.product_order_id, h.user_id));
    if (w && hiddenColumn && Number(h.pricing_is_hidden) !== w.pricing_is_hidden) {
      await db(USERS_TABLE).where({ product_order_id: h.product_order_id, user_id: h.user_id }).update({ pricing_is_hidden: w.pricing_is_hidden });
    }
    wanted.delete(key(h.product_order_id, h.user_id));
  }
  for (const s of stale) await db(USERS_TABLE).where({ product_order_id: s.product_order_id, user_id: s.user_id }).delete();
  const add = [...wanted.values()];
  for (let i = 0; i < add.length; i += 200) await db(USERS_TABLE).insert(add.slice(i, i + 200));
}

// ------------------------------------------------------------------------------- the full-text index

/** Creates the full-text index over product_order_search.search_text (which must be filled already). */
export async function createListSearchIndex(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    // No stopword list for this index: 'for', 'the', 'about'... are words people search titles for.
    // The setting is read when the index is created (and kept with it).
    await knex.raw('set session innodb_ft_enable_stopword = 0');
    await knex.raw(`create fulltext index ${LIST_FULLTEXT_INDEX} on ${LIST_TABLE} (search_text)`);
    await knex.raw('set session innodb_ft_enable_stopword = 1');
    return;
  }
  // External content: the words live in product_order_search; the triggers keep the index in step.
  const t = LIST_FTS_TABLE;
  await knex.raw(`create virtual table ${t} using fts5(search_text, content='${LIST_TABLE}', content_rowid='product_order_id')`);
  await knex.raw(`create trigger ${t}_ai after insert on ${LIST_TABLE} begin
    insert into ${t}(rowid, search_text) values (new.product_order_id, new.search_text);
  end`);
  await knex.raw(`create trigger ${t}_ad after delete on ${LIST_TABLE} begin
    insert into ${t}(${t}, rowid, search_text) values ('delete', old.product_order_id, old.search_text);
  end`);
  await knex.raw(`create trigger ${t}_au after update of search_text on ${LIST_TABLE} begin
    insert into ${t}(${t}, rowid, search_text) values ('delete', old.product_order_id, old.search_text);
    insert into ${t}(rowid, search_text) values (new.product_order_id, new.search_text);
  end`);
  await knex.raw(`insert into ${t}(${t}) values ('rebuild')`);
}

export async function dropListSearchIndex(knex: Knex): Promise<void> {
  if (isMysql(knex)) return; // dropped with its table
  for (const s of ['ai', 'ad', 'au']) await knex.raw(`drop trigger if exists ${LIST_FTS_TABLE}_${s}`);
  await knex.raw(`drop table if exists ${LIST_FTS_TABLE}`);
}
