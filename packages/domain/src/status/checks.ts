/** The checks a person's order must pass before submitting it or opening the payment panel. */

export const SUBMIT_PROBLEMS = {
  invalidItem: 'It looks like an item has an invalid configuration.\n\nPlease review your items and update any red selections.',
  phone: 'A valid, 10-digit contact phone number is required to proceed.',
  deliveryAddress: 'A complete delivery address is required to proceed.',
  firmName: 'Company is required to proceed.',
  clientEmails: 'A contact email is required to proceed.',
} as const;

export const PAYMENT_CONTACT_EMAIL_REQUIRED = 'Contact email is required to proceed.';

export type DeliveryAddressParts = {
  city?: string | null;
  state?: string | null;
  streetAddress?: string | null;
  zip?: string | null;
} | null;

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

export function isValidPhone(phone: string | null | undefined): boolean {
  return typeof phone === 'string' && phone.replace(/\D/g, '').length === 10;
}

export function isCompleteDeliveryAddress(address: DeliveryAddressParts | undefined): boolean {
  return !!address && filled(address.city) && filled(address.state) && filled(address.streetAddress) && filled(address.zip);
}

/** A contact email is given: a non-blank string, or a list holding one. */
export function hasClientEmail(clientEmails: unknown): boolean {
  if (Array.isArray(clientEmails)) return clientEmails.some(filled);
  return filled(clientEmails);
}

/** The first reason the order cannot be submitted; opensSettings when the fix is in the order's settings. */
export function submitProblem(input: {
  itemsValid: boolean[];
  phone: string | null;
  deliveryAddress: DeliveryAddressParts;
  firmName: string | null;
  clientEmails: unknown;
}): { message: string; opensSettings: boolean } | null {
  if (input.itemsValid.some((valid) => !valid)) return { message: SUBMIT_PROBLEMS.invalidItem, opensSettings: false };
  if (!isValidPhone(input.phone)) return { message: SUBMIT_PROBLEMS.phone, opensSettings: true };
  if (!isCompleteDeliveryAddress(input.deliveryAddress)) return { message: SUBMIT_PROBLEMS.deliveryAddress, opensSettings: true };
  if (!filled(input.firmName)) return { message: SUBMIT_PROBLEMS.firmName, opensSettings: true };
  if (!hasClientEmail(input.clientEmails)) return { message: SUBMIT_PROBLEMS.clientEmails, opensSettings: true };
  return null;
}

/** Why the payment panel cannot take a payment yet (it then offers "Edit Order Details"). */
export function paymentBlock(input: {
  phone: string | null;
  deliveryAddress: DeliveryAddressParts;
  clientEmails: unknown;
  requireContactEmail: boolean;
}): string | null {
  if (!isValidPhone(input.phone)) return SUBMIT_PROBLEMS.phone;
  if (!isCompleteDeliveryAddress(input.deliveryAddress)) return SUBMIT_PROBLEMS.deliveryAddress;
  if (input.requireContactEmail && !hasClientEmail(input.clientEmails)) return PAYMENT_CONTACT_EMAIL_REQUIRED;
  return null;
}
