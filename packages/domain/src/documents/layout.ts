/**
 * Page layout of the printable documents, decided without measuring the DOM so the screen, the print
 * and the PDF renderer agree: fixed column widths and rows of computed height packed into pages.
 */

/** A landscape letter page in CSS px. */
export const DOCUMENT_PAGE = { width: 1056, height: 816 } as const;
/** Page margins: three spacing units of 8 px. */
export const DOCUMENT_MARGIN = 24;

/** Column widths (px) of the items table; every other column gets 480 / their count, at most 120. The picture column holds a 40 px thumbnail. */
export const FIXED_COLUMN_WIDTHS = { quantity: 30, picture: 52, unitPrice: 80, subtotal: 80, sku: 90, engravings: 80 } as const;
export type FixedColumn = keyof typeof FIXED_COLUMN_WIDTHS;
const OTHER_COLUMNS_BUDGET = 480;
const OTHER_COLUMN_MAX = 120;

/** Width of each of `count` columns that have no fixed width. */
export function otherColumnWidth(count: number): number {
  if (count <= 0) return 0;
  return Math.min(OTHER_COLUMN_MAX, Math.floor(OTHER_COLUMNS_BUDGET / count));
}

export interface TableColumn {
  key: string;
  /** null: the item column, which takes what the fixed and other columns leave. */
  width: number | null;
}

/** Widths of a table's columns by the rule: fixed ones by kind, 'item' flexible, the rest shared. */
export function columnWidths(keys: readonly string[]): TableColumn[] {
  const others = keys.filter((k) => k !== 'item' && !(k in FIXED_COLUMN_WIDTHS));
  const w = otherColumnWidth(others.length);
  return keys.map((key) => ({ key, width: key === 'item' ? null : key in FIXED_COLUMN_WIDTHS ? FIXED_COLUMN_WIDTHS[key as FixedColumn] : w }));
}

export interface PackInput {
  /** Height of each row, in order. */
  rowHeights: readonly number[];
  /** Height left for rows and summary on a page (page minus margins and footer). */
  bodyHeight: number;
  /** Taken on page 1 by the header block. */
  firstPageHeader: number;
  /** The table's column header, repeated on every page that has rows. */
  tableHeader: number;
  /** The costs summary after the last row. */
  summary: number;
}

export interface PackedPage {
  /** Index of the first row on the page and one past the last (equal when the page has no rows). */
  from: number;
  to: number;
  hasSummary: boolean;
}

/**
 * Packs rows into pages so that no row is cut: rows in order, as many as fit under the header block
 * (page 1) and the table header; the summary follows the last row, or opens a new page when it does
 * not fit. A row taller than a whole page gets a page of its own (it is clipped there, never split).
 */
export function packPages(input: PackInput): PackedPage[] {
  const { rowHeights, bodyHeight, firstPageHeader, tableHeader, summary } = input;
  const pages: PackedPage[] = [];
  let from = 0;
  let used = firstPageHeader;
  let i = 0;
  const close = (hasSummary: boolean) => {
    pages.push({ from, to: i, hasSummary });
    from = i;
    used = 0;
  };
  while (i < rowHeights.length) {
    const h = rowHeights[i]!;
    const head = i === from ? tableHeader : 0;
    if (used + head + h <= bodyHeight || (i === from && used === 0)) {
      used += head + h;
      i++;
    } else close(false);
  }
  if (used + summary <= bodyHeight) close(true);
  else {
    if (from < i || pages.length === 0) close(false);
    close(true);
  }
  return pages;
}
