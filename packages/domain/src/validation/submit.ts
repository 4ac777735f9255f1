/** Submit and payment-panel checks: items valid, 10-digit phone, full delivery address, company, contact email, in that order. */
import { VALIDATION_MESSAGES as M } from './messages.ts';

export interface AddressLike {
  streetAddress?: string | null;
  streetAddress2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

/** The order fields the checks read. */
export interface SubmitOrderLike {
  phone?: string | null;
  deliveryAddress?: AddressLike | null;
  firmName?: string | null;
  /** Text (comma separated) or a list; either way at least one non-blank entry is needed. */
  clientEmails?: string | readonly string[] | null;
}

export type SubmitCheckCode = 'itemInvalid' | 'phoneInvalid' | 'deliveryAddressIncomplete' | 'firmNameRequired' | 'clientEmailsRequired' | 'paymentContactEmailRequired';

export type SubmitCheckResult =
  | { ok: true }
  | {
      ok: false;
      code: SubmitCheckCode;
      message: string;
      /** The phone and address failures open the order settings popup. */
      opensOrderSettings: boolean;
    };

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Exactly 10 digits once every non-digit is removed. */
export const isValidPhone = (phone: string | null | undefined): boolean => (phone ?? '').replace(/\D/g, '').length === 10;

/** city, state, streetAddress and zip all present (non-blank). */
export const isDeliveryAddressComplete = (a: AddressLike | null | undefined): boolean =>
  !!a && !blank(a.city) && !blank(a.state) && !blank(a.streetAddress) && !blank(a.zip);

export function hasClientEmail(v: SubmitOrderLike['clientEmails']): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.split(/[,;\s]+/).some((s) => s.trim() !== '');
  return v.some((s) => typeof s === 'string' && s.trim() !== '');
}

const failure = (code: SubmitCheckCode, opensOrderSettings = false): SubmitCheckResult => ({
  ok: false,
  code,
  message: M[code],
  opensOrderSettings,
});

/**
 * Submit checks, in the spec's order; the first failure is returned:
 * 1 any item invalid, 2 phone of 10 digits, 3 complete delivery address, 4 firmName, 5 clientEmails.
 */
export function submitChecks(input: { order: SubmitOrderLike; hasInvalidItem: boolean }): SubmitCheckResult {
  const { order } = input;
  if (input.hasInvalidItem) return failure('itemInvalid');
  if (!isValidPhone(order.phone)) return failure('phoneInvalid', true);
  if (!isDeliveryAddressComplete(order.deliveryAddress)) return failure('deliveryAddressIncomplete', true);
  if (blank(order.firmName)) return failure('firmNameRequired');
  if (!hasClientEmail(order.clientEmails)) return failure('clientEmailsRequired');
  return { ok: true };
}

/**
 * Payment panel: the phone and address checks, then (only when the organisation asks for it,
 * `requireContactEmail`) a contact email in clientEmails. The panel offers "Edit Order Details".
 * Core code does not know which organisation that is: the caller passes the flag.
 */
export function paymentPanelChecks(input: { order: SubmitOrderLike; requireContactEmail?: boolean }): SubmitCheckResult {
  const { order } = input;
  if (!isValidPhone(order.phone)) return failure('phoneInvalid', true);
  if (!isDeliveryAddressComplete(order.deliveryAddress)) return failure('deliveryAddressIncomplete', true);
  if (input.requireContactEmail && !hasClientEmail(order.clientEmails)) return failure('paymentContactEmailRequired', true);
  return { ok: true };
}
