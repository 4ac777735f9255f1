import type { Knex } from 'knex';
import { isQuoteAccepted } from '@cpq/domain';
import { isMysql } from './knex.ts';
import { activeOrderCounts } from './orderCounts.ts';
import { LIST_FTS_TABLE, LIST_TABLE, USERS_TABLE } from './ordersListRows.ts';
import { ftsMatch, mysqlAgainst, planSearch, whereWordsLike, type SearchPlan } from './ordersSearch.ts';
import { camel, type Row } from './repository.ts';

/**
 * The orders list's reads: a page (or an export) of an organisation's orders with the list-only
 * fields joined in, the counts per status, and the option choices of a page's items. The filters
 * come already checked and decided by the caller (services/ordersList.ts); this module only turns
 * them into SQL that runs the same on SQLite and MySQL/MariaDB.
 */
export interface OrdersListFilter {
  orgId: number;
  /** Only this user's orders (My Orders, and guest mode). */
  ownerId?: number;
  /** A guest's list: only orders this user owns or is involved in. */
  reachableBy?: number;
  archived?: 0 | 1;
  productCategoryId?: number;
  /** Matched against the stored lastCompletedStatusKey. */
  statusKey?: string;
  processingPayment?: boolean;
  /** Only orders whose current quote the customer accepted (true), or only the others (false). */
  quoteAccepted?: boolean;
  /** Lower-case words: each must be found by the search index (db/ordersSearch.ts planSearch). */
  searchWords?: readonly string[];
}

const ORDER_COLUMNS = [
  'o.id',
  'o.org_specific_id',
  'o.org_id',
  'o.user_id',
  'o.title',
  'o.type',
  'o.product_id',
  'o.product_category_id',
  'o.archived',
  'o.is_stocked',
  'o.is_processing_payment',
  'o.status_data',
  'o.last_completed_status_key',
  'o.project_name',
  'o.firm_name',
  'o.contact_name',
  'o.purchase_order_number',
  'o.external_link1',
  'o.estimated_shipping_date',
  'o.tracking_number',
  'o.created',
  'o.last_updated',
  'o.costs',
  'o.amount_paid_in_cents',
  'o.command_data',
  'o.involved_users',
  'o.quote_revision',
  'o.accepted_revision',
];

const JSON_COLUMNS = new Set(['statusData', 'costs', 'commandData', 'involvedUsers']);

/**
 * The list-only fields of each order, read in the page's own statement (one round trip, not one per
 * table): how many items it has, the product it names (its own, or else its first item's, when that
 * product is of its organisation), its category's title, its owner's name, and whether an item's
 * last pricing had a failed price rule (stored as a non-empty JSON array). Each is an index lookup
 * per row of the page. Backticks quote `rank` on both databases.
 */
function listFieldColumns(db: Knex): Knex.Raw[] {
  const productId = 'coalesce(o.product_id, (select i.product_id from product_instances i where i.product_order_id = o.id order by i.`rank`, i.id limit 1))';
  return [
    db.raw(`(select p.id from products p where p.org_id = o.org_id and p.id = ${productId}) as row_product_id`),
    db.raw(`(select p.title from products p where p.org_id = o.org_id and p.id = ${productId}) as product_title`),
    db.raw('(select c.title from product_categories c where c.org_id = o.org_id and c.id = o.product_category_id) as product_category_title'),
    db.raw('(select u.first_name from users u where u.id = o.user_id) as owner_first_name'),
    db.raw('(select u.last_name from users u where u.id = o.user_id) as owner_last_name'),
    db.raw('(select count(*) from product_instances i where i.product_order_id = o.id) as product_instances_count'),
    db.raw("exists(select 1 from product_instances i where i.product_order_id = o.id and i.pricing_failures is not null and i.pricing_failures not in ('[]', 'null', '')) as pricing_failed"),
  ];
}

/** Column → field names, made once (a page converts the same ~33 names for every row). */
const FIELD_NAMES = new Map<string, string>();
const fieldOf = (column: string) => FIELD_NAMES.get(column) ?? FIELD_NAMES.set(column, camel(column)).get(column)!;

/** One order as read: camelCase fields, JSON parsed, amounts as numbers. */
function fromOrderRow(row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    const key = fieldOf(column);
    out[key] = JSON_COLUMNS.has(key) && typeof value === 'string' ? JSON.parse(value) : value;
  }
  out.statusData ??= {};
  out.involvedUsers ??= {};
  out.amountPaidInCents = Number(out.amountPaidInCents ?? 0);
  out.rowProductId = out.rowProductId == null ? null : Number(out.rowProductId);
  out.productInstancesCount = Number(out.productInstancesCount ?? 0);
  out.pricingFailed = Number(out.pricingFailed) === 1;
  out.quoteRevision = Number(out.quoteRevision ?? 0);
  out.acceptedRevision = out.acceptedRevision == null ? null : Number(out.acceptedRevision);
  out.quoteAccepted = isQuoteAccepted(out as { quoteRevision: number; acceptedRevision: number | null });
  return out;
}

/** Rows of a built query (knex answers plain rows for built queries on both drivers). */
async function rowsOf<T>(q: Knex.QueryBuilder): Promise<T[]> {
  return (await q) as T[];
}

/**
 * How the search words narrow the list rows (`product_order_search as s`):
 * - `index`: the full-text index finds the matching orders, which are then sorted (cheap while they are few);
 * - `walk`: the words are checked row by row with LIKE (on rows read in list order: `walkedPage`).
 */
type SearchWay = 'index' | 'walk';

function applyFilter(q: Knex.QueryBuilder, f: OrdersListFilter, search: SearchPlan, way: SearchWay, mysql: boolean): Knex.QueryBuilder {
  q.where('s.org_id', f.orgId);
  if (f.ownerId !== undefined) q.where('s.user_id', f.ownerId);
  if (f.reachableBy !== undefined) {
    // Owner and involved users, kept in product_order_users.
    q.whereIn('s.product_order_id', (sub) => sub.from(USERS_TABLE).select('product_order_id').where({ user_id: f.reachableBy, org_id: f.orgId }));
  }
  if (f.archived !== undefined) q.where('s.archived', f.archived);
  if (f.productCategoryId !== undefined) q.where('s.product_category_id', f.productCategoryId);
  if (f.statusKey !== undefined) q.where('s.last_completed_status_key', f.statusKey);
  if (f.processingPayment) q.where('s.is_processing_payment', 1);
  if (f.quoteAccepted !== undefined) {
    // Kept on the order, not on the narrow list row: one primary-key lookup per row the filter reads.
    // The same rule as isQuoteAccepted: the accepted revision is the latest one.
    const accepted = (sub: Knex.QueryBuilder) =>
      sub.from({ qa: 'product_orders' }).select('qa.id').whereRaw('qa.id = s.product_order_id').whereNotNull('qa.accepted_revision').whereRaw('qa.accepted_revision = qa.quote_revision');
    if (f.quoteAccepted) q.whereExists(accepted);
    else q.whereNotExists(accepted);
  }
  // Every word must be found: its own text, its number, its owner, its category, the products it and its items name.
  if (search.indexed.length && way === 'index') {
    if (mysql) q.whereRaw('match(s.search_text) against (? in boolean mode)', [mysqlAgainst(search)]);
    else q.whereRaw(`s.product_order_id in (select rowid from ${LIST_FTS_TABLE} where ${LIST_FTS_TABLE} match ?)`, [ftsMatch(search)]);
  }
  return whereWordsLike(q, 's.search_text', search, way === 'walk');
}

const NEWEST_FIRST = [
  { column: 's.last_updated', order: 'desc' as const },
  { column: 's.product_order_id', order: 'desc' as const },
];

/**
 * MariaDB, a search: the page is first looked for among the filter's newest WALK_SPAN × (page end)
 * rows (at least WALK_MIN_ROWS, read in list order from the filter's index, narrow rows), checking
 * each one's words with LIKE. Those rows come first in the list, so when they hold a full page it is
 * the page. Otherwise (a rarer word, a deep page) the full-text index finds the matches, which are
 * then sorted. A word in many orders fills the page early; a rare one costs one bounded read more.
 */
const WALK_SPAN = 20;
const WALK_MIN_ROWS = 2500;
/**
 * With several words, few of the newest rows hold them all: a short walk catches words that are all
 * very common, anything rarer goes to the index at once (a long walk that fails costs as much again).
 */
const WALK_MIN_ROWS_MULTI = 500;
const WALK_MAX_ROWS = 10_000;
const NO_WORDS: SearchPlan = { indexed: [], shortPrefixes: [], nothing: false };

/**
 * Whether the newest rows may hold a page of matches. Not for an order number (`#118`, `118`): it
 * names one order (and the few whose PO number starts with those digits), which the full-text index
 * finds at once; walking thousands of rows for it found nothing and only delayed the index.
 */
function worthWalking(search: SearchPlan): boolean {
  return search.indexed.length > 0 && !search.indexed.some((group) => group.some((a) => a.exact));
}

async function walkedPage(db: Knex, f: OrdersListFilter, search: SearchPlan, offset: number, limit: number): Promise<number[] | null> {
  const window = Math.max(search.indexed.length > 1 ? WALK_MIN_ROWS_MULTI : WALK_MIN_ROWS, (offset + limit) * WALK_SPAN);
  if (window > WALK_MAX_ROWS) return null;
  const newest = applyFilter(db({ s: LIST_TABLE }).select('s.product_order_id', 's.last_updated', 's.search_text'), f, NO_WORDS, 'walk', true).orderBy(NEWEST_FIRST).limit(window);
  const found = await rowsOf<{ product_order_id: number }>(
    whereWordsLike(db.from(newest.as('s')).select('s.product_order_id'), 's.search_text', search, true).orderBy(NEWEST_FIRST).limit(limit).offset(offset),
  );
  return found.length === limit ? found.map((r) => r.product_order_id) : null;
}

/**
 * The page's query: the ids of the page first (from the narrow list rows and their indexes, however
 * deep the page), then the orders' columns and list fields for those rows only. Null when the search can find nothing.
 * Wrapped: a query builder is thenable, so an async function answering one would run it.
 * On MariaDB a search for words found in very many orders walks the list instead of sorting them all;
 * `walk: false` always uses the full-text index (the benchmark's baseline: one statement, same orders).
 */
export async function ordersPageQuery(db: Knex, f: OrdersListFilter, offset: number, limit: number, opts: { walk?: boolean } = {}): Promise<{ query: Knex.QueryBuilder } | null> {
  const search = planSearch(f.searchWords ?? []);
  if (search.nothing) return null;
  const walked = opts.walk !== false && worthWalking(search) && isMysql(db) ? await walkedPage(db, f, search, offset, limit) : null;
  const columns = [...ORDER_COLUMNS, ...listFieldColumns(db)];
  const page = walked
    ? db({ o: 'product_orders' }).select(columns).whereIn('o.id', walked)
    : db({ o: 'product_orders' })
        .select(columns)
        .join(applyFilter(db({ s: LIST_TABLE }).select('s.product_order_id'), f, search, 'index', isMysql(db)).orderBy(NEWEST_FIRST).limit(limit).offset(offset).as('page'), 'page.product_order_id', 'o.id');
  const query = page.orderBy([
    { column: 'o.last_updated', order: 'desc' },
    { column: 'o.id', order: 'desc' },
  ]);
  return { query };
}

/** A page of rows (or, for an export, up to `limit` rows), newest lastUpdated first. */
export async function ordersPage(db: Knex, f: OrdersListFilter, offset: number, limit: number): Promise<Row[]> {
  const page = await ordersPageQuery(db, f, offset, limit);
  if (!page) return [];
  return (await rowsOf<Row>(page.query)).map(fromOrderRow);
}

/** The option choices of the items of some orders (rank order), for the advanced columns. */
export async function itemChoices(db: Knex, orderIds: readonly number[]): Promise<Array<{ productOrderId: number; properties: Row }>> {
  if (!orderIds.length) return [];
  const rows = await rowsOf<{ product_order_id: number; properties: unknown }>(
    db('product_instances').select('product_order_id', 'properties').whereIn('product_order_id', orderIds).orderBy(['product_order_id', 'rank', 'id']),
  );
  return rows.map((r) => ({
    productOrderId: r.product_order_id,
    properties: (typeof r.properties === 'string' ? JSON.parse(r.properties) : (r.properties ?? {})) as Row,
  }));
}

export function bindOrdersListQueries(db: Knex) {
  return {
    ordersPage: (f: OrdersListFilter, offset: number, limit: number) => ordersPage(db, f, offset, limit),
    // Maintained counts (db/orderCounts.ts): a few rows read, whatever the number of orders.
    ordersCounts: (orgId: number, statusKeys: readonly string[]) => activeOrderCounts(db, orgId, statusKeys),
    itemChoices: (orderIds: readonly number[]) => itemChoices(db, orderIds),
  };
}
export type OrdersListQueries = ReturnType<typeof bindOrdersListQueries>;
