import { formatInches, formatMillimetres } from '@cpq/domain';

/** A length in inches as whole inches and sixteenths (3 1/4"), or in millimetres: the drawings' formatter (@cpq/domain). */
export function formatDimension(value: number, units: 'in' | 'mm'): string {
  return units === 'mm' ? formatMillimetres(value) : formatInches(value);
}

/** Millimetres as inches (drawings of metric products in inches), 25.4 mm per inch. */
export { mmToInches } from '@cpq/domain';

/** Small dimensions (5 or less) are labelled in 8 px type, others in 11 px. */
export const dimensionFontPx = (v: number) => (Math.abs(v) <= 5 ? 8 : 11);

/** The precision control: halves (finer) or doubles (coarser), within the organisation's bounds. */
export function stepPrecision(p: number, direction: 'finer' | 'coarser', bounds: { min: number; max: number }): number {
  const next = direction === 'finer' ? p / 2 : p * 2;
  return Math.min(Math.max(next, bounds.min), bounds.max);
}

/** A value rounded to the precision step (1, 0.5, 0.25... or 2, 4...). */
export function roundTo(v: number, precision: number): number {
  return Number((Math.round(v / precision) * precision).toFixed(10)) || 0;
}
