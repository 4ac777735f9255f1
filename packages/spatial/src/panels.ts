import { SPATIAL_DEFAULTS, type Point, type Size } from './constants.ts';

export interface Bleeds { left: number; right: number; top: number; bottom: number }
export interface GeneratedPanel {
  position: Point;
  size: Size;
  originalSize: Size;
  bleedLeft: number;
  bleedRight: number;
  bleedTop: number;
  bleedBottom: number;
  panelNumber: number;
}

/** Panel positions and sizes are kept to 6 decimals. */
export const round6 = (v: number) => Number(v.toFixed(6)) || 0;

/**
 * The widths of the panels across [left, right]: the span is first cut at every break strictly inside
 * it (a seam or mismatch line, so a panel edge lands on each), then each piece is cut into panels
 * `panelWidth` wide from its left, the last one the remainder. A remainder too thin to print (under
 * 1/64) joins the panel before it, as does a piece that thin (a break within 1/64 of another one).
 */
export function panelWidths(left: number, right: number, panelWidth: number, breaks: readonly number[] = []): number[] {
  if (!(panelWidth > 0) || !(right - left > 0)) return [];
  const thin = SPATIAL_DEFAULTS.dimensionSnap;
  const inside = [...new Set(breaks.filter((b) => Number.isFinite(b) && b > left && b < right))].sort((a, b) => a - b);
  const edges = [left, ...inside, right];
  const widths: number[] = [];
  for (let i = 1; i < edges.length; i++) {
    let rest = edges[i]! - edges[i - 1]!;
    while (rest > 1e-9) {
      const w = Math.min(panelWidth, rest);
      if (w < thin && widths.length) widths[widths.length - 1]! += w;
      else widths.push(w);
      rest -= w;
    }
  }
  return widths;
}

/**
 * The print panels covering a mural area: side by side from its left edge, each at most `panelWidth`
 * wide, broken at every seam or mismatch line crossing the area (`breaks`, their x), the area's full
 * height, numbered 1..n left to right. Each panel carries the bleeds.
 */
export function autogeneratePanels(area: { position: Point; size: Size }, opts: { panelWidth: number; bleeds?: Bleeds; breaks?: readonly number[] }): GeneratedPanel[] {
  const { width, height } = area.size;
  if (!(opts.panelWidth > 0) || !(width > 0) || !(height > 0)) return [];
  const bleeds = opts.bleeds ?? SPATIAL_DEFAULTS.panelBleed;
  const widths = panelWidths(area.position.x, area.position.x + width, opts.panelWidth, opts.breaks);
  let x = area.position.x;
  return widths.map((w, i) => {
    const panel: GeneratedPanel = {
      position: { x: round6(x), y: round6(area.position.y) },
      size: { width: round6(w), height: round6(height) },
      originalSize: { width: round6(w), height: round6(height) },
      bleedLeft: bleeds.left,
      bleedRight: bleeds.right,
      bleedTop: bleeds.top,
      bleedBottom: bleeds.bottom,
      panelNumber: i + 1,
    };
    x += w;
    return panel;
  });
}

/**
 * The panel layout (Panel Layout view, Print Panel Layout page): panels left to right, each drawn at
 * least 90 wide, in rows while the row's widths plus 50 between panels stay under 1400.
 */
export function panelLayoutRows<P extends { size: Size }>(panels: readonly P[]): { panel: P; x: number; y: number; width: number; height: number }[][] {
  const { minPanelWidth, panelRowMaxWidth, panelRowGap } = SPATIAL_DEFAULTS;
  const rows: { panel: P; x: number; y: number; width: number; height: number }[][] = [];
  let row: (typeof rows)[number] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const panel of panels) {
    const width = Math.max(panel.size.width, minPanelWidth);
    const height = panel.size.height;
    if (row.length && x + width >= panelRowMaxWidth) {
      rows.push(row);
      y += rowHeight + panelRowGap;
      row = [];
      x = 0;
      rowHeight = 0;
    }
    row.push({ panel, x, y, width, height });
    x += width + panelRowGap;
    rowHeight = Math.max(rowHeight, height);
  }
  if (row.length) rows.push(row);
  return rows;
}
