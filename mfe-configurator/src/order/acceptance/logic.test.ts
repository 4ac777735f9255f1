import { describe, expect, it } from 'vitest';
import { acceptanceView, isOrderCustomer, paymentWaitsForAcceptance } from './logic.ts';

const facts = (f: Partial<Parameters<typeof acceptanceView>[0]> = {}) => ({ employee: false, customer: true, approved: true, quoteRevision: 1, acceptedRevision: null, ...f });

describe('acceptanceView', () => {
  it('offers the card to the customer of an approved quote not yet accepted', () => {
    expect(acceptanceView(facts())).toEqual({ note: null, card: true });
  });

  it('shows nothing before approval, or without a revision', () => {
    expect(acceptanceView(facts({ approved: false }))).toEqual({ note: null, card: false });
    expect(acceptanceView(facts({ quoteRevision: 0 }))).toEqual({ note: null, card: false });
  });

  it('offers no card to staff, nor to a viewer who may not accept (not involved, or prices hidden)', () => {
    expect(acceptanceView(facts({ employee: true, customer: false }))).toEqual({ note: null, card: false });
    expect(acceptanceView(facts({ customer: false }))).toEqual({ note: null, card: false });
  });

  it('shows the acceptance once the current revision is accepted, to everyone', () => {
    expect(acceptanceView(facts({ quoteRevision: 2, acceptedRevision: 2 }))).toEqual({ note: 'accepted', card: false });
    expect(acceptanceView(facts({ employee: true, customer: false, quoteRevision: 2, acceptedRevision: 2 }))).toEqual({ note: 'accepted', card: false });
  });

  it('says an earlier revision was accepted, and offers the customer the card for the current one', () => {
    expect(acceptanceView(facts({ quoteRevision: 3, acceptedRevision: 2 }))).toEqual({ note: 'superseded', card: true });
    expect(acceptanceView(facts({ employee: true, customer: false, quoteRevision: 3, acceptedRevision: 2 }))).toEqual({ note: 'superseded', card: false });
  });
});

describe('paymentWaitsForAcceptance', () => {
  const f = (more: Partial<Parameters<typeof paymentWaitsForAcceptance>[0]> = {}) => ({ required: true, employee: false, processing: false, pricingHidden: false, quoteRevision: 1, acceptedRevision: null, ...more });

  it('holds the customer where the organisation asks for acceptance and the current quote is not accepted', () => {
    expect(paymentWaitsForAcceptance(f())).toBe(true);
    expect(paymentWaitsForAcceptance(f({ quoteRevision: 2, acceptedRevision: 1 }))).toBe(true);
  });

  it('does not hold once accepted, where not asked, nor staff recording a payment', () => {
    expect(paymentWaitsForAcceptance(f({ acceptedRevision: 1 }))).toBe(false);
    expect(paymentWaitsForAcceptance(f({ required: false }))).toBe(false);
    expect(paymentWaitsForAcceptance(f({ employee: true }))).toBe(false);
  });

  it('leaves a payment already processing, or a viewer without prices, to the panel', () => {
    expect(paymentWaitsForAcceptance(f({ processing: true }))).toBe(false);
    expect(paymentWaitsForAcceptance(f({ pricingHidden: true }))).toBe(false);
  });
});

describe('isOrderCustomer', () => {
  it('is the owner or someone the order is shared with', () => {
    expect(isOrderCustomer({ userId: 5, involvedUsers: {} }, 5)).toBe(true);
    expect(isOrderCustomer({ userId: 5, involvedUsers: { '9': { role: 'guest' } } }, 9)).toBe(true);
    expect(isOrderCustomer({ userId: 5, involvedUsers: { '9': { role: 'guest' } } }, 7)).toBe(false);
    expect(isOrderCustomer({ userId: 5 }, null)).toBe(false);
  });
});
