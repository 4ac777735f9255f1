// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog.tsx';

afterEach(cleanup);

// Decision 0093: Enter does what was asked, unless what was asked is a deletion.
describe('ConfirmDialog focus', () => {
  it('opens on Confirm, so Enter confirms', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog question="Go to the copy?" confirmLabel="Yes" cancelLabel="No" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByTestId('confirm-dialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Yes' }));
    await userEvent.setup().keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('a destructive one opens on Cancel, so Enter deletes nothing', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog destructive question="Are you sure?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByTestId('confirm-dialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.setup().keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
