/**
 * Engraving fit, organisation 850: an engraving wider than the room between its horizontal
 * neighbours makes properties 27 and 112 invalid; one close to it is a warning. The fit rule itself
 * (bound, soft margin, spacings) is @cpq/domain's engravingFits, shared with the drawings.
 * At most 2 lines per location. Units: drawing units (mm); font sizes are in mm.
 */
import type { InstanceValidator, PropertyIssue } from '@cpq/domain';
// From the entry without the schema library: the plugin loads with every start-up (decision 0113).
import { ENGRAVING_MAX_LINES, engravingFits, findSelectionWithData, mechanismSpacing, readEngravings, type ResolvedEngraving } from '@cpq/domain/basics';

// Re-exported: the rule's names as this plugin's tests and callers know them.
export { DEFAULT_ENGRAVING_FONT, DEFAULT_MECHANISM_SPACING, ENGRAVING_SOFT_MARGIN, MECHANISM_SPACINGS, engravingFitStatus, engravingWidth, mechanismSpacing, type FitStatus } from '@cpq/domain/basics';

export const ENGRAVINGS_PROPERTY_ID = 27;
export const ENGRAVING_BELOW_TEXT_PROPERTY_ID = 112;
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

  const issues: PropertyIssue[] = [];
  for (const { engraving: e, status } of engravingFits(engravings, { columns, mechanismCount, spacing }, ctx.measureText)) {
    if (e.lines.length > ENGRAVING_MAX_LINES) issues.push(...errorOnBoth(engravingTooManyLinesMessage(e)));
    if (status === 'over') issues.push(...errorOnBoth(engravingTooWideMessage(e)));
    else if (status === 'soft') issues.push({ propertyId: e.sourcePropertyId, severity: 'warning', message: engravingNearLimitMessage(e) });
  }
  return issues;
};
