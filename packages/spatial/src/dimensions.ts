const MM_PER_INCH = 25.4;

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** A length in inches as whole inches and sixteenths (3 1/4"), or in millimetres. */
export function formatDimension(value: number, units: 'in' | 'mm'): string {
  if (units === 'mm') {
    const r = Math.round(value * 10) / 10;
    return `${Number.isInteger(r) ? r : r.toFixed(1)} mm`;
  }
  const sixteenths = Math.round(Math.abs(value) * 16);
  const sign = value < 0 && sixteenths ? '-' : '';
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (!rest) return `${sign}${whole}"`;
  const g = gcd(rest, 16);
  return `${sign}${whole ? `${whole} ` : ''}${rest / g}/${16 / g}"`;
}

/** Millimetres as inches (drawings of metric products in inches). */
export const mmToInches = (mm: number) => mm / MM_PER_INCH;

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
