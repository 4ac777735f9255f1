import { describe, expect, it } from 'vitest';
import { paymentBlock, submitDetailMissing, submitProblem } from './checks.ts';

const address = { city: 'Portland', state: 'OR', streetAddress: '1 Main St', zip: '97201' };
const valid = {
  itemsValid: [true, true],
  phone: '(503) 555-0100',
  deliveryAddress: address,
  firmName: 'Acme Interiors',
  clientEmails: ['buyer@acme.test'],
};

const INVALID_ITEM = 'It looks like an item has an invalid configuration.\n\nPlease review your items and update any red selections.';
const PHONE = 'A valid, 10-digit contact phone number is required to proceed.';
const ADDRESS = 'A complete delivery address is required to proceed.';

describe('submit checks, in order, first failure wins', () => {
  it('passes a complete order', () => {
    expect(submitProblem(valid)).toBeNull();
  });

  it('1. an invalid item, before everything else (does not open settings)', () => {
    expect(submitProblem({ ...valid, itemsValid: [true, false], phone: null, firmName: null })).toEqual({ message: INVALID_ITEM, opensSettings: false });
  });

  it('an item with required options unchosen comes after invalid items and before the order details', () => {
    const entry = { id: 41, rank: 1, title: 'Entry', missing: [] };
    const hall = { id: 42, rank: 2, title: 'Hallway', missing: [{ propertyId: 8, title: 'Plate Size' }, { propertyId: 10, title: 'Back Box' }] };
    expect(submitProblem({ ...valid, incompleteItems: [entry, hall], phone: null })).toEqual({
      message: 'Choose Plate Size and Back Box for item 2 “Hallway” before submitting.',
      opensSettings: false,
      item: { id: 42, propertyId: 8 },
    });
    expect(submitProblem({ ...valid, itemsValid: [false, true], incompleteItems: [hall] })).toEqual({ message: INVALID_ITEM, opensSettings: false });
    expect(submitProblem({ ...valid, incompleteItems: [entry] })).toBeNull();
  });

  it('2. the phone needs exactly 10 digits', () => {
    const problem = { message: PHONE, opensSettings: true, field: 'phone' };
    expect(submitProblem({ ...valid, phone: null, deliveryAddress: null })).toEqual(problem);
    expect(submitProblem({ ...valid, phone: '555-0100' })).toEqual(problem);
    expect(submitProblem({ ...valid, phone: '+1 503 555 0100' })).toEqual(problem);
    expect(submitProblem({ ...valid, phone: '503.555.0100' })).toBeNull();
  });

  it('3. the delivery address needs city, state, street address and zip', () => {
    const problem = { message: ADDRESS, opensSettings: true, field: 'deliveryAddress' };
    expect(submitProblem({ ...valid, deliveryAddress: null, firmName: '' })).toEqual(problem);
    for (const field of ['city', 'state', 'streetAddress', 'zip'] as const) {
      expect(submitProblem({ ...valid, deliveryAddress: { ...address, [field]: ' ' } })).toEqual(problem);
      expect(submitProblem({ ...valid, deliveryAddress: { ...address, [field]: undefined } })).toEqual(problem);
    }
  });

  it('4. the company', () => {
    const problem = { message: 'Company is required to proceed.', opensSettings: true, field: 'firmName' };
    expect(submitProblem({ ...valid, firmName: null, clientEmails: null })).toEqual(problem);
    expect(submitProblem({ ...valid, firmName: '  ' })).toEqual(problem);
  });

  it('5. a contact email', () => {
    const problem = { message: 'A contact email is required to proceed.', opensSettings: true, field: 'clientEmails' };
    for (const clientEmails of [null, undefined, '', [], ['', ' ']]) expect(submitProblem({ ...valid, clientEmails })).toEqual(problem);
    expect(submitProblem({ ...valid, clientEmails: 'buyer@acme.test' })).toBeNull();
  });
});

describe('a named order detail, checked again as it is fixed', () => {
  it('each field by its own check, whatever the others', () => {
    const none = { phone: null, deliveryAddress: null, firmName: null, clientEmails: null };
    for (const field of ['phone', 'deliveryAddress', 'firmName', 'clientEmails'] as const) expect(submitDetailMissing(field, none)).toBe(true);
    expect(submitDetailMissing('phone', { ...none, phone: '503.555.0100' })).toBe(false);
    expect(submitDetailMissing('phone', { ...none, phone: '555-0100' })).toBe(true);
    expect(submitDetailMissing('deliveryAddress', { ...none, deliveryAddress: address })).toBe(false);
    expect(submitDetailMissing('deliveryAddress', { ...none, deliveryAddress: { ...address, zip: '' } })).toBe(true);
    expect(submitDetailMissing('firmName', { ...none, firmName: 'Acme' })).toBe(false);
    expect(submitDetailMissing('clientEmails', { ...none, clientEmails: ['a@b.test'] })).toBe(false);
  });
});

describe('payment panel blocks', () => {
  const ready = { phone: valid.phone, deliveryAddress: address, clientEmails: null, requireContactEmail: false };
  it('phone, then address, then (when the organisation asks) a contact email', () => {
    expect(paymentBlock(ready)).toBeNull();
    expect(paymentBlock({ ...ready, phone: '123', deliveryAddress: null })).toBe(PHONE);
    expect(paymentBlock({ ...ready, deliveryAddress: null, requireContactEmail: true })).toBe(ADDRESS);
    expect(paymentBlock({ ...ready, requireContactEmail: true })).toBe('Contact email is required to proceed.');
    expect(paymentBlock({ ...ready, requireContactEmail: true, clientEmails: ['a@b.test'] })).toBeNull();
  });
});
