// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal.tsx';

afterEach(cleanup);

function Page({ onClose }: { onClose: () => void }) {
  return (
    <>
      <h1 tabIndex={-1}>Order #12</h1>
      <Modal title="New item" onClose={onClose}>
        <input aria-label="Item name" data-autofocus />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('brings focus back when the page behind takes it, and Escape still closes the dialog', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'New item' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Item name' }));
    // The page behind finishes loading and focuses its heading, as a late route change would.
    screen.getByRole('heading', { name: 'Order #12', hidden: true }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves focus to another modal layer over it, and Escape there is that layer’s', async () => {
    const onClose = vi.fn();
    render(
      <>
        <Modal title="New item" onClose={onClose}>
          <input aria-label="Item name" data-autofocus />
        </Modal>
        <div role="dialog" aria-modal="true" aria-label="Tour">
          <button type="button">Next</button>
        </div>
      </>,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    expect(document.activeElement).toBe(next);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('returns focus to where it was when it closes', () => {
    function Host({ open }: { open: boolean }) {
      return (
        <>
          <button type="button">Add item</button>
          <Modal open={open} title="New item" onClose={() => undefined}>
            <input aria-label="Item name" data-autofocus />
          </Modal>
        </>
      );
    }
    const { rerender } = render(<Host open={false} />);
    const opener = screen.getByRole('button', { name: 'Add item' });
    opener.focus();
    rerender(<Host open />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Item name' }));
    rerender(<Host open={false} />);
    expect(document.activeElement).toBe(opener);
  });
});
