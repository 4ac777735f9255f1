/** The checks a person's order must pass before submitting it or opening the payment panel. */
import { incompleteItemMessage, type IncompleteItem } from '../validation/completeness.ts';

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

/** The order detail a submit problem is about: the order settings open at that field. */
export type SubmitProblemField = 'phone' | 'deliveryAddress' | 'firmName' | 'clientEmails';

export type SubmitProblem = {
  message: string;
  opensSettings: boolean;
  /** The order detail to fix (opensSettings). */
  field?: SubmitProblemField;
  /** The incomplete item and its first property with nothing chosen. */
  item?: { id: number; propertyId: number };
};

/**
 * The first reason the order cannot be submitted; opensSettings when the fix is in the order's
 * settings. An item with required options unchosen (itemCompleteness) comes right after invalid items.
 */
export function submitProblem(input: {
  itemsValid: boolean[];
  /** Items with required properties unchosen, in the order's item order. */
  incompleteItems?: readonly IncompleteItem[];
  phone: string | null;
  deliveryAddress: DeliveryAddressParts;
  firmName: string | null;
  clientEmails: unknown;
}): SubmitProblem | null {
  if (input.itemsValid.some((valid) => !valid)) return { message: SUBMIT_PROBLEMS.invalidItem, opensSettings: false };
  const incomplete = input.incompleteItems?.find((i) => i.missing.length > 0);
  if (incomplete) return { message: incompleteItemMessage(incomplete), opensSettings: false, item: { id: incomplete.id, propertyId: incomplete.missing[0]!.propertyId } };
  if (!isValidPhone(input.phone)) return { message: SUBMIT_PROBLEMS.phone, opensSettings: true, field: 'phone' };
  if (!isCompleteDeliveryAddress(input.deliveryAddress)) return { message: SUBMIT_PROBLEMS.deliveryAddress, opensSettings: true, field: 'deliveryAddress' };
  if (!filled(input.firmName)) return { message: SUBMIT_PROBLEMS.firmName, opensSettings: true, field: 'firmName' };
  if (!hasClientEmail(input.clientEmails)) return { message: SUBMIT_PROBLEMS.clientEmails, opensSettings: true, field: 'clientEmails' };
  return null;
}

/** Whether the order detail a submit problem named still fails its check (its message then stays shown). */
export function submitDetailMissing(field: SubmitProblemField, order: { phone?: string | null; deliveryAddress?: DeliveryAddressParts | undefined; firmName?: string | null; clientEmails?: unknown }): boolean {
  switch (field) {
    case 'phone':
      return !isValidPhone(order.phone);
    case 'deliveryAddress':
      return !isCompleteDeliveryAddress(order.deliveryAddress);
    case 'firmName':
      return !filled(order.firmName);
    case 'clientEmails':
      return !hasClientEmail(order.clientEmails);
  }
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
