/**
 * Lengths as people read them, one way for the drawings and the architectural canvas: inches as a
 * mixed number to the nearest sixteenth (3 1/4"), millimetres to a tenth (82 mm, 67.3 mm).
 */

/** Exactly, by definition of the inch. */
export const MM_PER_INCH = 25.4;

export const mmToInches = (mm: number): number => mm / MM_PER_INCH;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Inches to the nearest 1/16, as a mixed number: 3 1/4", 1", 7/16" (16/16 carries over). */
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

/** Millimetres: whole, or with one decimal when not whole ("82 mm", "67.3 mm"). */
export function formatMillimetres(mm: number): string {
  const r = Math.round(mm * 10) / 10;
  return `${Number.isInteger(r) ? r : r.toFixed(1)} mm`;
}
