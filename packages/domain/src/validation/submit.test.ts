import { describe, expect, it } from 'vitest';
import { paymentPanelChecks, submitChecks, type SubmitOrderLike } from './submit.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

const good: SubmitOrderLike = {
  phone: '(415) 555-0123',
  deliveryAddress: { streetAddress: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
  firmName: 'Acme',
  clientEmails: 'a@b.example',
};

describe('submitChecks', () => {
  it('passes a complete order', () => expect(submitChecks({ order: good, hasInvalidItem: false })).toEqual({ ok: true }));
  it('runs in the spec order with the exact messages', () => {
    const bad: SubmitOrderLike = { phone: '555', deliveryAddress: null, firmName: '', clientEmails: [] };
    const r1 = submitChecks({ order: bad, hasInvalidItem: true });
    expect(r1).toMatchObject({ ok: false, code: 'itemInvalid', opensOrderSettings: false });
    expect(!r1.ok && r1.message).toBe('It looks like an item has an invalid configuration.\n\nPlease review your items and update any red selections.');
    expect(submitChecks({ order: bad, hasInvalidItem: false })).toEqual({
      ok: false,
      code: 'phoneInvalid',
      message: 'A valid, 10-digit contact phone number is required to proceed.',
      opensOrderSettings: true,
    });
    expect(submitChecks({ order: { ...bad, phone: good.phone }, hasInvalidItem: false })).toEqual({
      ok: false,
      code: 'deliveryAddressIncomplete',
      message: 'A complete delivery address is required to proceed.',
      opensOrderSettings: true,
    });
    expect(submitChecks({ order: { ...bad, phone: good.phone, deliveryAddress: good.deliveryAddress }, hasInvalidItem: false })).toMatchObject({
      message: 'Company is required to proceed.',
    });
    expect(submitChecks({ order: { ...good, clientEmails: [] }, hasInvalidItem: false })).toMatchObject({
      message: 'A contact email is required to proceed.',
    });
  });
  it('phone needs exactly 10 digits after removing non-digits', () => {
    for (const phone of ['4155550123', '415.555.0123', '+(415) 555 0123 ']) expect(submitChecks({ order: { ...good, phone }, hasInvalidItem: false }).ok).toBe(true);
    for (const phone of ['1 415 555 0123', '415555012', '', null]) expect(submitChecks({ order: { ...good, phone }, hasInvalidItem: false })).toMatchObject({ code: 'phoneInvalid' });
  });
  it('address needs city, state, streetAddress and zip', () => {
    for (const k of ['city', 'state', 'streetAddress', 'zip'] as const) {
      const deliveryAddress = { ...good.deliveryAddress, [k]: ' ' };
      expect(submitChecks({ order: { ...good, deliveryAddress }, hasInvalidItem: false })).toMatchObject({ code: 'deliveryAddressIncomplete' });
    }
    expect(submitChecks({ order: { ...good, deliveryAddress: { ...good.deliveryAddress, streetAddress2: null } }, hasInvalidItem: false }).ok).toBe(true);
  });
  it('clientEmails: blank text or an empty list is missing', () => {
    for (const clientEmails of ['', '  ', ' , ', [], [' '], null]) expect(submitChecks({ order: { ...good, clientEmails }, hasInvalidItem: false })).toMatchObject({ code: 'clientEmailsRequired' });
    expect(submitChecks({ order: { ...good, clientEmails: ['x@y.example'] }, hasInvalidItem: false }).ok).toBe(true);
  });
});

describe('paymentPanelChecks', () => {
  it('phone, address, then the contact email only when asked', () => {
    expect(paymentPanelChecks({ order: { ...good, phone: '1' } })).toMatchObject({ message: M.phoneInvalid });
    expect(paymentPanelChecks({ order: { ...good, deliveryAddress: {} } })).toMatchObject({ message: M.deliveryAddressIncomplete });
    expect(paymentPanelChecks({ order: { ...good, firmName: null, clientEmails: null } })).toEqual({ ok: true });
    expect(paymentPanelChecks({ order: { ...good, clientEmails: null }, requireContactEmail: true })).toMatchObject({
      ok: false,
      message: 'Contact email is required to proceed.',
    });
  });
  it('current item invalid message is word for word', () => {
    expect(M.currentItemInvalid).toBe('This item has an invalid configuration.\n\nPlease update it to have no red options on the right.');
  });
});
