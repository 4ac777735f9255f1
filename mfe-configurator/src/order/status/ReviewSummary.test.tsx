// @vitest-environment jsdom
// The reviewer's summary (decision 0094) and the "Guided Tour" button, as the order page wires them.
import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { api } from '@cpq/client';
import type { OrderStatusEvent, SentBackSnapshot } from '@cpq/domain';
import { GUIDED_TOUR_EVENT } from '@cpq/ui';
import { item } from '../editor/fixtures.test-utils.ts';
import type { Order } from '../editor/writes.ts';
import { statusOrder } from './harness.test-utils.tsx';
import { lastSentBack } from './reviewSummary.ts';
import { resetOrderPageEachTest, showOrderPage } from '../orderPage.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

resetOrderPageEachTest();

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
  const kept = (over: Partial<SentBackSnapshot> = {}): SentBackSnapshot => ({
    at: '2026-11-02 10:00:00',
    items: [
      { id: 1, title: 'Hall', productId: 1, quantity: 1, options: [{ property: 'Finish', value: 'Nickel' }] },
      { id: 3, title: 'Porch', productId: 1, quantity: 3, options: [] },
    ],
    orderTotalInCents: 90_000,
    ...over,
  });
  const changeLines = async () => (await screen.findAllByTestId('review-change')).map((li) => li.textContent);

  it('lists what changed since it was sent back: the item\'s quantity and option, items added and removed, the total', async () => {
    sentBackThenResubmitted();
    vi.mocked(api.getSentBackSnapshot).mockResolvedValue(kept());
    showPage(statusOrder({ at: 'submittedForApproval' }));
    const section = await screen.findByRole('region', { name: 'What changed since it was sent back' });
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('What changed since it was sent back');
    const lines = await changeLines();
    // Now: Hall x2 in Brass, Kitchen x1, a $1,000.00 total; then: Hall x1 in Nickel, Porch x3, $900.00.
    expect(lines).toEqual(['Hall: Quantity 1 → 2', 'Hall: Finish: Nickel → Brass', 'Added: Kitchen (x1)', 'Removed: Porch (x3)', 'Total $900.00 → $1,000.00']);
    expect(api.getSentBackSnapshot).toHaveBeenCalledWith({ productOrderId: 7 });
  });

  it('says when nothing changed', async () => {
    sentBackThenResubmitted();
    // Kept without amounts (as for a viewer without prices): the items and choices are as they are now.
    const same = kept({
      items: [
        { id: 1, title: 'Hall', productId: 1, quantity: 2, options: [{ property: 'Finish', value: 'Brass' }] },
        { id: 2, title: 'Kitchen', productId: 1, quantity: 1, options: [] },
      ],
      orderTotalInCents: undefined,
    });
    vi.mocked(api.getSentBackSnapshot).mockResolvedValue(same);
    showPage(statusOrder({ at: 'submittedForApproval' }));
    const section = await screen.findByRole('region', { name: 'What changed since it was sent back' });
    expect((await within(section).findByTestId('review-no-changes')).textContent).toBe('Nothing changed since it was sent back.');
    expect(within(section).queryAllByTestId('review-change')).toHaveLength(0);
  });

  it('says so when no copy was kept, inventing no changes', async () => {
    sentBackThenResubmitted();
    showPage(statusOrder({ at: 'submittedForApproval' }));
    const section = await screen.findByRole('region', { name: 'What changed since it was sent back' });
    expect(await within(section).findByText('The items were not kept when it was sent back, so the changes cannot be listed.')).toBeTruthy();
    expect(within(section).queryAllByTestId('review-change')).toHaveLength(0);
  });

  it('shows no changes section for a first submission', async () => {
    showPage(statusOrder({ at: 'submittedForApproval' }));
    expect(await screen.findByTestId('review-first-submission')).toBeTruthy();
    expect(screen.queryByTestId('review-changes')).toBeNull();
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
