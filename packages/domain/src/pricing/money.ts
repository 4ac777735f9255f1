/**
 * Money helpers shared by pricing and costs. Money is in whole cents (43.70 is written 4370).
 */

/**
 * Rounds to a whole number, half away from zero (2.5 → 3, -2.5 → -3). Floating noise is removed
 * first (12 significant digits), so 4370 * 15 / 100 = 655.4999999 still rounds to 656.
 * Non-finite input gives 0.
 */
export function roundCents(x: number): number {
  if (!Number.isFinite(x)) return 0;
  if (Number.isInteger(x)) return x === 0 ? 0 : x;
  const a = Math.abs(x);
  const frac = a - Math.floor(a);
  // Only values within floating noise of a half need cleaning (toPrecision is slow).
  const r = frac > 0.4999999 && frac < 0.5000001 ? Math.floor(Number(a.toPrecision(12)) + 0.5) : Math.floor(a + 0.5);
  return r === 0 ? 0 : x < 0 ? -r : r;
}

/** Percentage of an amount in cents, rounded once (half away from zero). */
export function percentOf(amountInCents: number, percentage: number): number {
  return roundCents((amountInCents * percentage) / 100);
}

/** "$1,234.50" (or "-$3.00"): dollar sign, two decimals, thousands separated by commas. */
export function formatCents(cents: number): string {
  const c = roundCents(cents);
  const abs = Math.abs(c);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${c < 0 ? '-' : ''}$${dollars}.${rest}`;
}

/**
 * Like formatCents but keeps fractions of a cent, up to four decimals of a dollar ("$12.345"), for
 * running totals before the price is rounded.
 */
export function formatCentsPrecise(cents: number): string {
  // Hundredths of a cent, rounded once (half away from zero), so float noise never shows.
  const h = roundCents((Number.isFinite(cents) ? cents : 0) * 100);
  const abs = Math.abs(h);
  const dollars = Math.floor(abs / 10000)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = String(abs % 10000).padStart(4, '0').replace(/0{1,2}$/, '');
  return `${h < 0 ? '-' : ''}$${dollars}.${decimals}`;
}
