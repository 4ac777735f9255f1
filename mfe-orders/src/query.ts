import {
  DEFAULT_ORDERS_PAGE_SIZE,
  ORDERS_PAGE_SIZES,
  ORDERS_SEARCH_MAX_LENGTH,
  type ArchivedFilter,
  type DetailLevel,
  type OrderOwnerFilter,
  type OrdersPageSettings,
  type OrdersPageSize,
  type QuoteAcceptanceFilter,
} from '@cpq/domain';

/**
 * What the orders list shows: its filters, search, page and view. It lives in the URL query so a
 * filtered view can be bookmarked, shared, reloaded and walked with back/forward.
 */
export interface OrdersListView {
  owner: OrderOwnerFilter;
  type: ArchivedFilter;
  /** 'all' or a status key of the organisation. */
  status: string;
  category: 'all' | number;
  /** Search text as typed ('' = no search). */
  q: string;
  /** 1-based. */
  page: number;
  size: OrdersPageSize;
  view: DetailLevel;
  /** Only orders whose payment is being processed (the PP shortcut). */
  pp: boolean;
  /** Whether the customer accepted the current quote: all, accepted, notAccepted. */
  quote: QuoteAcceptanceFilter;
}

/** The defaults when nothing else says otherwise: owner all, type Active, status All, category all, quote All, 100 a page, basic. */
export const DEFAULT_LIST_VIEW: OrdersListView = {
  owner: 'all',
  type: 'active',
  status: 'all',
  category: 'all',
  q: '',
  page: 1,
  size: DEFAULT_ORDERS_PAGE_SIZE,
  view: 'basic',
  pp: false,
  quote: 'all',
};

/** What the user may choose here: the status keys offered to their role, and whether the Advanced view is offered. */
export interface ViewLimits {
  statusKeys: readonly string[];
  advancedAllowed: boolean;
}

/** The server accepts rows up to this offset (ResultConstraints.from). */
const MAX_FROM = 10_000_000;

const QUERY_KEYS = ['owner', 'type', 'status', 'category', 'q', 'page', 'size', 'view', 'pp', 'quote'] as const;
const QUOTE_VALUES = ['all', 'accepted', 'notAccepted'] as const;

function pick<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

function positiveInt(value: string | number | null | undefined): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : undefined;
}

function status(value: string | null | undefined, limits: ViewLimits): string | undefined {
  if (value === 'all') return 'all';
  return value && limits.statusKeys.includes(value) ? value : undefined;
}

function category(value: string | number | null | undefined): 'all' | number | undefined {
  return value === 'all' ? 'all' : positiveInt(value);
}

function size(value: string | number | null | undefined): OrdersPageSize | undefined {
  return ORDERS_PAGE_SIZES.find((s) => String(s) === String(value));
}

function view(value: string | null | undefined, limits: ViewLimits): DetailLevel | undefined {
  const v = pick(value, ['basic', 'advanced'] as const);
  return v === 'advanced' && !limits.advancedAllowed ? 'basic' : v;
}

function page(value: string | null, pageSize: number): number | undefined {
  const n = positiveInt(value);
  return n !== undefined && (n - 1) * pageSize <= MAX_FROM ? n : undefined;
}

/** True when the query names any of the list's parameters (then it alone decides the view). */
export function hasListParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return QUERY_KEYS.some((k) => params.has(k));
}

/** The view a user's saved settings give (a value that is no longer valid falls back to the default). */
export function viewFromSettings(settings: OrdersPageSettings | undefined, limits: ViewLimits): OrdersListView {
  const s = settings ?? {};
  return {
    ...DEFAULT_LIST_VIEW,
    owner: pick(s.orderOwnerFilterValue, ['all', 'mine'] as const) ?? DEFAULT_LIST_VIEW.owner,
    type: pick(s.archivedFilterValue, ['active', 'archived', 'all'] as const) ?? DEFAULT_LIST_VIEW.type,
    status: status(s.statusFilterValue, limits) ?? DEFAULT_LIST_VIEW.status,
    category: category(s.productCategoryFilterValue) ?? DEFAULT_LIST_VIEW.category,
    size: size(s.pageRowsFilterValue) ?? DEFAULT_LIST_VIEW.size,
    view: view(s.detailLevelFilterValue, limits) ?? DEFAULT_LIST_VIEW.view,
    quote: pick(s.quoteAcceptanceFilterValue, QUOTE_VALUES) ?? DEFAULT_LIST_VIEW.quote,
  };
}

/** The settings saved for a view (search, page and the processing-payment filter are not settings). */
export function settingsFromView(v: OrdersListView): OrdersPageSettings {
  return {
    orderOwnerFilterValue: v.owner,
    archivedFilterValue: v.type,
    statusFilterValue: v.status,
    pageRowsFilterValue: v.size,
    productCategoryFilterValue: v.category,
    detailLevelFilterValue: v.view,
    quoteAcceptanceFilterValue: v.quote,
  };
}

/**
 * The view a query asks for. A query that names none of the list's parameters gives `base` (the
 * saved settings); otherwise each parameter comes from the query and a missing or bad one falls
 * back to the default, so a shared link means the same for everyone.
 */
export function parseListQuery(search: string, base: OrdersListView, limits: ViewLimits): OrdersListView {
  if (!hasListParams(search)) return base;
  const p = new URLSearchParams(search);
  const d = DEFAULT_LIST_VIEW;
  const pageSize = size(p.get('size')) ?? d.size;
  return {
    owner: pick(p.get('owner'), ['all', 'mine'] as const) ?? d.owner,
    type: pick(p.get('type'), ['active', 'archived', 'all'] as const) ?? d.type,
    status: status(p.get('status'), limits) ?? d.status,
    category: category(p.get('category')) ?? d.category,
    q: (p.get('q') ?? '').slice(0, ORDERS_SEARCH_MAX_LENGTH),
    page: page(p.get('page'), pageSize) ?? d.page,
    size: pageSize,
    view: view(p.get('view'), limits) ?? d.view,
    pp: p.get('pp') === '1',
    quote: pick(p.get('quote'), QUOTE_VALUES) ?? d.quote,
  };
}

/** The query of a view ('?owner=…'): filters always, search, page, pp and quote only when they filter (links made before the Quote filter stay as they were). */
export function listQuery(v: OrdersListView): string {
  const p = new URLSearchParams();
  p.set('owner', v.owner);
  p.set('type', v.type);
  p.set('status', v.status);
  p.set('category', String(v.category));
  if (v.q) p.set('q', v.q);
  if (v.page > 1) p.set('page', String(v.page));
  p.set('size', String(v.size));
  p.set('view', v.view);
  if (v.pp) p.set('pp', '1');
  if (v.quote !== 'all') p.set('quote', v.quote);
  return `?${p.toString()}`;
}

/** A filter change: every change of what is listed starts again at page 1. */
export function withFilters(v: OrdersListView, patch: Partial<Omit<OrdersListView, 'page'>>): OrdersListView {
  return { ...v, ...patch, page: 1 };
}

/**
 * A shortcut (or a status count): owner all, type Active, category all, quote All, and the status or
 * the processing-payment filter, so the list holds what the count counted.
 */
export function withShortcut(v: OrdersListView, shortcut: { statusKey?: string; processingPayment?: boolean }): OrdersListView {
  return withFilters(v, {
    owner: 'all',
    type: 'active',
    category: 'all',
    quote: 'all',
    status: shortcut.processingPayment ? 'all' : (shortcut.statusKey ?? 'all'),
    pp: !!shortcut.processingPayment,
  });
}

/** True when a change between two views changes what is saved as the user's settings. */
export function settingsChanged(a: OrdersListView, b: OrdersListView): boolean {
  return JSON.stringify(settingsFromView(a)) !== JSON.stringify(settingsFromView(b));
}
