/** How a delivery address reads on a printed document. */
import { isDeliveryAddressComplete, type AddressLike } from '../validation/submit.ts';

/** Shown after an address that lacks its street, city, state or zip. */
export const INCOMPLETE_ADDRESS_TEXT = '*incomplete address';
/** The country when the address names none. */
export const DEFAULT_COUNTRY = 'US';

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The address as printed: street, second street line, "City, State Zip", country (US when none);
 * `incomplete` when street, city, state or zip is missing (the same fields submit requires).
 */
export function addressLines(a: AddressLike | null | undefined): { lines: string[]; incomplete: boolean } {
  const x = a ?? {};
  const cityState = [x.city, x.state].filter(filled).map((s) => s.trim()).join(', ');
  const place = [cityState, filled(x.zip) ? x.zip.trim() : ''].filter((s) => s !== '').join(' ');
  const lines = [x.streetAddress, x.streetAddress2, place].filter(filled).map((s) => s.trim());
  lines.push(filled(x.country) ? x.country.trim() : DEFAULT_COUNTRY);
  return { lines, incomplete: !isDeliveryAddressComplete(a) };
}
