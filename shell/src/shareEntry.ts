import { api, ApiRequestError } from '@cpq/client';
import { SHARE_LINK_INVALID } from '@cpq/domain/basics';
import { matchRoute } from './routes.ts';

/**
 * Share-link entry (docs/decisions/0045-sharing-and-share-links.md): a page opened with
 * `?shareToken=…&shareableOrderId=…`. The token is read once and the address replaced at once by the
 * same address without the token, so it stays neither in history nor in what the page could send on.
 * The order then opens where the link points: its tab (documents, drawings) and the rest of its query.
 */

/** sessionStorage key: this tab arrived through a share link (the sharee tour is due). */
export const SHAREE_TOUR_FLAG = 'cpq.shareeTour';

export interface ShareLink {
  shareToken: string;
  /** Where in the order the link points, after `/orders/{n}`: its tab and the rest of its query ('' for the edit tab). */
  place: string;
}

const TOKEN_PARAMS = ['shareToken', 'shareableOrderId'];

/** The part of an order address after `/orders/{n}` to keep: the tab of the path, the query without the token. */
export function placeInOrder(pathname: string, search: string): string {
  const route = matchRoute(pathname);
  const tab = route.kind === 'order' && route.tab !== 'edit' ? `/${route.tab}` : '';
  const query = new URLSearchParams(search);
  for (const p of TOKEN_PARAMS) query.delete(p);
  const rest = query.toString();
  return tab + (rest ? `?${rest}` : '');
}

/** The address of the order a share link opened, at the place the link points to. */
export function sharedOrderPath(orderNo: number, place: string): string {
  return `/orders/${orderNo}${place}`;
}

/** Where an entry leads. */
export type ShareEntry =
  /** A session is in place (the guest the link signed in, or the person already signed in): open the order. */
  | { kind: 'open'; orgId: number; orderNo: number }
  /** An employee's link: they sign in with their password, then the order opens. */
  | { kind: 'signIn'; orgId: number; orderNo: number }
  /** The link does not open (invalid, revoked, or the server failed: then `retryable`). */
  | { kind: 'invalid'; message: string; retryable: boolean };

/** Same shape as the contract's ShareToken: anything else is not a link the portal made. */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * Reads a share link from the address and replaces the address with the same one without the token
 * (the hash kept). Null when the address carries none.
 */
export function takeShareLink(win: Window = window): ShareLink | null {
  const params = new URLSearchParams(win.location.search);
  if (!params.has('shareToken')) return null;
  const shareToken = (params.get('shareToken') ?? '').trim();
  const place = placeInOrder(win.location.pathname, win.location.search);
  for (const p of TOKEN_PARAMS) params.delete(p);
  const query = params.toString();
  win.history.replaceState(win.history.state, '', win.location.pathname + (query ? `?${query}` : '') + win.location.hash);
  return { shareToken, place };
}

/**
 * Follows a share link: signed in, handle-guest-share-link involves the person as they are; signed
 * out, get-org-role-for-token says who the link lets in: a guest is signed in by
 * handle-guest-share-link (its session cookie comes back), an employee signs in with their password.
 */
export async function enterShareLink(link: ShareLink, signedIn: boolean): Promise<ShareEntry> {
  if (!TOKEN.test(link.shareToken)) return { kind: 'invalid', message: SHARE_LINK_INVALID, retryable: false };
  const shareToken = link.shareToken;
  try {
    if (!signedIn) {
      const role = await api.getOrgRoleForToken({ shareToken });
      if (role.orgRole !== 'guest') return { kind: 'signIn', orgId: role.orgId, orderNo: role.productOrderOrgSpecificId };
    }
    const entry = await api.handleGuestShareLink({ shareToken });
    return { kind: 'open', orgId: entry.orgId, orderNo: entry.productOrderOrgSpecificId };
  } catch (err) {
    // A refusal (4xx) is the link's fault and final; anything else (network, server) may pass.
    const refused = err instanceof ApiRequestError && err.status >= 400 && err.status < 500;
    return { kind: 'invalid', message: err instanceof Error ? err.message : String(err), retryable: !refused };
  }
}

/** Marks this tab as arrived through a share link: the order page's tour is due (sessionStorage). */
export function markShareeArrival(): void {
  try {
    sessionStorage.setItem(SHAREE_TOUR_FLAG, '1');
  } catch {
    /* storage unavailable: no tour, nothing else depends on it */
  }
}
