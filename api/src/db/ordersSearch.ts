import type { Knex } from 'knex';
import { isMysql } from './knex.ts';

/**
 * The orders list's search index (docs/decisions/0029-orders-search-index.md).
 *
 * Each order keeps a denormalised `search_text`: the words of its own text fields, its owner's name
 * and email, its product's and category's titles and the titles of the products its items use,
 * lower-case, without accents, one space between words, plus one `ordno{number}` word for its order
 * number. MySQL/MariaDB index it with a FULLTEXT index, SQLite with an FTS5 table kept by triggers.
 * The API rewrites it whenever an order or its items change one of those (the repository calls
 * `refreshSearchText`); lastUpdated and the revision are left alone: it is derived data.
 */

/** The shortest word MariaDB's full-text index holds (innodb_ft_min_token_size's default); SQLite follows the same rule. */
export const MIN_INDEXED_WORD = 3;

/** The order fields copied into search_text (camelCase, as the repository writes them). */
export const SEARCHED_ORDER_FIELDS = ['title', 'projectName', 'purchaseOrderNumber', 'firmName', 'contactName', 'estimateNumber'] as const;
/** Order fields whose change changes search_text (its own text, its number, owner, product and category). */
export const SEARCH_TEXT_SOURCES = new Set<string>([...SEARCHED_ORDER_FIELDS, 'orgSpecificId', 'userId', 'productId', 'productCategoryId']);

/** The words of a text as both indexes see them: letters and digits, lower-case, accents removed. */
export function searchWordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The word that stands for an order number in search_text. */
export const orderNumberWord = (n: number) => `ordno${n}`;

/** search_text from its parts: distinct words, each preceded by a space (so `' ' + prefix` finds a word start with LIKE). */
export function searchTextOf(parts: ReadonlyArray<string | number | null | undefined>, orderNumber: number): string {
  const words = new Set<string>();
  for (const p of parts) for (const w of searchWordsOf(p == null ? '' : String(p))) words.add(w);
  words.add(orderNumberWord(orderNumber));
  return ' ' + [...words].join(' ');
}

type Db = Knex | Knex.Transaction;

export interface OrderSource {
  id: number;
  org_specific_id: number;
  user_id: number;
  product_id: number | null;
  product_category_id: number | null;
  [field: string]: unknown;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
const CHUNK = 500;

/** The order columns search_text is made from. */
export const SEARCH_SOURCE_COLUMNS = ['id', 'org_specific_id', 'user_id', 'product_id', 'product_category_id', ...SEARCHED_ORDER_FIELDS.map(snake)];

/** search_text of each of these orders (rows with SEARCH_SOURCE_COLUMNS), from them, their items and the names they point to. */
export async function searchTextsOf(db: Db, orders: readonly OrderSource[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!orders.length) return out;
  const ids = orders.map((o) => o.id);
  const items = (await db('product_instances').distinct('product_order_id', 'product_id').whereIn('product_order_id', ids)) as Array<{ product_order_id: number; product_id: number }>;
  const productIds = [...new Set([...orders.map((o) => o.product_id), ...items.map((i) => i.product_id)].filter((id): id is number => id != null && id > 0))];
  const categoryIds = [...new Set(orders.map((o) => o.product_category_id).filter((id): id is number => id != null))];
  const userIds = [...new Set(orders.map((o) => o.user_id))];
  const [products, categories, users] = await Promise.all([
    productIds.length ? (db('products').select('id', 'title').whereIn('id', productIds) as Promise<Array<{ id: number; title: string }>>) : [],
    categoryIds.length ? (db('product_categories').select('id', 'title').whereIn('id', categoryIds) as Promise<Array<{ id: number; title: string }>>) : [],
    db('users').select('id', 'first_name', 'last_name', 'email').whereIn('id', userIds) as Promise<Array<{ id: number; first_name: string | null; last_name: string | null; email: string }>>,
  ]);
  const productTitle = new Map(products.map((p) => [p.id, p.title]));
  const categoryTitle = new Map(categories.map((c) => [c.id, c.title]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const itemProducts = new Map<number, number[]>();
  for (const i of items) itemProducts.set(i.product_order_id, [...(itemProducts.get(i.product_order_id) ?? []), i.product_id]);
  for (const o of orders) {
    const owner = userById.get(o.user_id);
    const text = searchTextOf(
      [
        ...SEARCHED_ORDER_FIELDS.map((f) => o[snake(f)] as string | null),
        owner?.first_name,
        owner?.last_name,
        owner?.email,
        o.product_id != null ? productTitle.get(o.product_id) : null,
        o.product_category_id != null ? categoryTitle.get(o.product_category_id) : null,
        ...(itemProducts.get(o.id) ?? []).map((p) => productTitle.get(p)),
      ],
      o.org_specific_id,
    );
    out.set(o.id, text);
  }
  return out;
}

// ------------------------------------------------------------------------------- as migration 0007 built it
// Migration 0007 kept search_text on product_orders itself; 0008 moved it to the narrow list table
// (db/ordersListRows.ts). These keep 0007 (and 0008's down) doing what they did.

async function refreshChunk(db: Db, ids: number[]): Promise<void> {
  const orders = (await db('product_orders').select([...SEARCH_SOURCE_COLUMNS, 'search_text']).whereIn('id', ids)) as OrderSource[];
  const texts = await searchTextsOf(db, orders);
  const changed = orders.filter((o) => texts.get(o.id) !== o.search_text).map((o) => ({ id: o.id, text: texts.get(o.id)! }));
  if (changed.length) {
    const cases = changed.map(() => 'when ? then ?').join(' ');
    await db('product_orders')
      .whereIn(
        'id',
        changed.map((c) => c.id),
      )
      .update({ search_text: db.raw(`case ?? ${cases} end`, ['id', ...changed.flatMap((c) => [c.id, c.text])]) });
  }
}

/** Every order's id, in chunks of at most `size`, in id order (backfills and bulk loads). */
export async function forEachOrderIdChunk(db: Db, size: number, fn: (ids: number[]) => Promise<void>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await db('product_orders').select('id').where('id', '>', after).orderBy('id').limit(size)) as Array<{ id: number }>;
    if (!rows.length) return;
    await fn(rows.map((r) => r.id));
    after = rows[rows.length - 1]!.id;
  }
}

/** search_text of every order (migration backfill, bulk loads), in chunks of ids. */
export function refreshAllSearchText(db: Db): Promise<void> {
  return forEachOrderIdChunk(db, CHUNK, (ids) => refreshChunk(db, ids));
}

/** 0007's FTS5 table (SQLite) over product_orders.search_text, rowid = product_orders.id. */
const FTS_TABLE = 'product_orders_search';
const FULLTEXT_INDEX = 'product_orders_search_text_ft';

/** 0007's full-text index over product_orders.search_text (which must be filled already). */
export async function createSearchIndex(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    // No stopword list for this index: 'for', 'the', 'about'... are words people search titles for.
    // The setting is read when the index is created (and kept with it).
    await knex.raw('set session innodb_ft_enable_stopword = 0');
    await knex.raw(`create fulltext index ${FULLTEXT_INDEX} on product_orders (search_text)`);
    await knex.raw('set session innodb_ft_enable_stopword = 1');
    return;
  }
  // External content: the words live in product_orders; the triggers keep the index in step.
  await knex.raw(`create virtual table ${FTS_TABLE} using fts5(search_text, content='product_orders', content_rowid='id')`);
  await knex.raw(`create trigger ${FTS_TABLE}_ai after insert on product_orders begin
    insert into ${FTS_TABLE}(rowid, search_text) values (new.id, coalesce(new.search_text, ''));
  end`);
  await knex.raw(`create trigger ${FTS_TABLE}_ad after delete on product_orders begin
    insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, search_text) values ('delete', old.id, coalesce(old.search_text, ''));
  end`);
  await knex.raw(`create trigger ${FTS_TABLE}_au after update of search_text on product_orders begin
    insert into ${FTS_TABLE}(${FTS_TABLE}, rowid, search_text) values ('delete', old.id, coalesce(old.search_text, ''));
    insert into ${FTS_TABLE}(rowid, search_text) values (new.id, coalesce(new.search_text, ''));
  end`);
  await knex.raw(`insert into ${FTS_TABLE}(${FTS_TABLE}) values ('rebuild')`);
}

export async function dropSearchIndex(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    await knex.raw(`drop index ${FULLTEXT_INDEX} on product_orders`);
    return;
  }
  for (const t of ['ai', 'ad', 'au']) await knex.raw(`drop trigger if exists ${FTS_TABLE}_${t}`);
  await knex.raw(`drop table if exists ${FTS_TABLE}`);
}

// ------------------------------------------------------------------------------- queries

/**
 * How the words of a search term are looked for (the rule is in the decision):
 * - every word must be found;
 * - a word of digits (`118`, `#118`) is an order number: it finds that order; without `#` and with
 *   3 digits or more it also finds orders with a word starting with those digits (a PO number...);
 * - any other word is split into its letters-and-digits parts; a part of 3 characters or more
 *   is looked up in the full-text index as a word prefix;
 * - a part of 1–2 characters is only looked for as a word prefix among the orders the other words
 *   found (the index does not hold such short words); a search with nothing else finds nothing;
 * - a word with no letter or digit ('%', '-') cannot be in any order: the search finds nothing.
 */
export interface SearchPlan {
  /** Groups of alternatives; each group must match (a prefix unless `exact`). */
  indexed: Array<Array<{ word: string; exact?: boolean }>>;
  /** Short words, each the start of a word of search_text. */
  shortPrefixes: string[];
  /** True when the search can match no order. */
  nothing: boolean;
}

export function planSearch(words: readonly string[]): SearchPlan {
  const plan: SearchPlan = { indexed: [], shortPrefixes: [], nothing: false };
  for (const raw of words) {
    const number = /^(#?)(\d{1,9})$/.exec(raw);
    if (number) {
      const n = Number(number[2]);
      const group: SearchPlan['indexed'][number] = [{ word: orderNumberWord(n), exact: true }];
      if (!number[1] && number[2]!.length >= MIN_INDEXED_WORD) group.push({ word: number[2]! });
      plan.indexed.push(group);
      continue;
    }
    const parts = searchWordsOf(raw);
    if (!parts.length) plan.nothing = true;
    for (const p of parts) {
      if (p.length >= MIN_INDEXED_WORD) plan.indexed.push([{ word: p }]);
      else plan.shortPrefixes.push(p);
    }
  }
  if (!plan.indexed.length && plan.shortPrefixes.length) plan.nothing = true;
  return plan;
}

/** MariaDB boolean mode: `+(ordno118 118*) +cliff*`. */
export function mysqlAgainst(plan: SearchPlan): string {
  return plan.indexed.map((g) => `+(${g.map((a) => (a.exact ? a.word : `${a.word}*`)).join(' ')})`).join(' ');
}

/** FTS5: `("ordno118" OR "118"*) AND "cliff"*`. */
export function ftsMatch(plan: SearchPlan): string {
  return plan.indexed.map((g) => `(${g.map((a) => (a.exact ? `"${a.word}"` : `"${a.word}"*`)).join(' OR ')})`).join(' AND ');
}

/**
 * The plan's words as LIKE conditions on `column` (a search_text, each word preceded by a space):
 * what the index would find, checked row by row. Used when the rows are read in list order and
 * most of them match (db/ordersList.ts), and for the short prefixes the index does not hold.
 * Words hold letters and digits only: nothing for LIKE to treat specially.
 */
export function whereWordsLike(q: Knex.QueryBuilder, column: string, plan: SearchPlan, withIndexed: boolean): Knex.QueryBuilder {
  if (withIndexed) {
    for (const group of plan.indexed) {
      q.where((w) => {
        for (const a of group) {
          if (a.exact) w.orWhere(column, 'like', `% ${a.word}`).orWhere(column, 'like', `% ${a.word} %`);
          else w.orWhere(column, 'like', `% ${a.word}%`);
        }
      });
    }
  }
  for (const p of plan.shortPrefixes) q.where(column, 'like', `% ${p}%`);
  return q;
}
