import type { Costs } from '@cpq/domain';

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

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * M/D/YYYY. A date without a time (e.g. an estimated shipping date) is shown as written; a stored
 * timestamp ("YYYY-MM-DD HH:mm:ss", UTC) is shown as the user's local date. Unreadable text is shown as is.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const only = DATE_ONLY.exec(value);
  if (only) return `${Number(only[2])}/${Number(only[3])}/${only[1]}`;
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  const d = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  if (Number.isNaN(d.getTime())) return value;
  return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
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
