/**
 * Paper and packing of the drawings set. Pages are laid out in CSS pixels at 96 per inch, so a page
 * prints at its real size: ledger 1632×1056 (17×11 in), landscape letter 1056×816, portrait letter
 * 816×1056.
 */
export type SetMode = 'multiple' | 'individual';

export interface PageSize {
  name: 'ledger' | 'letterLandscape' | 'letterPortrait';
  widthPx: number;
  heightPx: number;
  /** The CSS @page size, so print and the PDF renderer use the same paper. */
  cssSize: string;
}

export const LEDGER: PageSize = { name: 'ledger', widthPx: 1632, heightPx: 1056, cssSize: '17in 11in' };
export const LETTER_LANDSCAPE: PageSize = { name: 'letterLandscape', widthPx: 1056, heightPx: 816, cssSize: '11in 8.5in' };
export const LETTER_PORTRAIT: PageSize = { name: 'letterPortrait', widthPx: 816, heightPx: 1056, cssSize: '8.5in 11in' };

/** Client mode draws at 3.78 px/mm (about true size on screen), factory mode at 2.5 px/mm. */
export const CLIENT_SCALE_PX_PER_MM = 3.78;
export const FACTORY_SCALE_PX_PER_MM = 2.5;
/** Factory mode puts at most this many instances on one page. */
export const MAX_INSTANCES_PER_PAGE = 4;
/** Page margin and the gap between instances sharing a page (px). */
export const PAGE_MARGIN_PX = 36;
export const INSTANCE_GAP_PX = 32;

/**
 * The paper of a set: one instance per page (client mode) is portrait letter; several per page
 * (factory mode) is ledger, or landscape letter for an organisation that prints on letter only.
 */
export function pageSizeFor(mode: SetMode, paper: 'ledger' | 'letter'): PageSize {
  if (mode === 'individual') return LETTER_PORTRAIT;
  return paper === 'letter' ? LETTER_LANDSCAPE : LEDGER;
}

export interface DrawingBox {
  /** Drawing size in millimetres (dimension margins included). */
  width: number;
  height: number;
}

/** The drawing scale in px/mm: the mode's scale, reduced when the drawing would not fit its box. */
export function fittedScale(box: DrawingBox, scale: number, maxWidthPx: number, maxHeightPx: number): number {
  if (box.width <= 0 || box.height <= 0) return scale;
  return Math.min(scale, maxWidthPx / box.width, maxHeightPx / box.height);
}

export interface PackOptions {
  /** Width available for drawings on a page (page width minus margins). */
  contentWidthPx: number;
  /** Height available for a drawing on a page. */
  drawingHeightPx: number;
  scalePxPerMm: number;
  gapPx: number;
  maxPerPage: number;
}

/**
 * Factory-mode packing: instances in order, a new page when the page already holds `maxPerPage` or
 * when the next drawing's width (at its drawn scale) plus a gap no longer fits the page width. A
 * drawing wider than a page gets a page of its own (it is scaled down to fit there).
 * Answers the instance indexes of each page.
 */
export function packPages(boxes: readonly DrawingBox[], o: PackOptions): number[][] {
  const pages: number[][] = [];
  let current: number[] = [];
  let used = 0;
  boxes.forEach((box, i) => {
    const w = box.width * fittedScale(box, o.scalePxPerMm, o.contentWidthPx, o.drawingHeightPx);
    const needed = current.length ? used + o.gapPx + w : w;
    if (current.length && (current.length >= o.maxPerPage || needed > o.contentWidthPx)) {
      pages.push(current);
      current = [];
      used = w;
    } else {
      used = needed;
    }
    current.push(i);
  });
  if (current.length) pages.push(current);
  return pages;
}
