// @vitest-environment jsdom
// The reviewer's summary (decision 0094) and the "Guided Tour" button, as the order page wires them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { api } from '@cpq/client';
import type { OrderStatusEvent } from '@cpq/domain';
import { GUIDED_TOUR_EVENT } from '@cpq/ui';
import { item } from '../editor/fixtures.test-utils.ts';
import type { Order } from '../editor/writes.ts';
import { statusOrder } from './harness.test-utils.tsx';
import { lastSentBack } from './reviewSummary.ts';
import { resetOrderPageEachTest, showOrderPage } from '../orderPage.test-utils.tsx';
import { defaultRevisionAnswers, keypad, revisionAnswer, side } from '../revisions/fixtures.test-utils.ts';

vi.mock('@cpq/client', async (importOriginal) => (await import('../revisions/fixtures.test-utils.ts')).mockRevisionClient(await importOriginal<typeof import('@cpq/client')>()));

resetOrderPageEachTest();
beforeEach(() => defaultRevisionAnswers(api));

function showPage(order: Order, role = 'owner') {
  const items = [
    item({ id: 1, title: 'Hall', quantity: 2, properties: { 10: { optionId: 101 } } }),
    item({ id: 2, title: 'Kitchen', quantity: 1 }),
  ];
  return showOrderPage({ order, items, role });
}

const ev = (id: number, action: OrderStatusEvent['action'], at: string, note: string | null = null, userName: string | null = 'Gus Guest'): OrderStatusEvent => ({
  id,
  at,
  action,
  userId: 1,
  userName,
  fromStatusKey: null,
  toStatusKey: null,
  amountInCents: null,
  paymentMethod: null,
  note,
});

describe('what the reviewer approves', () => {
  it('an owner reviewing a submitted order sees its items, quantities, choices and totals instead of the editor', async () => {
    showPage(statusOrder({ at: 'submittedForApproval' }));
    const summary = screen.getByRole('region', { name: 'What you are approving' });
    const rows = within(summary).getAllByTestId('review-item');
    expect(rows.map((r) => within(r).getByTestId('review-item-title').textContent)).toEqual(['Hall', 'Kitchen']);
    expect(within(rows[0]!).getByTestId('review-item-quantity').textContent).toBe('Quantity 2');
    expect(within(rows[0]!).getByTestId('review-item-options').textContent).toContain('Finish: Brass');
    // The totals are the order's stored ones (a submitted order keeps the prices it was sent at).
    expect(within(summary).getByTestId('review-cost-total').textContent).toBe('Total$1,000.00');
    expect(screen.queryByRole('region', { name: 'Item editor' })).toBeNull();
    // The decision is right there.
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(await within(summary).findByTestId('review-first-submission')).toBeTruthy();
  });

  it('"Open the full editor" shows the editor, and "Back to the summary" the summary again', async () => {
    const user = showPage(statusOrder({ at: 'submittedForApproval' }), 'member');
    await user.click(screen.getByRole('button', { name: 'Open the full editor' }));
    expect(screen.getByRole('region', { name: 'Item editor' })).toBeTruthy();
    expect(screen.queryByTestId('review-summary')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to the summary' }));
    expect(screen.getByTestId('review-summary')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Item editor' })).toBeNull();
  });

  it('says when and with which feedback the order was last sent back', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([
      ev(1, 'submit', '2026-11-01 10:00:00'),
      ev(2, 'requireChanges', '2026-11-02 10:00:00', 'Use a larger plate.', 'Olivia Owner'),
      ev(3, 'submit', '2026-11-03 10:00:00'),
      ev(4, 'requireChanges', '2026-11-04 10:00:00', 'Brass finish, please.', 'Mia Member'),
      ev(5, 'submit', '2026-11-05 10:00:00'),
    ]);
    showPage(statusOrder({ at: 'submittedForApproval' }));
    const note = await screen.findByTestId('review-sent-back');
    expect(note.textContent).toContain('by Mia Member');
    expect(within(note).getByTestId('review-sent-back-feedback').textContent).toBe('Brass finish, please.');
    expect(api.getOrderStatusEvents).toHaveBeenCalledWith({ productOrderId: 7 });
  });

  const sentBackThenResubmitted = () =>
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([
      ev(1, 'submit', '2026-11-01 10:00:00'),
      ev(2, 'requireChanges', '2026-11-02 10:00:00', 'Two in the hall, brass.', 'Olivia Owner'),
      ev(3, 'submit', '2026-11-03 10:00:00'),
    ]);
  /** Revision 1 as sent back: the kitchen keypad x2 in Satin Brass, a porch light; $280.00. */
  const sentBack = side(
    [
      keypad(),
      { id: 2, title: 'Porch light', productId: 2, quantity: 1, options: [], unitPriceInCents: 8000, totalPriceInCents: 8000 },
    ],
    { costs: [{ key: 'total', label: 'Total', text: '$280.00', cents: 28000 }] },
  );
  /** Revision 2 as submitted again: the keypad x4 in Aged Bronze; $400.00. */
  const resubmitted = side(
    [
      keypad({
        quantity: 4,
        options: [
          { property: 'Finish', value: 'Aged Bronze' },
          { property: 'Plate', value: 'Small' },
        ],
        totalPriceInCents: 40000,
      }),
    ],
    { costs: [{ key: 'total', label: 'Total', text: '$400.00', cents: 40000 }] },
  );
  const changeLines = async (within_: ReturnType<typeof within>) => (await within_.findAllByTestId('diff-line')).map((li: HTMLElement) => li.textContent);

  it('lists what changed in the revision under review since the one before: the item\'s lines, the items removed, the total', async () => {
    sentBackThenResubmitted();
    vi.mocked(api.getOrderRevision).mockResolvedValue(revisionAnswer(2, resubmitted, sentBack));
    showPage(statusOrder({ at: 'submittedForApproval', quoteRevision: 2 }));
    const section = await screen.findByRole('region', { name: 'What changed since revision 1' });
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('What changed since revision 1');
    expect(await changeLines(within(section))).toEqual(['Quantity: 2 → 4', 'Finish: Satin Brass → Aged Bronze', 'Line total: $200.00 → $400.00', 'Total: $280.00 → $400.00']);
    expect(within(section).getByTestId('diff-item-title').textContent).toBe('Kitchen keypad');
    expect(within(section).getByTestId('diff-removed').textContent).toBe('Removed: Porch light (x1, $80.00)');
    expect(api.getOrderRevision).toHaveBeenCalledWith({ productOrderId: 7, revisionNumber: 2 });
    // The feedback it was sent back with stays above it.
    expect((await screen.findByTestId('review-sent-back-feedback')).textContent).toBe('Two in the hall, brass.');
  });

  it('says when nothing changed', async () => {
    sentBackThenResubmitted();
    vi.mocked(api.getOrderRevision).mockResolvedValue(revisionAnswer(2, sentBack, sentBack));
    showPage(statusOrder({ at: 'submittedForApproval', quoteRevision: 2 }));
    const section = await screen.findByRole('region', { name: 'What changed since revision 1' });
    expect((await within(section).findByTestId('review-diff')).textContent).toBe('No changes.');
  });

  it('says so when the revision could not be read, inventing no changes, and reads it again on Retry', async () => {
    sentBackThenResubmitted();
    vi.mocked(api.getOrderRevision).mockRejectedValueOnce(new Error('The revision is unavailable.')).mockResolvedValue(revisionAnswer(2, resubmitted, sentBack));
    const user = showPage(statusOrder({ at: 'submittedForApproval', quoteRevision: 2 }));
    const section = await screen.findByRole('region', { name: 'What changed since revision 1' });
    const failure = await within(section).findByTestId('review-changes-error');
    expect(failure.textContent).toContain('Revision 1 could not be read, so the changes are not listed');
    expect(within(section).queryAllByTestId('diff-line')).toHaveLength(0);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await changeLines(within(section))).toHaveLength(4);
  });

  it('shows no changes section for a first submission (revision 1)', async () => {
    showPage(statusOrder({ at: 'submittedForApproval', quoteRevision: 1 }));
    expect(await screen.findByTestId('review-first-submission')).toBeTruthy();
    expect(screen.queryByTestId('review-changes')).toBeNull();
    expect(api.getOrderRevision).not.toHaveBeenCalled();
  });

  it('does not call a submission after a staff reopen the first one', async () => {
    vi.mocked(api.getOrderStatusEvents).mockResolvedValue([ev(1, 'submit', '2026-11-01 10:00:00'), ev(2, 'approve', '2026-11-02 10:00:00'), ev(3, 'reopen', '2026-11-03 10:00:00', 'New finish.'), ev(4, 'submit', '2026-11-04 10:00:00')]);
    vi.mocked(api.getOrderRevision).mockResolvedValue(revisionAnswer(3, resubmitted, sentBack));
    showPage(statusOrder({ at: 'submittedForApproval', quoteRevision: 3 }));
    await screen.findByRole('region', { name: 'What changed since revision 2' });
    await waitFor(() => expect(api.getOrderStatusEvents).toHaveBeenCalled());
    expect(screen.queryByTestId('review-first-submission')).toBeNull();
    expect(screen.queryByTestId('review-sent-back')).toBeNull();
  });

  it('is not shown to the customer, nor before the order is submitted', () => {
    showPage(statusOrder({ at: 'submittedForApproval' }), 'guest');
    expect(screen.queryByTestId('review-summary')).toBeNull();
    cleanup();
    showPage(statusOrder());
    expect(screen.queryByTestId('review-summary')).toBeNull();
    expect(screen.getByRole('region', { name: 'Item editor' })).toBeTruthy();
  });
});

describe('lastSentBack', () => {
  it('finds the last "Requires changes" and the submit after it; none when never sent back', () => {
    expect(lastSentBack([ev(1, 'submit', 'a')])).toBeNull();
    expect(lastSentBack([ev(1, 'submit', 'a'), ev(2, 'requireChanges', 'b', ' Fix it ')])).toEqual({ at: 'b', by: 'Gus Guest', feedback: 'Fix it', resubmittedAt: null });
    expect(lastSentBack([ev(1, 'requireChanges', 'b', 'One'), ev(2, 'submit', 'c'), ev(3, 'requireChanges', 'd', 'Two'), ev(4, 'approve', 'e'), ev(5, 'submit', 'f')])).toEqual({
      at: 'd',
      by: 'Gus Guest',
      feedback: 'Two',
      resubmittedAt: 'f',
    });
  });
});

describe('the "Guided Tour" button', () => {
  it.each(['owner', 'member', 'guest'])('is on the order page for a %s and asks the shell for the tour', async (role) => {
    const user = showPage(statusOrder(), role);
    const asked = vi.fn();
    window.addEventListener(GUIDED_TOUR_EVENT, asked);
    try {
      await user.click(screen.getByRole('button', { name: 'Guided Tour' }));
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener(GUIDED_TOUR_EVENT, asked);
    }
  });
});
