/**
 * Engraving fit: the text above or below a mechanism may spread sideways towards its horizontal
 * neighbours. With the horizontal spacing s between neighbouring mechanism centres and w the
 * measured width of the text (widest line):
 *   bound = min(2·s, s − w_neighbour/2 for each horizontal neighbour in the same row and location)
 *   w/2 > bound       → over the limit (red)
 *   w/2 > bound − 6   → over the soft limit (amber)
 * Units: drawing units (mm); font sizes are in mm. One implementation for the validator of the
 * organisation that enforces it and for the drawings that colour the text.
 */
import type { TextMeasure } from '../engine/hooks.ts';
import type { ResolvedEngraving } from './engraving.ts';

export const ENGRAVING_SOFT_MARGIN = 6;
export const DEFAULT_ENGRAVING_FONT = { family: 'Helvetica', sizeMm: 4 };

/** Default horizontal spacing between mechanism centres (mm). */
export const DEFAULT_MECHANISM_SPACING = 20;
/**
 * Size-specific spacings (36, 55, 32, 37, 59, 72, 46, 40), keyed by plate width and
 * layout columns: roughly the plate width less its margins divided by the columns.
 */
export const MECHANISM_SPACINGS: Readonly<Record<string, number>> = {
  '82x2': 32,
  '90x2': 37,
  '117x2': 55,
  '117x3': 36,
  '144x2': 72,
  '144x3': 46,
  '207x3': 59,
  '207x4': 40,
};

export const mechanismSpacing = (plateWidth: number | undefined, columns: number): number =>
  (plateWidth !== undefined ? MECHANISM_SPACINGS[`${plateWidth}x${columns}`] : undefined) ?? DEFAULT_MECHANISM_SPACING;

export type FitStatus = 'ok' | 'soft' | 'over';

/** The comparison itself. `neighbourWidths` are the widths of the horizontal neighbours' texts (0 if none). */
export function engravingFitStatus(textWidth: number, spacing: number, neighbourWidths: readonly number[]): { status: FitStatus; bound: number } {
  const bound = Math.min(2 * spacing, ...neighbourWidths.map((n) => spacing - n / 2));
  const half = textWidth / 2;
  if (half > bound) return { status: 'over', bound };
  if (half > bound - ENGRAVING_SOFT_MARGIN) return { status: 'soft', bound };
  return { status: 'ok', bound };
}

/** The width of the widest line, in the engraving's font (mm). Symbols take no sideways room. */
export const engravingWidth = (e: ResolvedEngraving, measureText: TextMeasure): number =>
  Math.max(
    0,
    ...e.lines.map((line) =>
      measureText(line, { family: e.entry.fontFamily || DEFAULT_ENGRAVING_FONT.family, sizePx: e.entry.fontSize ?? DEFAULT_ENGRAVING_FONT.sizeMm }),
    ),
  );

export interface EngravingFit {
  engraving: ResolvedEngraving;
  width: number;
  status: FitStatus;
  bound: number;
}

/**
 * The fit of every engraving of a keypad: mechanisms are laid out row by row in `columns` columns;
 * a neighbour is the mechanism left or right in the same row with an engraving at the same location.
 */
export function engravingFits(
  engravings: readonly ResolvedEngraving[],
  layout: { columns: number; mechanismCount: number; spacing: number },
  measureText: TextMeasure,
): EngravingFit[] {
  const columns = Math.max(1, Math.trunc(layout.columns));
  const key = (i: number, loc: string) => `${i}:${loc}`;
  const widths = new Map<string, number>();
  for (const e of engravings) widths.set(key(e.mechanismIndex, e.location), engravingWidth(e, measureText));
  return engravings.map((e) => {
    const col = e.mechanismIndex % columns;
    const neighbours: number[] = [];
    if (col > 0) neighbours.push(widths.get(key(e.mechanismIndex - 1, e.location)) ?? 0);
    if (col < columns - 1 && e.mechanismIndex + 1 < layout.mechanismCount) neighbours.push(widths.get(key(e.mechanismIndex + 1, e.location)) ?? 0);
    const width = widths.get(key(e.mechanismIndex, e.location)) ?? 0;
    return { engraving: e, width, ...engravingFitStatus(width, layout.spacing, neighbours) };
  });
}
