// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { api } from '@cpq/client';
import { fakeMatchMedia } from '@cpq/test-utils';
import { defaultAnswers } from './apiMock.test-utils.ts';
import { answerAt, showStatus, statusOrder } from './harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

const dots = () => screen.getAllByTestId(/^status-dot-/).map((d) => d.getAttribute('data-testid')!.replace('status-dot-', ''));
const dot = (key: string) => screen.getByTestId(`status-dot-${key}`);

beforeEach(() => defaultAnswers(api));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('status dots', () => {
  const all = ['orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'depositReceived', 'inProduction', 'finalPaymentReceived', 'shipped', 'delivered', 'afterSaleService'];

  it('shows employees every step, as buttons named by their titles', () => {
    showStatus({ role: 'member' });
    expect(dots()).toEqual(all);
    expect(screen.getByRole('button', { name: 'Order Started (reached)' })).toBe(dot('orderStarted'));
    expect(screen.getByRole('button', { name: 'Deposit Due' })).toBe(dot('readyToPayDeposit'));
  });

  it('shows guests only the steps visible to guests (isVisibleToGuest 1), as plain items', () => {
    showStatus({ role: 'guest' });
    expect(dots()).toEqual(all.filter((k) => k !== 'afterSaleService'));
    expect(screen.queryAllByRole('button', { name: /Order Started|Deposit Due/ })).toEqual([]);
  });

  it('treats an employee in guest mode as a guest: guest steps only, nothing to click', () => {
    showStatus({ guestMode: true });
    expect(dots()).not.toContain('afterSaleService');
    expect(dot('orderStarted').tagName).not.toBe('BUTTON');
  });

  it('lights the steps statusData names by key or by type; milestones are larger', () => {
    showStatus({ order: statusOrder({ at: 'submittedForApproval' }) });
    expect(dot('orderStarted').getAttribute('data-lit')).toBe('1');
    expect(dot('submittedForApproval').getAttribute('data-lit')).toBe('1');
    expect(dot('readyToPayDeposit').getAttribute('data-lit')).toBe('0');
    expect(dot('inProduction').getAttribute('data-large')).toBe('1');
    expect(dot('depositReceived').getAttribute('data-large')).toBe('0');
    // The review step's description is the customer's; an employee reads what is theirs to do (StatusCopy.test.tsx).
    expect(screen.getByTestId('status-description').textContent).toBe("This order is waiting for your team's review.");
    cleanup();
    // An older order names reached steps by their type: every step of that type is lit.
    showStatus({ order: statusOrder({ statusData: { orderStarted: { date: '2026-01-01' }, payment: { date: '2026-01-02' } } }) });
    expect(dot('readyToPayDeposit').getAttribute('data-lit')).toBe('1');
    expect(dot('finalPaymentReceived').getAttribute('data-lit')).toBe('1');
    expect(dot('submittedForApproval').getAttribute('data-lit')).toBe('0');
  });

  it('draws every dot the same size on stocked orders and uses the stocked titles', () => {
    showStatus({ order: statusOrder({ isStocked: 1 }) });
    expect(screen.getAllByTestId(/^status-dot-/).every((d) => d.getAttribute('data-large') === '0')).toBe(true);
    expect(within(dot('orderStarted')).getByText('Cart')).toBeTruthy();
    expect(screen.getByTestId('status-description').textContent).toBe('Add stocked items and continue to payment.');
  });

  it('lets an employee move the order with a dot, optionally without notifying the customer, and shows the answer', async () => {
    vi.mocked(api.updateOrderStatus).mockResolvedValue(answerAt('readyToPayDeposit'));
    const { user } = showStatus({ order: statusOrder({ at: 'submittedForApproval' }) });
    await user.click(screen.getByRole('button', { name: 'Deposit Due' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText("Don't notify the customer"));
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(api.updateOrderStatus).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'submittedForApproval', orgId: 850, userId: 1, statusKey: 'readyToPayDeposit', skipNotifyingGuest: true });
    await waitFor(() => expect(dot('readyToPayDeposit').getAttribute('data-lit')).toBe('1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('notifies the customer unless told otherwise, and shows a refusal', async () => {
    const { ApiRequestError } = await import('@cpq/client');
    vi.mocked(api.updateOrderStatus).mockRejectedValue(new ApiRequestError(409, 'conflict', 'A payment is already processing for this order.'));
    const { user, notify } = showStatus();
    await user.click(screen.getByRole('button', { name: 'Shipped' }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    expect(api.updateOrderStatus).toHaveBeenCalledWith(expect.objectContaining({ statusKey: 'shipped', skipNotifyingGuest: false }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'A payment is already processing for this order.'));
  });

  it('does not offer the dots while a payment is processing', () => {
    showStatus({ order: statusOrder({ at: 'readyToPayDeposit', isProcessingPayment: 1 }) });
    expect((dot('shipped') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('status steps on a phone', () => {
  let media: ReturnType<typeof fakeMatchMedia>;
  beforeEach(() => {
    media = fakeMatchMedia((q) => q === '(max-width: 700px)');
  });
  afterEach(() => media.restore());

  it('says which step of how many the order is at, and shows every step, as a column, only when asked', async () => {
    const { user } = showStatus({ role: 'guest', order: statusOrder({ at: 'readyToPayDeposit' }) });
    const toggle = screen.getByRole('button', { name: /^Step 3 of 8: Deposit Due/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(list.querySelector('[aria-current="step"]')?.textContent).toContain('Deposit Due');
    // Opened, it can be closed again with the keyboard.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(list.hidden).toBe(true);
  });

  it('counts the steps an employee sees, and the dots stay buttons once opened', async () => {
    const { user } = showStatus({ order: statusOrder({ at: 'submittedForApproval' }) });
    await user.click(screen.getByRole('button', { name: /^Step 2 of 9: Submitted for Approval/ }));
    expect(screen.getByRole('button', { name: 'Deposit Due' })).toBe(dot('readyToPayDeposit'));
  });

  it('shows the row of dots, not the line, on a wider screen', () => {
    media.set(() => false);
    showStatus();
    expect(screen.queryByTestId('status-steps-toggle')).toBeNull();
    expect(dot('orderStarted').closest('ol')!.hidden).toBe(false);
  });
});
