import { describe, expect, it } from 'vitest';
import { incompleteItemMessage, SUBMIT_PROBLEMS } from '@cpq/domain';
import { incompleteItemsOf, noticeAnswered } from './submitGuidance.ts';
import { item, order } from './fixtures.test-utils.ts';

const missing = (...titles: string[]) => titles.map((title, i) => ({ propertyId: i + 1, title }));
const view = (title: string, m: ReturnType<typeof missing>) => ({ title, completeness: { requiredPropertyIds: m.map((x) => x.propertyId), missing: m, complete: m.length === 0 } });

describe('incompleteItemsOf', () => {
  it('lists the incomplete items in cart order, numbered as the cart numbers them (by rank, then id)', () => {
    const items = [item({ id: 5, rank: 3 }), item({ id: 9, rank: 1 }), item({ id: 7, rank: 2 })];
    const views = new Map([
      [5, view('Hallway', missing('Plate Size'))],
      [9, view('Entry', [])],
      [7, view('Kitchen', missing('Collection', 'Back Box'))],
    ]);
    expect(incompleteItemsOf(items, views)).toEqual([
      { id: 7, rank: 2, title: 'Kitchen', missing: missing('Collection', 'Back Box') },
      { id: 5, rank: 3, title: 'Hallway', missing: missing('Plate Size') },
    ]);
  });
});

describe('noticeAnswered', () => {
  const good = order({ phone: '(207) 555-0142', deliveryAddress: { streetAddress: '1 Main', city: 'Portland', state: 'ME', zip: '04101' }, firmName: 'Maple', clientEmails: ['a@b.test'] } as never);
  const now = (o = good, extra: Partial<Parameters<typeof noticeAnswered>[1]> = {}) => ({ order: o, itemsValid: [true], incompleteItems: [], ...extra });

  it('an order-detail notice is answered once that detail passes its check, whatever the others', () => {
    expect(noticeAnswered(SUBMIT_PROBLEMS.phone, now())).toBe(true);
    expect(noticeAnswered(SUBMIT_PROBLEMS.phone, now({ ...good, phone: '555-0142' }))).toBe(false);
    // The phone is fixed while the address is still missing: the phone notice goes, the address one stays.
    const noAddress = { ...good, deliveryAddress: null };
    expect(noticeAnswered(SUBMIT_PROBLEMS.phone, now(noAddress))).toBe(true);
    expect(noticeAnswered(SUBMIT_PROBLEMS.deliveryAddress, now(noAddress))).toBe(false);
    expect(noticeAnswered(SUBMIT_PROBLEMS.firmName, now({ ...good, firmName: ' ' }))).toBe(false);
    expect(noticeAnswered(SUBMIT_PROBLEMS.clientEmails, now({ ...good, clientEmails: [] }))).toBe(false);
  });

  it('the invalid-item notice goes once every item is valid', () => {
    expect(noticeAnswered(SUBMIT_PROBLEMS.invalidItem, now(good, { itemsValid: [true, false] }))).toBe(false);
    expect(noticeAnswered(SUBMIT_PROBLEMS.invalidItem, now(good, { itemsValid: [true, true] }))).toBe(true);
  });

  it('an incomplete-item notice stays while that item still needs something, and goes when it needs nothing', () => {
    const text = incompleteItemMessage({ rank: 2, title: 'Kitchen', missing: missing('Collection', 'Back Box') });
    const stillOne = [{ id: 7, rank: 2, title: 'Kitchen', missing: missing('Back Box') }];
    expect(noticeAnswered(text, now(good, { incompleteItems: stillOne }))).toBe(false);
    expect(noticeAnswered(text, now(good, { incompleteItems: [{ id: 5, rank: 3, title: 'Hallway', missing: missing('Plate Size') }] }))).toBe(true);
  });

  it('other notices are not the submit checks to answer', () => {
    expect(noticeAnswered('Your cart preference could not be saved.', now())).toBe(false);
  });
});
