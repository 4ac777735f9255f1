import type { GuestUpdatedHook } from '@cpq/plugin-sdk';

/**
 * Nordvik keeps its customers in a Monday board: when a guest's data changes in the admin area and
 * the guest is linked to a Monday item, the item is told (through the portal's integration provider).
 * Guests without a linked item are not synchronised.
 */
export const pushGuestToMonday: GuestUpdatedHook = async ({ userId, guest, trigger }) => {
  const itemId = (guest.integrationsData.monday as { itemId?: unknown } | undefined)?.itemId;
  if (itemId === undefined || itemId === null || itemId === '') return;
  await trigger('monday', 'guestUpdated', {
    mondayItemId: String(itemId),
    userId,
    email: guest.email,
    firstName: guest.firstName,
    lastName: guest.lastName,
    discountPercent: guest.discount?.value ?? 0,
    salesTax: guest.disableSalesTax ? 'Disabled' : 'Enabled',
    pricingIsHidden: guest.pricingIsHidden,
  });
};
