// @vitest-environment jsdom
// The status views as the order page wires them: header under the heading, actions among the controls, alerts in the page's notices.
import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { api } from '@cpq/client';
import { item } from '../editor/fixtures.test-utils.ts';
import type { Order } from '../editor/writes.ts';
import { answerAt, statusOrder } from './harness.test-utils.tsx';
import { COMPLETE, resetOrderPageEachTest, showOrderPage } from '../orderPage.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

resetOrderPageEachTest();

function showPage(order: Order, role = 'owner') {
  // Every required option chosen (decision 0091), so the submit checks reach the order's details.
  return showOrderPage({ order, items: [item({ id: 1, title: 'Hall', properties: COMPLETE })], role });
}

describe('order page wiring', () => {
  it('draws the status header under the heading and Submit among the controls; History for employees', async () => {
    showPage(statusOrder());
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByTestId('status-header')).toBeTruthy();
    expect(header.compareDocumentPosition(screen.getByTestId('status-header')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByTestId('history-empty');
  });

  it("alerts a submit problem in the page's notices and opens the order settings", async () => {
    const user = showPage(statusOrder({ phone: null }), 'guest');
    expect(screen.queryByTestId('status-history')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByTestId('notice-alert');
    expect(alert.querySelector('p')!.textContent).toBe('A valid, 10-digit contact phone number is required to proceed.');
    expect(screen.getByTestId('settings-open')).toBeTruthy();
    expect(api.submitOrder).not.toHaveBeenCalled();
  });

  it('replaces the order status from the answer (approve moves to the payment panel)', async () => {
    vi.mocked(api.approveOrder).mockResolvedValue(answerAt('readyToPayDeposit'));
    const user = showPage(statusOrder({ at: 'submittedForApproval' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByTestId('payment-panel');
    await waitFor(() => expect(screen.getByTestId('status-dot-readyToPayDeposit').getAttribute('data-lit')).toBe('1'));
  });

  it('adds what was paid and the balance due to the price summary once money came in', () => {
    showPage(statusOrder({ at: 'depositReceived', amountPaidInCents: 50000 }));
    expect(within(screen.getByTestId('cost-paid')).getByRole('definition').textContent).toBe('$500.00');
    expect(within(screen.getByTestId('cost-balance')).getByRole('definition').textContent).toBe('$500.00');
    cleanup();
    showPage(statusOrder({ at: 'submittedForApproval' }));
    expect(screen.queryByTestId('cost-paid')).toBeNull();
    expect(screen.queryByTestId('cost-balance')).toBeNull();
  });
});

describe('what the order lets this person change', () => {
  // Written from the rule: submitted orders are locked for the customer until sent back; approved or paid ones for everyone until staff reopen them.
  const SUBMITTED_GUEST = 'This order has been submitted for review, so its items and prices can no longer be changed. If something needs to change, ask for the order to be sent back for changes.';
  const optionInputs = () =>
    screen.getAllByTestId(/^property-\d+$/).flatMap((p) => [...p.querySelectorAll<HTMLInputElement>('button, input, select, textarea')]).filter((i) => i.type !== 'search' && !i.hasAttribute('aria-expanded'));
  /** Opens every property, so its options are drawn. */
  const openProperties = async (user: ReturnType<typeof userEvent.setup>) => {
    for (const h of [...document.querySelectorAll<HTMLButtonElement>('[data-testid^="property-"] button[aria-expanded="false"]')]) await user.click(h);
  };
  const APPROVED_EMPLOYEE = 'This order has been approved, so its items and prices are locked. Reopen it for changes first (the reason is kept on its history).';

  it('an open quote: the customer adds, deletes and changes items; no lock notice', async () => {
    const user = showPage(statusOrder(), 'guest');
    await openProperties(user);
    expect(screen.getByTestId('add-item')).toBeTruthy();
    expect(screen.queryByTestId('order-locked')).toBeNull();
    expect(screen.getByTestId('cart-delete')).toBeTruthy();
    expect(optionInputs().length).toBeGreaterThan(0);
    expect(optionInputs().every((b) => !b.disabled)).toBe(true);
  });

  it('a submitted order: the customer sees why it is locked and no control that changes it', async () => {
    const user = showPage(statusOrder({ at: 'submittedForApproval' }), 'guest');
    await openProperties(user);
    expect(screen.getByTestId('order-locked').textContent).toBe(SUBMITTED_GUEST);
    expect(screen.queryByTestId('add-item')).toBeNull();
    expect(screen.queryByTestId('cart-delete')).toBeNull();
    expect(screen.queryByTestId('qty-decrement')).toBeNull();
    expect(optionInputs().length).toBeGreaterThan(0);
    expect(optionInputs().filter((b) => !b.disabled).map((b) => b.outerHTML.slice(0, 200))).toEqual([]);
    expect((screen.getByTestId('instance-title') as HTMLInputElement).disabled).toBe(true);
    // Staff still edit a submitted order before approving it.
    cleanup();
    showPage(statusOrder({ at: 'submittedForApproval' }), 'owner');
    expect(screen.getByTestId('add-item')).toBeTruthy();
    expect(screen.queryByTestId('order-locked')).toBeNull();
  });

  it('a paid order: staff reopen it with a reason (required), then it can be changed again', async () => {
    vi.mocked(api.reopenOrder).mockResolvedValue(answerAt('orderStarted', { amountPaidInCents: 50000, feedbackNotes: 'Brass instead of nickel.' }));
    const user = showPage(statusOrder({ at: 'depositReceived', amountPaidInCents: 50000 }), 'owner');
    expect(screen.getByTestId('order-locked').textContent).toBe(APPROVED_EMPLOYEE);
    expect(screen.queryByTestId('add-item')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reopen for changes' }));
    const dialog = await screen.findByTestId('reopen-dialog');
    await user.click(within(dialog).getByTestId('reopen-submit'));
    expect((await within(dialog).findByTestId('reopen-error')).textContent).toBe('Write the reason first: it is kept on the order’s history and shown to the customer.');
    expect(api.reopenOrder).not.toHaveBeenCalled();
    await user.type(within(dialog).getByTestId('reopen-reason'), 'Brass instead of nickel.');
    await user.click(within(dialog).getByTestId('reopen-submit'));
    await waitFor(() => expect(api.reopenOrder).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'depositReceived', reason: 'Brass instead of nickel.' }));
    await waitFor(() => expect(screen.queryByTestId('reopen-dialog')).toBeNull());
    expect(await screen.findByTestId('add-item')).toBeTruthy();
    expect(screen.queryByTestId('order-locked')).toBeNull();
    // The customer is shown why, as with Requires Changes.
    expect(screen.getByTestId('action-required-notes').textContent).toBe('Brass instead of nickel.');
  });

  it('a customer never sees Reopen for changes', () => {
    showPage(statusOrder({ at: 'depositReceived', amountPaidInCents: 50000 }), 'guest');
    expect(screen.queryByRole('button', { name: 'Reopen for changes' })).toBeNull();
    expect(screen.queryByTestId('add-item')).toBeNull();
  });
});
