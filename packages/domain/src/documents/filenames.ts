/**
 * File names of the printable documents (without extension: the PDF route adds .pdf, the CSV export
 * .csv): '#{orgSpecificId} - {title} - {YYMMDD} - Quote' (or Packing Slip, Factory, Invoice).
 */

/** The documents screen's modes, as the URL and the PDF route name them. */
export const DOCUMENT_MODES = ['quote', 'invoice', 'packingSlip', 'factory'] as const;
export type DocumentKind = (typeof DOCUMENT_MODES)[number];

/** The word each document ends its file name with (and its title on the page). */
export const DOCUMENT_KIND_NAMES: Readonly<Record<DocumentKind, string>> = {
  quote: 'Quote',
  invoice: 'Invoice',
  packingSlip: 'Packing Slip',
  factory: 'Factory',
};

/** YYMMDD of a date, read in UTC so the browser and the server name the same file the same way. */
export function yymmdd(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCFullYear() % 100)}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
}

/** '#123 - Kitchen - 261123 - Quote' for order 123 titled Kitchen on 23 Nov 2026. */
export function documentFilename(order: { orgSpecificId: number; title: string }, kind: DocumentKind, date: Date): string {
  return `#${order.orgSpecificId} - ${order.title} - ${yymmdd(date)} - ${DOCUMENT_KIND_NAMES[kind]}`;
}

/** The order as the file names read it. */
export interface FilenameOrder {
  orgSpecificId: number;
  title: string;
}

/** '#{orderNo} - {title} - {YYMMDD} - Drawings'. */
export function drawingsFilename(order: FilenameOrder, date: Date): string {
  return `#${order.orgSpecificId} - ${order.title} - ${yymmdd(date)} - Drawings`;
}
