/**
 * Engraving fit, organisation 850. The text above or below a mechanism may spread
 * sideways towards its horizontal neighbours. With the horizontal spacing s between neighbouring
 * mechanism centres and w the measured width of the text (widest line):
 *   bound = min(2·s, s − w_neighbour/2 for each horizontal neighbour in the same row and location)
 *   w/2 > bound       → over the limit (error, red): properties 27 and 112 are invalid
 *   w/2 > bound − 6   → over the soft limit (warning, amber)
 * At most 2 lines per location. Units: drawing units (mm); font sizes are in mm.
 */
import {
  ENGRAVING_MAX_LINES,
  findSelectionWithData,
  readEngravings,
  type InstanceValidator,
  type PropertyIssue,
  type ResolvedEngraving,
  type TextMeasure,
} from '@cpq/domain';

export const ENGRAVINGS_PROPERTY_ID = 27;
export const ENGRAVING_BELOW_TEXT_PROPERTY_ID = 112;
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

/** The spec's comparison. `neighbourWidths` are the widths of the horizontal neighbours' texts (0 if none). */
export function engravingFitStatus(textWidth: number, spacing: number, neighbourWidths: readonly number[]): { status: FitStatus; bound: number } {
  const bound = Math.min(2 * spacing, ...neighbourWidths.map((n) => spacing - n / 2));
  const half = textWidth / 2;
  if (half > bound) return { status: 'over', bound };
  if (half > bound - ENGRAVING_SOFT_MARGIN) return { status: 'soft', bound };
  return { status: 'ok', bound };
}

export const engravingWidth = (e: ResolvedEngraving, measureText: TextMeasure): number =>
  Math.max(
    0,
    ...e.lines.map((line) =>
      measureText(line, { family: e.entry.fontFamily || DEFAULT_ENGRAVING_FONT.family, sizePx: e.entry.fontSize ?? DEFAULT_ENGRAVING_FONT.sizeMm }),
    ),
  );

const where = (e: ResolvedEngraving) => `${e.location} mechanism ${e.mechanismIndex + 1}`;
export const engravingTooWideMessage = (e: ResolvedEngraving) =>
  `The engraving "${e.lines.join(' / ')}" ${where(e)} is too wide for the space available. Please shorten the text or use a smaller font.`;
export const engravingNearLimitMessage = (e: ResolvedEngraving) =>
  `The engraving "${e.lines.join(' / ')}" ${where(e)} is close to the edge of the space available.`;
export const engravingTooManyLinesMessage = (e: ResolvedEngraving) =>
  `The engraving ${where(e)} has ${e.lines.length} lines; at most ${ENGRAVING_MAX_LINES} lines are allowed above and below each mechanism.`;

const errorOnBoth = (message: string): PropertyIssue[] => [
  { propertyId: ENGRAVINGS_PROPERTY_ID, severity: 'error', message },
  { propertyId: ENGRAVING_BELOW_TEXT_PROPERTY_ID, severity: 'error', message },
];

export const engravingFitValidator: InstanceValidator = (ctx) => {
  const engravings = readEngravings(ctx.instance, {
    engravingsPropertyId: ENGRAVINGS_PROPERTY_ID,
    belowTextPropertyId: ENGRAVING_BELOW_TEXT_PROPERTY_ID,
  });
  if (engravings.length === 0) return [];
  const layout = findSelectionWithData(ctx.product, ctx.instance, ctx.catalogue, ['rows', 'columns'] as const);
  const plate = findSelectionWithData(ctx.product, ctx.instance, ctx.catalogue, ['width', 'height'] as const);
  const columns = Math.max(1, Math.trunc(layout?.data.columns ?? 1));
  const spacing = mechanismSpacing(plate?.data.width, columns);
  const layoutString = layout ? (layout.option.data as { layoutString?: unknown }).layoutString : undefined;
  const mechanismCount =
    typeof layoutString === 'string' && layoutString.trim() !== ''
      ? layoutString.split(',').length
      : layout
        ? Math.max(1, Math.trunc(layout.data.rows)) * columns
        : Number.POSITIVE_INFINITY;

  const widths = new Map<string, number>();
  const key = (i: number, loc: string) => `${i}:${loc}`;
  for (const e of engravings) widths.set(key(e.mechanismIndex, e.location), engravingWidth(e, ctx.measureText));

  const issues: PropertyIssue[] = [];
  for (const e of engravings) {
    if (e.lines.length > ENGRAVING_MAX_LINES) issues.push(...errorOnBoth(engravingTooManyLinesMessage(e)));
    const col = e.mechanismIndex % columns;
    const neighbours: number[] = [];
    if (col > 0) neighbours.push(widths.get(key(e.mechanismIndex - 1, e.location)) ?? 0);
    if (col < columns - 1 && e.mechanismIndex + 1 < mechanismCount) neighbours.push(widths.get(key(e.mechanismIndex + 1, e.location)) ?? 0);
    const { status } = engravingFitStatus(widths.get(key(e.mechanismIndex, e.location)) ?? 0, spacing, neighbours);
    if (status === 'over') issues.push(...errorOnBoth(engravingTooWideMessage(e)));
    else if (status === 'soft') issues.push({ propertyId: e.sourcePropertyId, severity: 'warning', message: engravingNearLimitMessage(e) });
  }
  return issues;
};
