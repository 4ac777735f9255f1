import { describe, expect, it } from 'vitest';
import { involvedEntryOf, isPricingHidden, pricingVisibleTo, type PricingViewer } from './visibility.ts';

const guest: PricingViewer = { role: 'guest', orgPricingHidden: false, personPricingHidden: false };
const hiddenEntry = { role: 'sharee', pricingIsHidden: 1 };

describe('pricingVisibleTo', () => {
  it('employees see prices whatever any flag or entry says', () => {
    for (const role of ['owner', 'member'] as const) {
      expect(pricingVisibleTo({ role, orgPricingHidden: true, personPricingHidden: true }, hiddenEntry)).toBe(true);
    }
  });
  it('a guest sees prices until the organisation, their guest record or any order hides them', () => {
    expect(pricingVisibleTo(guest)).toBe(true);
    expect(pricingVisibleTo({ ...guest, orgPricingHidden: true })).toBe(false);
    expect(pricingVisibleTo({ ...guest, personPricingHidden: true })).toBe(false);
  });
  it("follows the order's entry of the person (1, true and '1' hide)", () => {
    for (const on of [1, true, '1']) expect(pricingVisibleTo(guest, { pricingIsHidden: on })).toBe(false);
    for (const off of [0, false, null, undefined]) expect(pricingVisibleTo(guest, { pricingIsHidden: off })).toBe(true);
    expect(pricingVisibleTo(guest, undefined)).toBe(true);
  });
  it('any other role (left, disabled, none) is held to the guest rule', () => {
    expect(pricingVisibleTo({ ...guest, role: 'left' }, hiddenEntry)).toBe(false);
    expect(pricingVisibleTo({ ...guest, role: '' }, hiddenEntry)).toBe(false);
  });
});

describe('involvedEntryOf', () => {
  const order = { involvedUsers: { '5': hiddenEntry } };
  it("finds a person's entry by their id, nothing without one", () => {
    expect(involvedEntryOf(order, 5)).toBe(hiddenEntry);
    expect(involvedEntryOf(order, 6)).toBeUndefined();
    expect(involvedEntryOf(order, null)).toBeUndefined();
    expect(involvedEntryOf(null, 5)).toBeUndefined();
    expect(involvedEntryOf({ involvedUsers: null }, 5)).toBeUndefined();
  });
});

describe('isPricingHidden (the browser, from the session)', () => {
  const order = { involvedUsers: { '5': hiddenEntry } };
  it('reads the membership and the order through the same rule', () => {
    expect(isPricingHidden({ role: 'guest' }, order, 5)).toBe(true);
    expect(isPricingHidden({ role: 'guest', pricingIsHidden: true }, {}, 6)).toBe(true);
    expect(isPricingHidden({ role: 'guest' }, {}, 6)).toBe(false);
  });
  it('an employee sees prices, as the server sends them', () => {
    expect(isPricingHidden({ role: 'member' }, order, 5)).toBe(false);
    expect(isPricingHidden({ role: 'owner', pricingIsHidden: true }, order, 5)).toBe(false);
  });
  it('an employee in guest mode is a guest (the session gives the role in force)', () => {
    expect(isPricingHidden({ role: 'guest', prevRole: 'owner' }, order, 5)).toBe(true);
  });
});
