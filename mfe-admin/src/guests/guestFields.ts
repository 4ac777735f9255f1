import type { GuestDiscount, GuestView } from '@cpq/domain';

/**
 * The guest table's editable values, as the owner types them and as update-guest-data takes them.
 * A discount is always a percentage (older records may name the type 'percentage': shown alike).
 */

/** The discount as the Discount (%) cell shows it: its value, or nothing when there is none. */
export function discountText(guest: GuestView): string {
  const d = guest.appData.designEngine.discount;
  return d ? String(d.value) : '';
}

/** Typed discount text: empty clears the discount (null); else a number from 0 to 100, or an error. */
export function parseDiscount(text: string): { discount: GuestDiscount | null } | { error: string } {
  const t = text.trim();
  if (!t) return { discount: null };
  const value = Number(t);
  if (!/^\d+(\.\d+)?$/.test(t) || !Number.isFinite(value) || value > 100) return { error: 'Enter a discount from 0 to 100, or leave it empty for none.' };
  return { discount: { type: 'percent', value } };
}

/** Sales tax choices: Enabled means disableSalesTax false, Disabled means true. */
export const SALES_TAX_CHOICES = [
  { label: 'Enabled', disableSalesTax: false },
  { label: 'Disabled', disableSalesTax: true },
] as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A stored UTC timestamp ('YYYY-MM-DD HH:MM:SS') as the user's local date; unreadable text as is. */
export function formatDateAdded(created: string): string {
  const iso = created.includes('T') ? created : created.replace(' ', 'T');
  const d = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(d.getTime()) ? created : dateFormat.format(d);
}
