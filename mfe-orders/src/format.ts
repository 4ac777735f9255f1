import { activeDateSettings } from '@cpq/client';
import { formatDate as formatOrgDate, type Costs, type DateSettings } from '@cpq/domain';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });

/** Cents as $0,0.00 (e.g. 123450 -> "$1,234.50"). */
export function formatDollars(cents: number): string {
  return dollars.format(cents / 100);
}

/** The command total is in euros (e.g. 123450 -> "€1,234.50"). */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

/** Shipping reads "TBD" until it is determined. */
export function formatShipping(costs: Pick<Costs, 'shipping' | 'shippingIsTbd'>): string {
  return costs.shippingIsTbd ? 'TBD' : formatDollars(costs.shipping);
}

/**
 * A list date in the organisation's locale (decision 0089; M/D/YYYY by default, as the spec gives).
 * A date without a time (an estimated shipping date) is shown as written; a stored timestamp (UTC) as
 * the date in the organisation's time zone, else the reader's. Unreadable text is shown as is.
 */
export function formatDate(value: string | null | undefined, settings: DateSettings = activeDateSettings()): string {
  return formatOrgDate(value, { ...settings, style: 'date' });
}

/** "First Last", or whichever part is known. */
export function personName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].filter((p) => p && p.trim()).join(' ');
}

/** The CSV export's file name for a day: orders-export-YYYY-MM-DD.csv (the user's local date). */
export function csvFileName(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `orders-export-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.csv`;
}

/** "quotes" -> "Quotes". */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
