/**
 * User-facing validation messages. Wording the requirements give is kept word for word;
 * messages the spec does not give are our wording (docs/validation.md lists which is which).
 */
export const VALIDATION_MESSAGES = {
  // Order title: not the untitled default, not empty. The spec gives the gist of the first; the wording is ours.
  orderTitleUntitled: 'The order name cannot be "Untitled Order". Please enter a valid name.',
  orderTitleRequired: 'A valid order name is required.',
  // Instance title: required when the product says so, at most 40 characters (30 in the add-item popup).
  instanceTitleRequired: 'This item must have an identifier/description.',
  instanceTitleTooLong: 'The identifier/description can be at most 40 characters.',
  addItemTitleRequired: 'This item can not be added without an identifier/description.',
  addItemTitleTooLong: 'The identifier/description can be at most 30 characters.',
  // Submit checks, in the order they run.
  itemInvalid: 'It looks like an item has an invalid configuration.\n\nPlease review your items and update any red selections.',
  phoneInvalid: 'A valid, 10-digit contact phone number is required to proceed.',
  deliveryAddressIncomplete: 'A complete delivery address is required to proceed.',
  firmNameRequired: 'Company is required to proceed.',
  clientEmailsRequired: 'A contact email is required to proceed.',
  // Payment panel: the phone and address messages above, plus this one for one organisation.
  paymentContactEmailRequired: 'Contact email is required to proceed.',
  // The active item has an invalid option.
  currentItemInvalid: 'This item has an invalid configuration.\n\nPlease update it to have no red options on the right.',
  // Core instance checks (our wording).
  quantityInvalid: 'The quantity must be a whole number of at least 1.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** "{property} — the selected option is not available for this item." (our wording). */
export const optionNotAllowedMessage = (propertyTitle: string, optionTitle?: string | null) =>
  optionTitle
    ? `${propertyTitle}: "${optionTitle}" is not available for this item. Please choose another option.`
    : `${propertyTitle}: the selected option is not available for this item. Please choose another option.`;

/** Dimension value outside the property's bounds (our wording). */
export const dimensionOutOfRangeMessage = (propertyTitle: string, min: number, max: number | null) =>
  max === null
    ? `${propertyTitle} must be at least ${min}.`
    : `${propertyTitle} must be between ${min} and ${max}.`;
