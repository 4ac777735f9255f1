import type { Knex } from 'knex';
import { planSearch, whereSearch, type SearchPlan } from './ordersSearch.ts';
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
];

const JSON_COLUMNS = new Set(['statusData', 'costs', 'commandData', 'involvedUsers']);

/** One order as read: camelCase fields, JSON parsed, amounts as numbers. */
function fromOrderRow(row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    const key = camel(column);
    out[key] = JSON_COLUMNS.has(key) && typeof value === 'string' ? JSON.parse(value) : value;
  }
  out.statusData ??= {};
  out.involvedUsers ??= {};
  out.amountPaidInCents = Number(out.amountPaidInCents ?? 0);
  return out;
}

/** Rows of a built query (knex answers plain rows for built queries on both drivers). */
async function rowsOf<T>(q: Knex.QueryBuilder): Promise<T[]> {
  return (await q) as T[];
}

function applyFilter(q: Knex.QueryBuilder, f: OrdersListFilter, search: SearchPlan): Knex.QueryBuilder {
  q.where('o.org_id', f.orgId);
  if (f.ownerId !== undefined) q.where('o.user_id', f.ownerId);
  if (f.reachableBy !== undefined) {
    const me = f.reachableBy;
    // involvedUsers is a JSON object keyed by user id.
    q.where((w) => w.where('o.user_id', me).orWhereRaw('json_extract(o.involved_users, ?) is not null', [`$."${me}"`]));
  }
  if (f.archived !== undefined) q.where('o.archived', f.archived);
  if (f.productCategoryId !== undefined) q.where('o.product_category_id', f.productCategoryId);
  if (f.statusKey !== undefined) q.where('o.last_completed_status_key', f.statusKey);
  if (f.processingPayment) q.where('o.is_processing_payment', 1);
  // Every word must be found: its own text, its number, its owner, its category, the products it and its items name.
  return whereSearch(q, search);
}

const NEWEST_FIRST = [
  { column: 'o.last_updated', order: 'desc' as const },
  { column: 'o.id', order: 'desc' as const },
];

/**
 * The page's query: the ids of the page first (from an index alone, however deep the page), then
 * the columns of those rows only. Null when the search can find nothing.
 */
export function ordersPageQuery(db: Knex, f: OrdersListFilter, offset: number, limit: number): Knex.QueryBuilder | null {
  const search = planSearch(f.searchWords ?? []);
  if (search.nothing) return null;
  const ids = applyFilter(db({ o: 'product_orders' }).select('o.id'), f, search).orderBy(NEWEST_FIRST).limit(limit).offset(offset);
  return db({ o: 'product_orders' }).select(ORDER_COLUMNS).join(ids.as('page'), 'page.id', 'o.id').orderBy(NEWEST_FIRST);
}

/** Ids per query: IN lists stay well under every database's limit on bound values. */
const CHUNK = 1000;
async function inChunks<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/**
 * The list-only fields of some orders: how many items each has, the product it names (its own, or
 * else its first item's), its category's title and its owner's name — read per table by id.
 */
async function withListFields(db: Knex, orgId: number, orders: Row[]): Promise<Row[]> {
  const orderIds = orders.map((o) => o.id as number);
  const items = await inChunks(orderIds, (chunk) =>
    rowsOf<{ product_order_id: number; product_id: number }>(db('product_instances').select('product_order_id', 'product_id').whereIn('product_order_id', chunk).orderBy(['product_order_id', 'rank', 'id'])),
  );
  const count = new Map<number, number>();
  const firstProduct = new Map<number, number>();
  for (const i of items) {
    count.set(i.product_order_id, (count.get(i.product_order_id) ?? 0) + 1);
    if (!firstProduct.has(i.product_order_id)) firstProduct.set(i.product_order_id, i.product_id);
  }
  const productOf = (o: Row) => (o.productId as number | null) ?? firstProduct.get(o.id as number) ?? null;
  const unique = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v != null && v > 0))];
  const titles = async (table: string, ids: number[]) =>
    new Map((await inChunks(ids, (chunk) => rowsOf<{ id: number; title: string }>(db(table).select('id', 'title').where('org_id', orgId).whereIn('id', chunk)))).map((r) => [r.id, r.title]));
  const [products, categories, owners] = await Promise.all([
    titles('products', unique(orders.map(productOf))),
    titles('product_categories', unique(orders.map((o) => o.productCategoryId as number | null))),
    inChunks(unique(orders.map((o) => o.userId as number)), (chunk) => rowsOf<{ id: number; first_name: string; last_name: string }>(db('users').select('id', 'first_name', 'last_name').whereIn('id', chunk))),
  ]);
  const ownerById = new Map(owners.map((u) => [u.id, u]));
  return orders.map((o) => {
    const productId = productOf(o);
    const owner = ownerById.get(o.userId as number);
    return {
      ...o,
      rowProductId: productId !== null && products.has(productId) ? productId : null,
      productTitle: productId !== null ? (products.get(productId) ?? null) : null,
      productCategoryTitle: o.productCategoryId != null ? (categories.get(o.productCategoryId as number) ?? null) : null,
      ownerFirstName: owner?.first_name ?? null,
      ownerLastName: owner?.last_name ?? null,
      productInstancesCount: count.get(o.id as number) ?? 0,
    };
  });
}

/** A page of rows (or, for an export, up to `limit` rows), newest lastUpdated first. */
export async function ordersPage(db: Knex, f: OrdersListFilter, offset: number, limit: number): Promise<Row[]> {
  const q = ordersPageQuery(db, f, offset, limit);
  if (!q) return [];
  return withListFields(db, f.orgId, (await rowsOf<Row>(q)).map(fromOrderRow));
}

/** Active orders per stored last completed status (only the keys asked for), and those whose payment is being processed. */
export async function ordersCounts(db: Knex, orgId: number, statusKeys: readonly string[]): Promise<{ byStatusKey: Map<string, number>; processingPayment: number }> {
  const byStatusKey = new Map<string, number>();
  if (statusKeys.length) {
    const rows = await rowsOf<{ k: string; n: number | string }>(
      db('product_orders').select({ k: 'last_completed_status_key' }).count({ n: '*' }).where({ org_id: orgId, archived: 0 }).whereIn('last_completed_status_key', statusKeys).groupBy('last_completed_status_key'),
    );
    for (const r of rows) byStatusKey.set(r.k, Number(r.n));
  }
  const [p] = await rowsOf<{ n: number | string }>(db('product_orders').count({ n: '*' }).where({ org_id: orgId, archived: 0, is_processing_payment: 1 }));
  return { byStatusKey, processingPayment: Number(p?.n ?? 0) };
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
    ordersCounts: (orgId: number, statusKeys: readonly string[]) => ordersCounts(db, orgId, statusKeys),
    itemChoices: (orderIds: readonly number[]) => itemChoices(db, orderIds),
  };
}
export type OrdersListQueries = ReturnType<typeof bindOrdersListQueries>;
