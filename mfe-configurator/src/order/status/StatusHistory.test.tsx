// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { api, ApiRequestError } from '@cpq/client';
import type { OrderStatusEvent } from '@cpq/domain';
import { defaultAnswers } from './apiMock.test-utils.ts';
import { answerAt, showStatus, statusOrder } from './harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

beforeEach(() => defaultAnswers(api));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const event = (fields: Partial<OrderStatusEvent>): OrderStatusEvent => ({
  id: 1,
  at: '2026-03-04 15:06:00',
  action: 'approve',
  userId: 1,
  userName: 'Olivia Owner',
  fromStatusKey: null,
  toStatusKey: null,
  amountInCents: null,
  paymentMethod: null,
  note: null,
  ...fields,
});

describe('History', () => {
  it('lists who moved the order, when (local time), from which step to which, and payments with their method', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([
      event({ id: 1, action: 'approve', fromStatusKey: 'submittedForApproval', toStatusKey: 'readyToPayDeposit' }),
      event({ id: 2, action: 'paymentSucceeded', userId: null, userName: null, fromStatusKey: 'readyToPayDeposit', toStatusKey: 'depositReceived', amountInCents: 123456, paymentMethod: 'stripe' }),
    ]);
    showStatus({ order: statusOrder({ at: 'depositReceived' }) });
    const history = screen.getByTestId('status-history');
    expect(within(history).getByRole('heading').textContent).toBe('History');
    const rows = await within(history).findAllByTestId('history-event');
    expect(api.getOrderStatusEvents).toHaveBeenCalledWith({ productOrderId: 7 });
    expect(rows[0]!.textContent).toContain('Olivia Owner');
    expect(within(rows[0]!).getByTestId('history-steps').textContent).toBe('Submitted for Approval → Deposit Due');
    const when = rows[0]!.querySelector('time')!;
    expect(when.getAttribute('dateTime')).toBe('2026-03-04 15:06:00');
    // The organisation names no locale or zone: en-US date and short time, in the reader's zone (decision 0089).
    const at = new Date(Date.UTC(2026, 2, 4, 15, 6));
    const inReadersZone = `${at.getMonth() + 1}/${at.getDate()}/${at.getFullYear()}, ${at.getHours() % 12 || 12}:${String(at.getMinutes()).padStart(2, '0')} ${at.getHours() < 12 ? 'AM' : 'PM'}`;
    expect(when.textContent).toBe(inReadersZone);
    expect(within(rows[1]!).getByTestId('history-payment').textContent).toBe('$1,234.56 · Credit Card');
  });

  it('names a card payment by the card method whichever provider took it, and shows a refund due with its note', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([
      event({ id: 1, action: 'paymentSucceeded', userId: null, userName: null, amountInCents: 50000, paymentMethod: 'simulated' }),
      event({ id: 2, action: 'refundDue', userId: null, userName: null, amountInCents: 40000, paymentMethod: 'stripe', note: 'Payment pi_2 was taken when the order owed nothing more: refund it to the customer.' }),
    ]);
    showStatus({ order: statusOrder({ at: 'depositReceived' }) });
    const rows = await within(screen.getByTestId('status-history')).findAllByTestId('history-event');
    expect(within(rows[0]!).getByTestId('history-payment').textContent).toBe('$500.00 · Credit Card');
    expect(rows[1]!.textContent).toContain('Refund due');
    expect(rows[1]!.textContent).toContain('Payment provider');
    expect(within(rows[1]!).getByTestId('history-payment').textContent).toBe('$400.00 · Credit Card');
    expect(rows[1]!.textContent).toContain('refund it to the customer.');
  });

  it('says so when nothing happened yet, shows a failure with a retry, and is loading meanwhile', async () => {
    let answer!: (v: OrderStatusEvent[]) => void;
    vi.mocked(api.getOrderStatusEvents).mockReturnValueOnce(new Promise((r) => (answer = r)));
    showStatus();
    expect(screen.getByTestId('history-loading')).toBeTruthy();
    answer([]);
    expect((await screen.findByTestId('history-empty')).textContent).toBe('No status changes yet.');
    cleanup();
    vi.mocked(api.getOrderStatusEvents).mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'The history is unavailable.'));
    const { user } = showStatus();
    const failure = await screen.findByTestId('history-error');
    expect(failure.textContent).toContain('The history is unavailable.');
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('history-empty');
  });

  it('is read again after each status call', async () => {
    vi.mocked(api.approveOrder).mockResolvedValue(answerAt('readyToPayDeposit'));
    const { user } = showStatus({ order: statusOrder({ at: 'submittedForApproval' }) });
    await screen.findByTestId('history-empty');
    expect(api.getOrderStatusEvents).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.getOrderStatusEvents).toHaveBeenCalledTimes(2));
  });

  it('is for employees only', () => {
    showStatus({ guestMode: true });
    expect(screen.queryByTestId('status-history')).toBeNull();
    expect(api.getOrderStatusEvents).not.toHaveBeenCalled();
  });
});

describe('History of quote revisions', () => {
  const titles = (rows: HTMLElement[]) => rows.map((r) => r.querySelector('strong')!.textContent);

  it('names the revision actions with their revision, and shows the note under them', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([
      event({ id: 1, action: 'submit', userName: 'Gus Guest', fromStatusKey: 'orderStarted', toStatusKey: 'submittedForApproval', revisionNumber: 1 }),
      event({ id: 2, action: 'restoreRevision', fromStatusKey: 'orderStarted', toStatusKey: 'orderStarted', note: 'Restored from revision 1', revisionNumber: 4, changes: ['Kitchen keypad: Quantity: 4 → 2'] }),
      event({ id: 3, action: 'amendRevision', revisionNumber: 5, changes: ['PO #: none → PO-77'] }),
      event({ id: 4, action: 'acceptQuote', userName: 'Gus Guest', note: 'Accepted by Gus Q. Guest', revisionNumber: 5 }),
    ]);
    showStatus({ order: statusOrder({ at: 'readyToPayDeposit' }) });
    const rows = await within(screen.getByTestId('status-history')).findAllByTestId('history-event');
    expect(titles(rows)).toEqual(['Submitted', 'Started revision 4 from an earlier one', 'Revision 5: the approved quote changed', 'Quote accepted (revision 5)']);
    expect(rows[1]!.textContent).toContain('Restored from revision 1');
    expect(rows[3]!.textContent).toContain('Accepted by Gus Q. Guest');
    // A revision's number with what changed in it; the first has nothing before it.
    expect(within(rows[0]!).getByTestId('history-revision').textContent).toBe('Revision 1');
    expect(within(rows[1]!).getByTestId('history-revision').textContent).toBe('Revision 4Kitchen keypad: Quantity: 4 → 2');
    expect(within(rows[2]!).getAllByTestId('history-change').map((c) => c.textContent)).toEqual(['PO #: none → PO-77']);
    // The acceptance's title already names its revision, and an acceptance changes nothing.
    expect(within(rows[3]!).queryByTestId('history-revision')).toBeNull();
  });

  it('says when a revision changed nothing', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([event({ id: 1, action: 'submit', revisionNumber: 2, changes: [] })]);
    showStatus({ order: statusOrder({ at: 'submittedForApproval' }) });
    const [row] = await within(screen.getByTestId('status-history')).findAllByTestId('history-event');
    expect(within(row!).getByTestId('history-revision').textContent).toBe('Revision 2No changes.');
  });

  it('shows the first 5 changes, and all of them on request', async () => {
    const changes = ['a: 1 → 2', 'b: 1 → 2', 'c: 1 → 2', 'd: 1 → 2', 'e: 1 → 2', 'f: 1 → 2', 'g: 1 → 2'];
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([event({ id: 1, action: 'submit', revisionNumber: 3, changes })]);
    const { user } = showStatus({ order: statusOrder({ at: 'submittedForApproval' }) });
    const [row] = await within(screen.getByTestId('status-history')).findAllByTestId('history-event');
    const lines = () => within(row!).getAllByTestId('history-change').map((c) => c.textContent);
    expect(lines()).toEqual(changes.slice(0, 5));
    const more = within(row!).getByRole('button', { name: 'Show all 7 changes' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(lines()).toEqual(changes);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('Show fewer changes');
  });
});
