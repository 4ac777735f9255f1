import { describe, expect, it } from 'vitest';
import { STATUSES_850 } from '../status/fixtures.test-utils.ts';
import type { StatusData } from '../status/types.ts';
import { ACCEPTANCE_REFUSALS, DEFAULT_ACCEPTANCE_TERMS, acceptanceProblem, acceptanceTerms, isApproved, isQuoteAccepted, paymentAwaitsAcceptance, type AcceptanceFacts } from './acceptance.ts';

const reached = (...keys: string[]): StatusData => Object.fromEntries(keys.map((k) => [k, { date: '2026-11-28 10:00:00' }]));
const approved = reached('orderStarted', 'submittedForApproval', 'readyToPayDeposit');
const facts = (patch: Partial<AcceptanceFacts> = {}): AcceptanceFacts => ({
  statuses: STATUSES_850,
  statusData: approved,
  orderTotalInCents: 17_910,
  latestRevision: 2,
  shownRevision: 2,
  changedSinceLatest: false,
  isCustomer: true,
  pricesVisible: true,
  ...patch,
});

describe('isApproved: past the step where the order waits for approval', () => {
  it('not while started or waiting for approval; yes at the deposit step and after', () => {
    expect(isApproved(STATUSES_850, reached('orderStarted'))).toBe(false);
    expect(isApproved(STATUSES_850, reached('orderStarted', 'submittedForApproval'))).toBe(false);
    expect(isApproved(STATUSES_850, approved)).toBe(true);
    expect(isApproved(STATUSES_850, reached('orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'depositReceived', 'inProduction'))).toBe(true);
    expect(isApproved(STATUSES_850, {})).toBe(false);
  });
});

describe('acceptanceProblem: the first reason, in the order a person fixes them', () => {
  it('accepts the current, unchanged, approved and priced quote of its customer', () => {
    expect(acceptanceProblem(facts())).toBeNull();
  });

  it('who comes first: not the customer, then prices hidden', () => {
    expect(acceptanceProblem(facts({ isCustomer: false, pricesVisible: false, latestRevision: null }))).toBe(ACCEPTANCE_REFUSALS.notCustomer);
    expect(acceptanceProblem(facts({ pricesVisible: false, latestRevision: null }))).toBe(ACCEPTANCE_REFUSALS.pricesHidden);
  });

  it('then which quote: none yet, one that does not exist, an older one, one changed since it was issued', () => {
    expect(acceptanceProblem(facts({ latestRevision: null, statusData: reached('orderStarted') }))).toBe(ACCEPTANCE_REFUSALS.noRevision);
    expect(acceptanceProblem(facts({ shownRevision: 3 }))).toBe('This order has no revision 3.');
    expect(acceptanceProblem(facts({ shownRevision: 1 }))).toBe(
      'This quote has changed since you opened it: you read revision 1, and revision 2 is now current. Reload the order, read the current quote, then accept it.',
    );
    expect(acceptanceProblem(facts({ changedSinceLatest: true, statusData: reached('orderStarted') }))).toBe(
      'This order has been changed since revision 2 was issued. It needs to be submitted and approved again before its quote can be accepted.',
    );
  });

  it('then the order: approved, and priced', () => {
    expect(acceptanceProblem(facts({ statusData: reached('orderStarted', 'submittedForApproval'), orderTotalInCents: 0 }))).toBe(ACCEPTANCE_REFUSALS.notApproved);
    expect(acceptanceProblem(facts({ orderTotalInCents: 0 }))).toBe(ACCEPTANCE_REFUSALS.notPriced);
  });
});

describe('payment and acceptance', () => {
  it('the quote is accepted while the accepted revision is the latest', () => {
    expect(isQuoteAccepted({ quoteRevision: 2, acceptedRevision: 2 })).toBe(true);
    expect(isQuoteAccepted({ quoteRevision: 3, acceptedRevision: 2 })).toBe(false);
    expect(isQuoteAccepted({ quoteRevision: 0, acceptedRevision: null })).toBe(false);
  });

  it("a customer's payment waits only where the organisation asks, for a quote with a revision not accepted", () => {
    const order = { quoteRevision: 3, acceptedRevision: 2 };
    expect(paymentAwaitsAcceptance({ required: true, customer: true, order })).toBe(true);
    expect(paymentAwaitsAcceptance({ required: false, customer: true, order })).toBe(false);
    expect(paymentAwaitsAcceptance({ required: true, customer: false, order })).toBe(false);
    expect(paymentAwaitsAcceptance({ required: true, customer: true, order: { quoteRevision: 3, acceptedRevision: 3 } })).toBe(false);
    // Approved before revisions were kept: there is no quote to accept.
    expect(paymentAwaitsAcceptance({ required: true, customer: true, order: { quoteRevision: 0, acceptedRevision: null } })).toBe(false);
  });

  it('the terms ticked are the quote terms, else one default sentence', () => {
    expect(acceptanceTerms({ quoteTerms: [' Deposit 50%. ', ''] })).toEqual(['Deposit 50%.']);
    expect(acceptanceTerms({})).toEqual([...DEFAULT_ACCEPTANCE_TERMS]);
    expect(acceptanceTerms({ quoteTerms: [' '] })).toEqual([...DEFAULT_ACCEPTANCE_TERMS]);
  });
});
