import { describe, expect, it, vi } from 'vitest';
import type { GuestUpdatedContext } from '@cpq/plugin-sdk';
import { pushGuestToMonday } from './mondaySync.ts';

const ctx = (integrationsData: Record<string, unknown>, trigger = vi.fn(async () => undefined)): GuestUpdatedContext => ({
  orgId: 1053,
  userId: 42,
  guest: { email: 'ola@fjord.test', firstName: 'Ola', lastName: 'Nordmann', discount: { type: 'percent', value: 12 }, disableSalesTax: true, pricingIsHidden: false, integrationsData },
  trigger,
});

describe('pushGuestToMonday', () => {
  it('tells the linked Monday item of the guest’s new data', async () => {
    const c = ctx({ monday: { itemId: 987654 } });
    await pushGuestToMonday(c);
    expect(c.trigger).toHaveBeenCalledWith('monday', 'guestUpdated', {
      mondayItemId: '987654',
      userId: 42,
      email: 'ola@fjord.test',
      firstName: 'Ola',
      lastName: 'Nordmann',
      discountPercent: 12,
      salesTax: 'Disabled',
      pricingIsHidden: false,
    });
  });

  it('does nothing for a guest with no linked item', async () => {
    for (const data of [{}, { monday: {} }, { monday: { itemId: '' } }, { other: { itemId: 1 } }]) {
      const c = ctx(data);
      await pushGuestToMonday(c);
      expect(c.trigger).not.toHaveBeenCalled();
    }
  });
});
