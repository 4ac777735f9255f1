import type { DrawingUnits } from './types.ts';

/** mm → inches as the drawings do it (mm × 0.0393701). */
export const MM_TO_IN = 0.0393701;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Inches to the nearest 1/16, as a mixed number: 3 1/4", 1", 7/16". */
export function formatInches(inches: number): string {
  const sixteenths = Math.round(Math.abs(inches) * 16);
  const sign = inches < 0 && sixteenths > 0 ? '-' : '';
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (rest === 0) return `${sign}${whole}"`;
  const g = gcd(rest, 16);
  const frac = `${rest / g}/${16 / g}`;
  return whole === 0 ? `${sign}${frac}"` : `${sign}${whole} ${frac}"`;
}

/** A length label: "82 mm" (whole mm, one decimal when not whole) or inches to the nearest 1/16. */
export function formatLength(mm: number, units: DrawingUnits): string {
  if (units === 'in') return formatInches(mm * MM_TO_IN);
  const r = Math.round(mm * 10) / 10;
  return `${Number.isInteger(r) ? r : r.toFixed(1)} mm`;
}
