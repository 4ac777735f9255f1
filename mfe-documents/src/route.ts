/** The documents route: /orders/{orgSpecificId}/documents with optional shareToken, shareableOrderId, mode, hideDiscount, revision and print. */
import { parseOrderAddress } from '@cpq/client';
import { DOCUMENT_MODES, type DocumentKind } from '@cpq/domain';

export interface DocumentsRoute {
  orgSpecificId: number;
  shareToken?: string;
  shareableOrderId?: string;
  /** The mode the URL asks for (null: the default, QUOTE). */
  mode: DocumentKind | null;
  hideDiscount: boolean;
  /** An earlier quote revision, printed as it was (null: the order as it is now). */
  revision: number | null;
  /** Rendered for the PDF service: no toolbar. */
  print: boolean;
}

/** URL spellings of the modes: packingSlip also as packing-slip. */
const MODE_ALIASES: Record<string, DocumentKind> = { 'packing-slip': 'packingSlip', packingslip: 'packingSlip' };

export function parseMode(v: string | null): DocumentKind | null {
  if (!v) return null;
  const k = v.trim();
  if ((DOCUMENT_MODES as readonly string[]).includes(k)) return k as DocumentKind;
  return MODE_ALIASES[k.toLowerCase()] ?? null;
}

const on = (v: string | null) => v === '1' || v === 'true';

/** A revision number as the server takes it (1 to 100000); anything else is no revision asked for. */
export function parseRevision(v: string | null): number | null {
  if (v === null || !/^\s*\d+\s*$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= 100_000 ? n : null;
}

export function parseDocumentsRoute(pathname: string, search: string): DocumentsRoute | null {
  const address = parseOrderAddress(pathname, search, 'documents');
  if (!address) return null;
  const { query: q, ...order } = address;
  return {
    ...order,
    mode: parseMode(q.get('mode')),
    hideDiscount: on(q.get('hideDiscount')),
    revision: parseRevision(q.get('revision')),
    print: on(q.get('print')),
  };
}

/** The mode shown: the one asked for when this person may see it, else QUOTE. */
export function allowedModes(employee: boolean): DocumentKind[] {
  return employee ? ['quote', 'invoice', 'packingSlip', 'factory'] : ['quote', 'invoice'];
}

export function effectiveMode(asked: DocumentKind | null, employee: boolean): DocumentKind {
  return asked && allowedModes(employee).includes(asked) ? asked : 'quote';
}

/** The current URL with mode and hideDiscount set (quote and a shown discount are the defaults, left out). */
export function urlWith(href: string, mode: DocumentKind, hideDiscount: boolean): string {
  const url = new URL(href);
  if (mode === 'quote') url.searchParams.delete('mode');
  else url.searchParams.set('mode', mode);
  if (hideDiscount) url.searchParams.set('hideDiscount', '1');
  else url.searchParams.delete('hideDiscount');
  return url.pathname + url.search + url.hash;
}

/** The same page (an address, or a path with its query) without its revision: the order as it is now. */
export function currentUrl(href: string): string {
  const url = new URL(href, 'http://localhost');
  url.searchParams.delete('revision');
  return url.pathname + url.search + url.hash;
}
