/**
 * Names of downloaded documents and drawings (without extension; the caller adds .pdf or .csv):
 * documents '#{orgSpecificId} - {title} - {YYMMDD} - Quote|Packing Slip|Factory|Invoice', drawings
 * '#{orderNo} - {title} - {YYMMDD} - Drawings'. The date is the given day in UTC, so a name does not
 * depend on where the server or the browser runs.
 */
export type DocumentKind = 'quote' | 'invoice' | 'packingSlip' | 'factory';

export interface FilenameOrder {
  orgSpecificId: number;
  title: string;
}

const DOCUMENT_LABEL: Record<DocumentKind, string> = {
  quote: 'Quote',
  invoice: 'Invoice',
  packingSlip: 'Packing Slip',
  factory: 'Factory',
};

const two = (n: number) => String(n).padStart(2, '0');

/** YYMMDD of the day in UTC. */
export function yymmdd(date: Date): string {
  return `${two(date.getUTCFullYear() % 100)}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
}

export function documentFilename(order: FilenameOrder, kind: DocumentKind, date: Date): string {
  return `#${order.orgSpecificId} - ${order.title} - ${yymmdd(date)} - ${DOCUMENT_LABEL[kind]}`;
}

export function drawingsFilename(order: FilenameOrder, date: Date): string {
  return `#${order.orgSpecificId} - ${order.title} - ${yymmdd(date)} - Drawings`;
}
