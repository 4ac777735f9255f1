import { describe, expect, it } from 'vitest';
import type { SentBackSnapshot } from '@cpq/domain';
import { shapeSentBackSnapshot, type Access } from '../src/policy.ts';

const snapshot: SentBackSnapshot = {
  at: '2026-11-27 10:00:00',
  items: [{ id: 1, title: 'Hall', productId: 98, quantity: 2, options: [{ property: 'Finish', value: 'Brass' }], unitPriceInCents: 19_900, totalPriceInCents: 39_800 }],
  orderTotalInCents: 39_800,
};
const as = (policyRole: 'owner' | 'member' | 'guest', orgPricingHidden = false) =>
  ({ policyRole, role: policyRole, user: { id: 5 }, orgId: 850, orgPricingHidden, pricingHiddenOnAnOrder: false }) as unknown as Access;

/** The copy kept at a send-back (decision 0097), as the policy module lets it out. */
describe('shapeSentBackSnapshot', () => {
  it('gives owners and members the whole copy, amounts included (employees see prices)', () => {
    expect(shapeSentBackSnapshot(as('owner'), {}, snapshot)).toEqual(snapshot);
    expect(shapeSentBackSnapshot(as('member', true), {}, snapshot)).toEqual(snapshot);
  });

  it('gives a guest nothing, with or without prices hidden', () => {
    expect(shapeSentBackSnapshot(as('guest'), {}, snapshot)).toBeNull();
    expect(shapeSentBackSnapshot(as('guest', true), { involvedUsers: { 5: { role: 'owner', pricingIsHidden: 1 } } }, snapshot)).toBeNull();
  });

  it('answers null when nothing was kept', () => {
    expect(shapeSentBackSnapshot(as('owner'), {}, null)).toBeNull();
  });
});
