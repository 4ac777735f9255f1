// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { api } from '@cpq/client';
import { defaultAnswers } from './apiMock.test-utils.ts';
import { answerAt, showStatus, statusOrder } from './harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

beforeEach(() => defaultAnswers(api));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// Decision 0093: a confirmation opens on the answer the person came for, so Enter does it;
// a question whose Yes destroys or undoes work opens on Cancel, so Enter changes nothing.
describe('which answer a confirmation opens on', () => {
  it('submit: Yes has the focus and Enter submits', async () => {
    vi.mocked(api.submitOrder).mockResolvedValue(answerAt('submittedForApproval'));
    const { user } = showStatus({ role: 'guest' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Yes' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.submitOrder).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancel order (it resets the order to its first step): Cancel has the focus and Enter sends nothing', async () => {
    const { user } = showStatus({ role: 'guest', order: statusOrder({ at: 'submittedForApproval' }) });
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.cancelOrder).not.toHaveBeenCalled();
  });

  it('a status change asked of staff: Change status has the focus; the notify checkbox is one Shift+Tab away', async () => {
    vi.mocked(api.updateOrderStatus).mockResolvedValue(answerAt('shipped'));
    const { user } = showStatus({ order: statusOrder({ at: 'inProduction' }) });
    await user.click(screen.getByRole('button', { name: 'Shipped' }));
    const dialog = screen.getByTestId('set-status-dialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Change status' }));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Don't notify the customer"));
  });
});
