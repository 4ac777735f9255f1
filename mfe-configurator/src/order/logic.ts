/** Pure logic of the (minimal) order page. */
import { activeDateSettings, parseOrderAddress } from '@cpq/client';
import { formatDate as formatOrgDate, type DateSettings } from '@cpq/domain';

export interface OrderRoute {
  orgSpecificId: number;
  shareToken?: string;
  shareableOrderId?: string;
}

/**
 * `/orders/12` (optionally `?shareToken=..&shareableOrderId=..`) -> { orgSpecificId: 12, ... }.
 * Null when the path names no valid order number.
 */
export function parseOrderRoute(pathname: string, search = ''): OrderRoute | null {
  const address = parseOrderAddress(pathname, search, 'edit');
  if (!address) return null;
  const { query: _query, ...route } = address;
  return route;
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "Quote #12", "Project #3", "Order #7". */
export function orderHeading(wordingOrder: string, orgSpecificId: number): string {
  return `${capitalise(wordingOrder)} #${orgSpecificId}`;
}

/** A date in the organisation's locale (decision 0089; M/D/YYYY by default). Accepts ISO strings and "YYYY-MM-DD HH:MM:SS" (UTC). */
export function formatDate(value: string | null | undefined, settings: DateSettings = activeDateSettings()): string {
  return formatOrgDate(value, { ...settings, style: 'date' });
}

/** The order type as a reader would say it. */
export function orderTypeLabel(type: string, isStocked: boolean | number): string {
  const base = type === 'arch' ? 'Architectural' : 'Standalone';
  return isStocked ? `${base}, stocked items` : base;
}

/** Title of the record with this id in a list the API may or may not have returned. */
export function titleById(list: unknown, id: number | null | undefined): string | null {
  if (id === null || id === undefined || !Array.isArray(list)) return null;
  const hit = list.find(
    (x): x is { id: number; title: string } =>
      typeof x === 'object' && x !== null && (x as { id?: unknown }).id === id &&
      typeof (x as { title?: unknown }).title === 'string',
  );
  return hit ? hit.title : null;
}

/** The order's documents screen; `mode` opens one document (the quote by default). */
export const documentsHref = (orgSpecificId: number, mode?: 'invoice'): string =>
  `/orders/${orgSpecificId}/documents${mode ? `?mode=${mode}` : ''}`;
