import { activeDateSettings } from '@cpq/client';
import { formatDate, type DateSettings, type GuestDiscount, type GuestView } from '@cpq/domain';

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

/** A stored UTC timestamp as its date in the organisation's locale and zone (decision 0089); unreadable text as is. */
export function formatDateAdded(created: string, settings: DateSettings = activeDateSettings()): string {
  return formatDate(created, { ...settings, style: 'date' });
}
