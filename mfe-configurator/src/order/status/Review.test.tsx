// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { api, ApiRequestError } from '@cpq/client';
import { defaultAnswers } from './apiMock.test-utils.ts';
import { answerAt, showStatus, statusOrder } from './harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

beforeEach(() => defaultAnswers(api));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const INVALID_ITEM = 'It looks like an item has an invalid configuration.\n\nPlease review your items and update any red selections.';
const PHONE = 'A valid, 10-digit contact phone number is required to proceed.';
const ADDRESS = 'A complete delivery address is required to proceed.';
const COMPANY = 'Company is required to proceed.';
const EMAIL = 'A contact email is required to proceed.';

describe('Submit', () => {
  it('checks items, phone, delivery address, company and contact email in that order, each with its alert; settings open for the order fields', async () => {
    const bad = { phone: '555-1234', deliveryAddress: { city: 'Springfield', state: 'IL', streetAddress: '1 Main St' }, firmName: '  ', clientEmails: [] as string[] };
    const steps: Array<[Parameters<typeof statusOrder>[0], boolean[], string, boolean]> = [
      [bad, [true, false], INVALID_ITEM, false],
      [bad, [true, true], PHONE, true],
      [{ ...bad, phone: '(555) 123-4567' }, [true], ADDRESS, true],
      [{ ...bad, phone: '5551234567', deliveryAddress: { city: 'Springfield', state: 'IL', streetAddress: '1 Main St', zip: '62701' } }, [true], COMPANY, true],
      [{ ...bad, phone: '5551234567', deliveryAddress: { city: 'Springfield', state: 'IL', streetAddress: '1 Main St', zip: '62701' }, firmName: 'Acme' }, [true], EMAIL, true],
    ];
    for (const [fields, itemsValid, message, opensSettings] of steps) {
      const { user, notify, openSettings } = showStatus({ order: statusOrder(fields), itemsValid });
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(notify).toHaveBeenCalledWith('alert', message);
      expect(openSettings).toHaveBeenCalledTimes(opensSettings ? 1 : 0);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(api.submitOrder).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('asks for confirmation naming the organisation, then submits and shows the answer', async () => {
    vi.mocked(api.submitOrder).mockResolvedValue(answerAt('submittedForApproval'));
    // The confirmation names the organisation by its title, whatever its nickname.
    const { user } = showStatus({ designEngine: { nickname: 'L&B' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByTestId('confirm-text').textContent).toBe('Are you sure you want to submit your order? It will be sent to Lumen & Brass for review.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(api.submitOrder).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'orderStarted', userId: 1, isGuestMode: false });
    await waitFor(() => expect(screen.getByTestId('status-dot-submittedForApproval').getAttribute('data-lit')).toBe('1'));
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('waits for edits still being saved, and submits nothing when one failed to save', async () => {
    vi.mocked(api.submitOrder).mockResolvedValue(answerAt('submittedForApproval'));
    let saved!: (ok: boolean) => void;
    const first = showStatus({ settle: () => new Promise<boolean>((r) => (saved = r)) });
    await first.user.click(screen.getByRole('button', { name: 'Submit' }));
    await first.user.click(screen.getByRole('button', { name: 'Yes' }));
    expect((screen.getByTestId('submit-order') as HTMLButtonElement).disabled).toBe(true);
    expect(api.submitOrder).not.toHaveBeenCalled();
    saved(true);
    await waitFor(() => expect(api.submitOrder).toHaveBeenCalledTimes(1));
    cleanup();
    vi.mocked(api.submitOrder).mockClear();

    const second = showStatus({ settle: () => Promise.resolve(false) });
    await second.user.click(screen.getByRole('button', { name: 'Submit' }));
    await second.user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(second.notify).toHaveBeenCalledWith('error', 'Some changes could not be saved. Retry saving them first.'));
    expect(api.submitOrder).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('sends nothing when the confirmation is declined', async () => {
    const { user } = showStatus();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.submitOrder).not.toHaveBeenCalled();
  });

  it('reads "Continue to Payment" on a stocked order and submits it without a confirmation', async () => {
    vi.mocked(api.submitOrder).mockResolvedValue(answerAt('readyToPayDeposit'));
    const { user } = showStatus({ order: statusOrder({ isStocked: 1 }), role: 'guest' });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.submitOrder).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'orderStarted', userId: 1, isGuestMode: false });
  });

  it('says when an employee in guest mode submits, and disables the button while the call runs', async () => {
    let answer!: (v: ReturnType<typeof answerAt>) => void;
    vi.mocked(api.submitOrder).mockReturnValue(new Promise((r) => (answer = r)));
    const { user } = showStatus({ guestMode: true });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const busy = screen.getByTestId('submit-order') as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.textContent).toBe('Submitting…');
    expect(api.submitOrder).toHaveBeenCalledWith(expect.objectContaining({ isGuestMode: true }));
    answer(answerAt('submittedForApproval'));
    await waitFor(() => expect(screen.queryByTestId('submit-order')).toBeNull());
  });

  it("shows the server's refusal", async () => {
    vi.mocked(api.submitOrder).mockRejectedValue(new ApiRequestError(409, 'conflict', 'This order has already been submitted.'));
    const { user, notify } = showStatus();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'This order has already been submitted.'));
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('after submitting (customers)', () => {
  it('shows "Order Submitted", pending review by the organisation\'s nickname, and requests a status update', async () => {
    const { user, notify } = showStatus({ role: 'guest', order: statusOrder({ at: 'submittedForApproval' }), designEngine: { nickname: 'L&B' } });
    const view = screen.getByTestId('submitted-view');
    expect(within(view).getByRole('heading').textContent).toBe('Order Submitted');
    expect(within(view).getByText('Your order has been submitted and is pending review by L&B.')).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Request a status update' }));
    expect(api.requestStatusUpdate).toHaveBeenCalledWith({ productOrderId: 7 });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('info', 'Requested a status update successfully'));
  });

  it('names the organisation by its title when it has no nickname; shows the view on later static steps only (not payment nor production steps)', () => {
    showStatus({ role: 'guest', order: statusOrder({ at: 'depositReceived', amountPaidInCents: 50000 }) });
    expect(screen.getByText('Your order has been submitted and is pending review by Lumen & Brass.')).toBeTruthy();
    cleanup();
    for (const at of ['orderStarted', 'inProduction', 'shipped']) {
      showStatus({ role: 'guest', order: statusOrder({ at, amountPaidInCents: 50000 }) });
      expect(screen.queryByTestId('submitted-view'), at).toBeNull();
      cleanup();
    }
    showStatus({ role: 'guest', order: statusOrder({ at: 'readyToPayDeposit' }) });
    expect(screen.queryByTestId('submitted-view')).toBeNull();
    expect(screen.getByTestId('payment-panel')).toBeTruthy();
    cleanup();
    showStatus({ role: 'owner', order: statusOrder({ at: 'submittedForApproval' }) });
    expect(screen.queryByTestId('submitted-view')).toBeNull();
  });
});

describe('review by owners and members', () => {
  it('asks for feedback before "Requires Changes", then sends it back; the customer sees it as "Action Required"', async () => {
    vi.mocked(api.actionRequired).mockResolvedValue(answerAt('orderStarted', { feedbackNotes: 'Please pick a brass finish.' }));
    const { user } = showStatus({ role: 'member', order: statusOrder({ at: 'submittedForApproval' }) });
    const box = screen.getByTestId('feedback-box');
    expect(within(box).getByRole('heading').textContent).toBe('Feedback for Customer');
    await user.click(within(box).getByRole('button', { name: 'Requires Changes' }));
    expect(api.actionRequired).not.toHaveBeenCalled();
    expect(screen.getByTestId('feedback-error')).toBeTruthy();
    await user.type(within(box).getByLabelText('Feedback for Customer'), 'Please pick a brass finish.');
    await user.click(within(box).getByRole('button', { name: 'Requires Changes' }));
    expect(api.actionRequired).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'submittedForApproval', feedbackNotes: 'Please pick a brass finish.' });
    const notes = await screen.findByTestId('action-required');
    expect(within(notes).getByRole('heading').textContent).toBe('Action Required');
    expect(within(notes).getByText('Please pick a brass finish.')).toBeTruthy();
    expect(screen.queryByTestId('feedback-box')).toBeNull();
  });

  it('approves', async () => {
    vi.mocked(api.approveOrder).mockResolvedValue(answerAt('readyToPayDeposit'));
    const { user } = showStatus({ order: statusOrder({ at: 'submittedForApproval' }) });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(api.approveOrder).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'submittedForApproval', userId: 1 });
    await screen.findByTestId('payment-panel');
  });

  it('shows the feedback box to employees only', () => {
    showStatus({ guestMode: true, order: statusOrder({ at: 'submittedForApproval' }) });
    expect(screen.queryByTestId('feedback-box')).toBeNull();
  });
});

describe('Action Required', () => {
  it('shows the feedback notes to everyone while the order is back at its start', () => {
    for (const role of ['guest', 'owner']) {
      showStatus({ role, order: statusOrder({ feedbackNotes: 'Change the plate.' }) });
      expect(within(screen.getByTestId('action-required')).getByText('Change the plate.')).toBeTruthy();
      cleanup();
    }
    showStatus({ order: statusOrder() });
    expect(screen.queryByTestId('action-required')).toBeNull();
    cleanup();
    showStatus({ order: statusOrder({ at: 'submittedForApproval', feedbackNotes: 'Change the plate.' }) });
    expect(screen.queryByTestId('action-required')).toBeNull();
  });
});

describe('Cancel Order', () => {
  it('asks with the reset warning, then cancels', async () => {
    vi.mocked(api.cancelOrder).mockResolvedValue(answerAt('orderStarted'));
    const { user } = showStatus({ role: 'guest', order: statusOrder({ at: 'submittedForApproval' }) });
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(screen.getByTestId('confirm-text').textContent).toBe(
      'Are you sure you want cancel your order?\n\nYour order status will be reset to the first step in the process.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(api.cancelOrder).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'submittedForApproval' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull());
  });

  it('is offered only past the start and before anything is paid', () => {
    showStatus({ order: statusOrder() });
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    cleanup();
    showStatus({ order: statusOrder({ at: 'depositReceived', amountPaidInCents: 50000 }) });
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });
});
