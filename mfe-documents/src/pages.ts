/**
 * The document's pages: page geometry in CSS px and the rows packed into pages (no row cut, header
 * block on page 1, costs summary after the last row).
 */
import { DOCUMENT_MARGIN, DOCUMENT_PAGE, packPages, type PackedPage } from '@cpq/domain';
import type { DocumentModel } from './model.ts';

export const FOOTER_HEIGHT = 32;
/** Height of page 1's header block (fixed: its lines never wrap). */
export const HEADER_HEIGHT = 168;
export const TABLE_HEADER_HEIGHT = 28;
export const SUMMARY_LINE_HEIGHT = 20;
const SUMMARY_PADDING = 24;
/** What rows, header block and summary may fill on a page. */
export const BODY_HEIGHT = DOCUMENT_PAGE.height - 2 * DOCUMENT_MARGIN - FOOTER_HEIGHT;

export function summaryHeight(doc: Pick<DocumentModel, 'summary'>): number {
  return doc.summary ? SUMMARY_PADDING + doc.summary.length * SUMMARY_LINE_HEIGHT : 0;
}

/** A quote's terms, after the summary on the last page: a heading and one unwrapped line per term. */
export const TERMS_LINE_HEIGHT = 16;
const TERMS_HEADING = 28;

export function termsHeight(doc: Pick<DocumentModel, 'terms'>): number {
  return doc.terms.length > 0 ? TERMS_HEADING + doc.terms.length * TERMS_LINE_HEIGHT : 0;
}

/** An accepted revision's acceptance block, after the terms: a heading and one unwrapped line each (Acceptance.module.css). */
export const ACCEPTANCE_LINE_HEIGHT = 16;
const ACCEPTANCE_HEADING = 32;

export function acceptanceHeight(doc: Partial<Pick<DocumentModel, 'acceptance'>>): number {
  return doc.acceptance ? ACCEPTANCE_HEADING + doc.acceptance.lines.length * ACCEPTANCE_LINE_HEIGHT : 0;
}

/**
 * The header fields' row height: 18 px, less when more fields than fit at 18 share the header (the
 * revision field makes nine), never under a text line (16 px).
 */
const FIELD_HEIGHT = 18;
/** The header's room for the fields: its height less its 12 px bottom padding and 2 px rule. */
export const HEADER_FIELDS_ROOM = HEADER_HEIGHT - 12 - 2;

export function headerFieldHeight(count: number): number {
  return Math.max(16, Math.min(FIELD_HEIGHT, Math.floor(HEADER_FIELDS_ROOM / Math.max(1, count))));
}

/** What follows the last row on the last page: the summary, the terms and the acceptance. */
export function closingHeight(doc: Pick<DocumentModel, 'summary' | 'terms'> & Partial<Pick<DocumentModel, 'acceptance'>>): number {
  return summaryHeight(doc) + termsHeight(doc) + acceptanceHeight(doc);
}

export function paginate(doc: Pick<DocumentModel, 'rows' | 'summary' | 'terms'> & Partial<Pick<DocumentModel, 'acceptance'>>): PackedPage[] {
  return packPages({
    rowHeights: doc.rows.map((r) => r.height),
    bodyHeight: BODY_HEIGHT,
    firstPageHeader: HEADER_HEIGHT,
    tableHeader: TABLE_HEADER_HEIGHT,
    summary: closingHeight(doc),
  });
}
