import { stringify } from 'csv-stringify/sync';
import {
  DEFAULT_ORDERS_PAGE_SIZE,
  ORDERS_CSV_MAX_ROWS,
  ORDERS_PAGE_SIZES,
  type OrdersCountBody,
  type OrdersCountResponse,
  type OrdersCsvResponse,
  type OrdersDataBody,
  type OrdersDataResponse,
  type OrdersListRow,
  type ProductOrderStatus,
  csvOptions,
} from '@cpq/domain';
import type { OrdersAdvancedData } from '@cpq/plugin-sdk';
import type { OrdersListFilter, OrdersListQueries } from '../db/ordersList.ts';
import type { Repos, Row } from '../db/repository.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { pricingVisible, shapeListRow, type Access } from '../policy.ts';
import type { CatalogueCache } from './catalogueCache.ts';
import type { PluginRegistry } from '../plugins.ts';
import { getOrg, orgStatuses } from './orgs.ts';

export interface OrdersListDeps {
  repos: Repos;
  ordersList: OrdersListQueries;
  plugins: PluginRegistry;
  /** The organisation's categories come from the cached catalogue (no query per page). */
  catalogues: CatalogueCache;
}

/** The organisation's active categories, in their order, from the cached catalogue. */
async function activeCategories(deps: OrdersListDeps, access: Access): Promise<Array<{ id: number; title: string }>> {
  const { tables } = await deps.catalogues.entry(access.orgId, undefined, access.catalogueVersion);
  return tables.productCategories
    .filter((c) => !c.archived)
    .sort((a, b) => Number(a.rank ?? 0) - Number(b.rank ?? 0) || Number(a.id) - Number(b.id))
    .map((c) => ({ id: Number(c.id), title: String(c.title) }));
}

/** A page holds at most the largest Items/Page choice. */
const MAX_PAGE_ROWS = Math.max(...ORDERS_PAGE_SIZES);
/** Search words beyond this many are refused (each word is one more condition on every row). */
export const ORDERS_SEARCH_MAX_WORDS = 10;

/**
 * Whom the list is built for. A guest — or an employee in guest mode — gets the guest list: a guest
 * sees the orders they own or are involved in, guest mode only the employee's own orders; neither
 * gets the employee-only fields (estimated shipping date, tracking number, command data) nor the
 * advanced data.
 */
interface ListView {
  access: Access;
  asGuest: boolean;
  /** The organisation's statuses, read when first asked for (a page without a status filter needs none: one query less). */
  statuses: () => Promise<ProductOrderStatus[]>;
}

function viewOf(deps: OrdersListDeps, access: Access, body: Pick<OrdersDataBody, 'isGuestMode' | 'userId'>): ListView {
  if (body.userId !== undefined && body.userId !== access.user.id) throw forbidden('userId must be your own user id.');
  let statuses: Promise<ProductOrderStatus[]> | undefined;
  const readStatuses = () => (statuses ??= getOrg(deps.repos, access.orgId).then((org) => (org ? orgStatuses(org) : [])));
  return { access, asGuest: access.policyRole === 'guest' || body.isGuestMode === true, statuses: readStatuses };
}

/** Search words: lower-case, split on spaces; an empty term searches nothing. */
export function searchWords(term: string | undefined): string[] {
  const words = (term ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > ORDERS_SEARCH_MAX_WORDS) throw badRequest(`searchTerm may have at most ${ORDERS_SEARCH_MAX_WORDS} words.`);
  return words;
}

/** Who a page is filtered for: the viewer's user id and whether they are a guest of the organisation. */
export interface ListViewer {
  orgId: number;
  userId: number;
  guest: boolean;
}

const viewerOf = (access: Access): ListViewer => ({ orgId: access.orgId, userId: access.user.id, guest: access.policyRole === 'guest' });

/**
 * The body's filters as a query for a viewer, unchecked (filterOf checks them). The rows a filter
 * finds depend on nothing else, which is what lets a page read ahead of its authorisation be kept
 * (ListReadAhead): same filter, same rows, whoever asked.
 */
function filterFor(viewer: ListViewer, body: OrdersDataBody): OrdersListFilter {
  const filters = body.filters ?? {};
  const me = viewer.userId;
  const f: OrdersListFilter = { orgId: viewer.orgId, searchWords: searchWords(body.searchTerm) };
  if (viewer.guest) {
    f.reachableBy = me;
    if (filters.orderOwner === 'mine') f.ownerId = me;
  } else if (body.isGuestMode || filters.orderOwner === 'mine') {
    f.ownerId = me;
  }
  const archived = filters.archived ?? 'active';
  if (archived !== 'all') f.archived = archived === 'archived' ? 1 : 0;
  const categoryId = filters.productCategoryId;
  if (categoryId !== undefined && categoryId !== 'all') f.productCategoryId = categoryId;
  const statusKey = filters.statusKey;
  if (statusKey !== undefined && statusKey !== 'all') f.statusKey = statusKey;
  if (filters.isProcessingPayment) f.processingPayment = true;
  const quote = filters.quoteAcceptance;
  if (quote !== undefined && quote !== 'all') f.quoteAccepted = quote === 'accepted';
  return f;
}

/** Whether two filters made by filterFor are the same query (same keys, made in the same order). */
const sameFilter = (a: OrdersListFilter, b: OrdersListFilter) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The body's filters as a checked query: unknown statuses and categories are refused, not silently
 * empty. The status key is checked against the organisation's statuses while the page is read
 * (`checked`: the caller awaits it with the page, which answers only when it passed).
 */
async function filterOf(deps: OrdersListDeps, view: ListView, body: OrdersDataBody): Promise<{ filter: OrdersListFilter; checked: Promise<void> }> {
  let checked = Promise.resolve();
  const { access } = view;
  const f = filterFor(viewerOf(access), body);
  if (f.productCategoryId !== undefined) {
    const { tables } = await deps.catalogues.entry(access.orgId, undefined, access.catalogueVersion);
    const category = tables.productCategories.find((c) => c.id === f.productCategoryId);
    if (!category) throw badRequest('filters.productCategoryId must be "all" or a product category of this organisation.');
  }
  const statusKey = f.statusKey;
  if (statusKey !== undefined) {
    checked = view.statuses().then((statuses) => {
      if (!statuses.some((s) => s.key === statusKey)) throw badRequest('filters.statusKey must be "all" or a status key of this organisation.');
    });
  }
  return { filter: f, checked };
}

/** Per order, the distinct titles of the options its items chose for each advanced data entry. */
async function advancedData(deps: OrdersListDeps, access: Access, orderIds: number[], entries: readonly OrdersAdvancedData[]) {
  const byOrder = new Map<number, Record<string, number[]>>();
  const optionIds = new Set<number>();
  if (entries.length) {
    for (const item of await deps.ordersList.itemChoices(orderIds)) {
      const perKey = byOrder.get(item.productOrderId) ?? Object.fromEntries(entries.map((e) => [e.key, [] as number[]]));
      byOrder.set(item.productOrderId, perKey);
      for (const e of entries) {
        const optionId = (item.properties[String(e.propertyId)] as { optionId?: unknown } | undefined)?.optionId;
        if (typeof optionId === 'number' && !perKey[e.key]!.includes(optionId)) {
          perKey[e.key]!.push(optionId);
          optionIds.add(optionId);
        }
      }
    }
  }
  // The titles from the cached catalogue (every option of the organisation, archived ones too): no query.
  const { tables } = optionIds.size ? await deps.catalogues.entry(access.orgId, undefined, access.catalogueVersion) : { tables: { productOptions: [] } };
  const options = tables.productOptions.filter((o) => optionIds.has(Number(o.id))).sort((a, b) => Number(a.id) - Number(b.id));
  const titles = new Map(options.map((o) => [Number(o.id), String(o.title)]));
  const advancedOf = (orderId: number): Record<string, string[]> => {
    const perKey = byOrder.get(orderId);
    return Object.fromEntries(entries.map((e) => [e.key, (perKey?.[e.key] ?? []).flatMap((id) => (titles.has(id) ? [titles.get(id)!] : []))]));
  };
  return { advancedOf, productOptions: options.map((o) => ({ id: Number(o.id), title: String(o.title) })) };
}

const pageRange = (body: OrdersDataBody) => body.resultConstraints ?? { from: 0, to: DEFAULT_ORDERS_PAGE_SIZE };

/** A page read before its call was authorised (ListReadAhead.start). */
export interface PageReadAhead {
  filter: OrdersListFilter;
  offset: number;
  limit: number;
  /** The rows, or null when the read failed (the page is then read again). */
  rows: Promise<Row[] | null>;
}

/**
 * Reads a page of the orders list at the same time as its call's session and access, instead of
 * after them (docs/decisions/0110-orders-list-read-ahead.md). The filter is made for whom the same
 * session was in the same organisation the last time this process authorised it; the rows are used
 * only when the filter made for the access just authorised is the same query (the rows a filter
 * finds depend on nothing else), else the page is read again. Nothing here decides access: every
 * call is authorised from the database as before, and a refused call forgets the session's viewer.
 * A process that has not seen the session yet (a new one, another process) reads after, as before.
 */
export class ListReadAhead {
  /** Viewers by organisation and session token hash, the least recently used first. */
  private readonly viewers = new Map<string, ListViewer>();

  constructor(private readonly maxViewers = 5000) {}

  /** Starts the page's read for the viewer last seen with this session, or answers undefined. */
  start(deps: Pick<OrdersListDeps, 'ordersList'>, tokenHash: string | null, body: OrdersDataBody): PageReadAhead | undefined {
    const viewer = tokenHash ? this.viewers.get(`${body.orgId}:${tokenHash}`) : undefined;
    const { from, to } = pageRange(body);
    if (!viewer || body.formatForCsvExport || to <= from || to - from > MAX_PAGE_ROWS) return undefined;
    let filter: OrdersListFilter;
    try {
      filter = filterFor(viewer, body);
    } catch {
      return undefined; // a refused search: the call itself says why
    }
    const rows = deps.ordersList.ordersPage(filter, from, to - from).catch(() => null);
    return { filter, offset: from, limit: to - from, rows };
  }

  /** The session was authorised for this access: its next page is read ahead for it. */
  authorised(tokenHash: string | null, access: Access): void {
    if (!tokenHash) return;
    const key = `${access.orgId}:${tokenHash}`;
    this.viewers.delete(key);
    this.viewers.set(key, viewerOf(access));
    if (this.viewers.size > this.maxViewers) this.viewers.delete(this.viewers.keys().next().value!);
  }

  /** The session was refused in this organisation (signed out, revoked, no longer a member). */
  refused(tokenHash: string | null, orgId: number): void {
    if (tokenHash) this.viewers.delete(`${orgId}:${tokenHash}`);
  }

  get size(): number {
    return this.viewers.size;
  }
}

/** The page's rows: those read ahead when they are of the same query, else read now. */
async function pageRows(deps: OrdersListDeps, filter: OrdersListFilter, offset: number, limit: number, ahead?: PageReadAhead): Promise<Row[]> {
  if (ahead && ahead.offset === offset && ahead.limit === limit && sameFilter(ahead.filter, filter)) {
    const rows = await ahead.rows;
    if (rows) return rows;
  }
  return deps.ordersList.ordersPage(filter, offset, limit);
}

/** Rows of the list as the viewer may see them, with the advanced data when asked for and allowed. */
async function listRows(deps: OrdersListDeps, view: ListView, body: OrdersDataBody, offset: number, limit: number, ahead?: PageReadAhead) {
  const { access } = view;
  if (body.includeAdvancedOrderData && access.policyRole === 'guest') throw forbidden('Only employees can see the advanced order data.');
  const { filter, checked } = await filterOf(deps, view, body);
  const [rows] = await Promise.all([pageRows(deps, filter, offset, limit, ahead), checked]);
  const entries = body.includeAdvancedOrderData && !view.asGuest ? deps.plugins.rulesFor(access.orgId).ordersList.advancedData : [];
  const advanced = body.includeAdvancedOrderData && !view.asGuest ? await advancedData(deps, access, rows.map((r) => r.id as number), entries) : null;
  const shaped = rows.map((r) => {
    const row = shapeListRow(access, view.asGuest, r);
    if (advanced) row.advanced = advanced.advancedOf(r.id as number);
    return row;
  });
  return { rows, shaped, productOptions: advanced?.productOptions ?? [], entries };
}

/** A page of the orders list (newest lastUpdated first). */
export async function ordersPage(deps: OrdersListDeps, access: Access, body: OrdersDataBody, ahead?: PageReadAhead): Promise<OrdersDataResponse> {
  const { from, to } = pageRange(body);
  if (to <= from) throw badRequest('resultConstraints.to must be greater than resultConstraints.from.');
  if (to - from > MAX_PAGE_ROWS) throw badRequest(`resultConstraints may span at most ${MAX_PAGE_ROWS} rows.`);
  const view = viewOf(deps, access, body);
  const [categories, { rows, shaped, productOptions }] = await Promise.all([activeCategories(deps, access), listRows(deps, view, body, from, to - from, ahead)]);
  const products = new Map<number, string>();
  for (const r of rows) if (r.rowProductId != null) products.set(r.rowProductId as number, String(r.productTitle));
  return {
    productOrders: shaped,
    products: [...products].map(([id, title]) => ({ id, title })),
    productCategories: categories,
    productOptions,
    pricingIsHidden: !pricingVisible(access),
  };
}

// ------------------------------------------------------------------------------- CSV export

/** The status an order has reached: the last of the organisation's statuses (in their order) that statusData records. */
export function lastCompletedStatus(statuses: readonly ProductOrderStatus[], statusData: Record<string, unknown>, storedKey: string | null): ProductOrderStatus | undefined {
  const reached = statuses.filter((s) => statusData[s.key] != null);
  return reached[reached.length - 1] ?? statuses.find((s) => s.key === storedKey);
}

/** Cents as dollars with two decimals and no symbol or separators, so a spreadsheet reads a number. */
export const csvAmount = (cents: number | null | undefined) => (cents == null ? '' : (cents / 100).toFixed(2));
/** 'YYYY-MM-DD HH:MM:SS' (UTC) → 'YYYY-MM-DD'. */
const csvDate = (s: unknown) => (typeof s === 'string' ? s.slice(0, 10) : '');

type CsvColumn = [title: string, value: (row: OrdersListRow, statuses: readonly ProductOrderStatus[]) => string | number];

/** Every list field, in the list's reading order; prices are in dollars. */
const CSV_COLUMNS: CsvColumn[] = [
  ['Order #', (r) => r.orgSpecificId],
  ['Title', (r) => r.title],
  ['Project', (r) => r.projectName ?? ''],
  ['Account / Client', (r) => r.firmName ?? ''],
  ['Contact', (r) => r.contactName ?? ''],
  ['PO #', (r) => r.purchaseOrderNumber ?? ''],
  ['Link', (r) => r.externalLink1 ?? ''],
  ['Product', (r) => r.productTitle ?? ''],
  ['Category', (r) => r.productCategoryTitle ?? ''],
  ['Owner', (r) => [r.ownerFirstName, r.ownerLastName].filter(Boolean).join(' ')],
  ['Status', (r, statuses) => lastCompletedStatus(statuses, r.statusData, r.lastCompletedStatusKey)?.title ?? ''],
  ['Archived', (r) => (r.archived ? 'Yes' : 'No')],
  ['Items', (r) => r.productInstancesCount],
  ['Subtotal', (r) => csvAmount(r.costs?.orderSubTotal)],
  ['Shipping', (r) => (r.costs ? (r.costs.shippingIsTbd ? 'TBD' : csvAmount(r.costs.shipping)) : '')],
  ['Tax', (r) => csvAmount(r.costs?.tax)],
  ['Deposit', (r) => csvAmount(r.costs?.depositAmount)],
  ['Total', (r) => csvAmount(r.costs?.orderTotal)],
  ['Amount Paid', (r) => csvAmount(r.amountPaidInCents)],
  ['Command #', (r) => r.commandData?.number ?? ''],
  ['Command Date', (r) => r.commandData?.date ?? ''],
  ['Command Total (EUR)', (r) => csvAmount(r.commandData?.totalInCents)],
  ['Estimated Shipping Date', (r) => r.estimatedShippingDate ?? ''],
  ['Tracking #', (r) => r.trackingNumber ?? ''],
  ['Created', (r) => csvDate(r.created)],
  ['Last Updated', (r) => csvDate(r.lastUpdated)],
];

/** Every order matching the filters and search (at most ORDERS_CSV_MAX_ROWS, newest first) as CSV text. */
export async function ordersCsv(deps: OrdersListDeps, access: Access, body: OrdersDataBody): Promise<OrdersCsvResponse> {
  if (body.resultConstraints) throw badRequest('resultConstraints cannot be combined with formatForCsvExport: the export holds every matching order.');
  const view = viewOf(deps, access, body);
  // One row more than the cap tells whether the export was cut.
  const { shaped, entries } = await listRows(deps, view, body, 0, ORDERS_CSV_MAX_ROWS + 1);
  const statuses = await view.statuses();
  const truncated = shaped.length > ORDERS_CSV_MAX_ROWS;
  const rows = truncated ? shaped.slice(0, ORDERS_CSV_MAX_ROWS) : shaped;
  const header = [...CSV_COLUMNS.map(([title]) => title), ...entries.map((e) => e.title)];
  const records = rows.map((r) => [...CSV_COLUMNS.map(([, value]) => value(r, statuses)), ...entries.map((e) => (r.advanced?.[e.key] ?? []).join(', '))]);
  return { productOrdersCsvData: stringify([header, ...records], csvOptions()), rowCount: rows.length, truncated };
}

// ------------------------------------------------------------------------------- counts

/** Active orders of the organisation per stored last completed status, and those whose payment is being processed. */
export async function ordersCount(deps: OrdersListDeps, access: Access, body: OrdersCountBody): Promise<OrdersCountResponse> {
  // The statuses and the counts read together; the counts are answered only when every key is known.
  const [statuses, { byStatusKey, processingPayment }] = await Promise.all([viewOf(deps, access, body).statuses(), deps.ordersList.ordersCounts(access.orgId, [...new Set(body.statusKeys)])]);
  const unknown = body.statusKeys.filter((k) => !statuses.some((s) => s.key === k));
  if (unknown.length) throw badRequest(`statusKeys must be status keys of this organisation (unknown: ${unknown.join(', ')}).`);
  return {
    productOrderCountsByStatusKey: Object.fromEntries(body.statusKeys.map((k) => [k, byStatusKey.get(k) ?? 0])),
    processingPaymentCount: processingPayment,
  };
}

