/** The portal's top-level routes (home, orders, order tabs, admin, /404/{type}). Pure: no DOM, no state. */
export type OrderTab = 'edit' | 'documents' | 'drawings';

export type Route =
  | { kind: 'home' }
  | { kind: 'orders' }
  | { kind: 'order'; orderId: string; tab: OrderTab }
  | { kind: 'admin' }
  /** An invited guest's link: choose a password (the token travels in the query). */
  | { kind: 'invitation' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound'; type: string };

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Where an invitation mail's link leads (api/src/services/invitations.ts makes it). */
export const INVITATION_PATH = '/invitation';

export function matchRoute(rawPathname: string): Route {
  const pathname = normalise(rawPathname);
  if (pathname === '/') return { kind: 'home' };
  if (pathname === '/orders') return { kind: 'orders' };
  let m = /^\/orders\/([^/]+)$/.exec(pathname);
  if (m) return { kind: 'order', orderId: decodeURIComponent(m[1]!), tab: 'edit' };
  m = /^\/orders\/([^/]+)\/quote$/.exec(pathname);
  if (m) return { kind: 'redirect', to: `/orders/${m[1]}/documents` };
  m = /^\/orders\/([^/]+)\/(documents|drawings)(\/.*)?$/.exec(pathname);
  if (m) return { kind: 'order', orderId: decodeURIComponent(m[1]!), tab: m[2] as OrderTab };
  if (pathname === INVITATION_PATH) return { kind: 'invitation' };
  if (pathname === '/admin') return { kind: 'redirect', to: '/admin/products' };
  if (pathname.startsWith('/admin/')) return { kind: 'admin' };
  m = /^\/404\/([^/]+)$/.exec(pathname);
  if (m) return { kind: 'notFound', type: decodeURIComponent(m[1]!) };
  return { kind: 'notFound', type: 'page' };
}

/** Where the header's back link goes, or null where there is none (/, /orders, admin, 404). */
export function backHref(route: Route): string | null {
  if (route.kind !== 'order') return null;
  const id = encodeURIComponent(route.orderId);
  return route.tab === 'edit' ? '/orders' : `/orders/${id}`;
}

export function orderTabHref(orderId: string, tab: OrderTab): string {
  const base = `/orders/${encodeURIComponent(orderId)}`;
  return tab === 'edit' ? base : `${base}/${tab}`;
}

/** The order number of an order route (its organisation-specific id), or null when the address holds no such number. */
export function orderNumberOf(route: Route): number | null {
  if (route.kind !== 'order' || !/^[1-9]\d{0,15}$/.test(route.orderId)) return null;
  const n = Number(route.orderId);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The page the PDF service prints (an order's documents or drawings with print=1 in the query): the
 * sheets only, without the header (hidden while printing) or anything else of the portal around them.
 */
export function isPrintPage(route: Route, search: string): boolean {
  if (route.kind !== 'order' || route.tab === 'edit') return false;
  const print = new URLSearchParams(search).get('print');
  return print === '1' || print === 'true';
}
