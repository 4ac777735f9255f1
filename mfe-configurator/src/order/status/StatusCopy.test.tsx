// @vitest-environment jsdom
/**
 * The status words by reader (decision 0088): an employee is not told "Your order…", a customer does
 * not read one sentence twice, the history says something true on an order past its first step.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { api } from '@cpq/client';
import { defaultAnswers } from './apiMock.test-utils.ts';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { METHODS, reached, showStatus, statusOrder, STATUSES } from './harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

beforeEach(() => defaultAnswers(api));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// The organisation's description of its review step, written for the customer (as the demo's).
const reviewStep = { ...STATUSES[1]!, description: 'Your order is pending review by Lumen & Brass.' };
const statuses = STATUSES.map((s) => (s.key === reviewStep.key ? reviewStep : s));
const atReview = () => statusOrder({ at: 'submittedForApproval' });

describe('the review step, by reader', () => {
  it("an owner reads that the order waits for the team's review, never 'Your order'", () => {
    showStatus({ role: 'owner', order: atReview(), designEngine: { productOrderStatuses: statuses } });
    expect(screen.getByTestId('status-description').textContent).toBe("This order is waiting for your team's review.");
    expect(screen.getByTestId('status-header').textContent).not.toContain('Your order');
    expect(screen.queryByTestId('submitted-view')).toBeNull();
  });

  it('a member reads the same', () => {
    showStatus({ role: 'member', order: atReview(), designEngine: { productOrderStatuses: statuses } });
    expect(screen.getByTestId('status-description').textContent).toBe("This order is waiting for your team's review.");
  });

  it('a guest reads the required sentence once, in the submitted box', () => {
    showStatus({ role: 'guest', order: atReview(), designEngine: { productOrderStatuses: statuses } });
    expect(within(screen.getByTestId('submitted-view')).getByTestId('pending-review').textContent).toBe('Your order has been submitted and is pending review by Lumen & Brass.');
    expect(screen.queryByTestId('status-description')).toBeNull();
    expect(document.body.textContent!.match(/pending review/g)).toHaveLength(1);
  });

  it("other steps keep the organisation's description for everyone", () => {
    for (const role of ['owner', 'guest']) {
      showStatus({ role, order: statusOrder({ at: 'inProduction', amountPaidInCents: 50000 }), designEngine: { productOrderStatuses: statuses } });
      expect(screen.getByTestId('status-description').textContent, role).toBe('In Production description');
      cleanup();
    }
  });
});

describe('the history without events', () => {
  it('says "No status changes yet." at the first step', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([]);
    showStatus({ order: statusOrder({ at: 'orderStarted' }) });
    expect((await screen.findByTestId('history-empty')).textContent).toBe('No status changes yet.');
  });

  it('says the earlier changes were not recorded on a delivered order', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([]);
    showStatus({ order: statusOrder({ at: 'delivered', amountPaidInCents: 100000 }) });
    expect((await screen.findByTestId('history-empty')).textContent).toBe('Earlier changes to this order were not recorded.');
  });
});

describe('paying by wire', () => {
  const wirePreferred = METHODS.map((m) => ({ ...m, isPreferred: m.key === 'wire' }));
  const awaitingWire = () =>
    statusOrder({ at: 'readyToPayDeposit', statusData: { ...reached('readyToPayDeposit'), readyToPayDeposit: { date: '2026-01-02', awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 } } });

  it('shows the payment reference (the order number) with the bank details, before and after the thanks', () => {
    showStatus({ role: 'guest', order: statusOrder({ at: 'readyToPayDeposit' }), designEngine: { paymentMethods: wirePreferred } });
    const details = screen.getByTestId('method-details');
    expect([...details.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Company name', 'Bank', 'Routing number', 'Account number', 'Payment reference']);
    expect(within(details).getByTestId('payment-reference').textContent).toBe('Order #12');
    cleanup();
    showStatus({ role: 'guest', order: awaitingWire() });
    expect(screen.getByTestId('payment-thanks')).toBeTruthy();
    expect(screen.getByTestId('payment-reference').textContent).toBe('Order #12');
  });

  it("uses the organisation's word for an order", () => {
    showStatus({ role: 'owner', order: awaitingWire(), rules: { ...DEFAULT_RULES, wording: { order: 'project', orders: 'projects' } } });
    expect(screen.getByTestId('payment-reference').textContent).toBe('Project #12');
  });
});
