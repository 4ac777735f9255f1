// @vitest-environment jsdom
// The order page on a phone: secondary actions behind "More", the total and the next step in a bar; desktop unchanged.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { api } from '@cpq/client';
import { fakeMatchMedia } from '@cpq/test-utils';
import { item } from './fixtures.test-utils.ts';
import type { Order } from './writes.ts';
import { answerAt, statusOrder } from '../status/harness.test-utils.tsx';
import { resetOrderPageEachTest, showOrderPage } from '../orderPage.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('../status/apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

const PHONE = '(max-width: 700px)';
const FINE = '(hover: hover) and (pointer: fine)';
let media: ReturnType<typeof fakeMatchMedia>;
/** A 390 px touch phone, or a desktop with a mouse. */
const device = (kind: 'phone' | 'desktop') => (q: string) => (kind === 'phone' ? q === PHONE : q === FINE);

resetOrderPageEachTest();
beforeEach(() => {
  media = fakeMatchMedia(device('phone'));
});
afterEach(() => media.restore());

function showPage(order: Order, role = 'owner', pricingHidden = false) {
  return showOrderPage({ order, items: [item({ id: 1, title: 'Hall' })], role, pricingHidden });
}

const bar = () => screen.getByTestId('phone-bar');
const more = () => screen.getByRole('button', { name: 'More actions' });

describe('the order page on a phone', () => {
  it('keeps the total and Submit in the bar; the secondary actions wait behind "More actions"', async () => {
    const user = showPage(statusOrder());
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'Submit' })).toBeTruthy();
    // The same total as the price summary, with its label.
    expect(within(bar()).getByTestId('phone-bar-total').textContent).toBe(`Total ${screen.getByTestId('order-total').textContent}`);
    // Add item stays in view; the rest are hidden until asked for.
    expect(within(header).getByRole('button', { name: 'Add item' })).toBeTruthy();
    expect(more().getAttribute('aria-expanded')).toBe('false');
    const secondary = ['Hide Cart', 'Edit Order Details', 'Hide Dimensions', 'Guided Tour'];
    for (const name of secondary) expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(more());
    expect(more().getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(more().getAttribute('aria-controls')!)!;
    for (const name of secondary) expect(within(panel).getByRole('button', { name })).toBeTruthy();
    // Focus goes into the panel; Escape closes it and gives focus back.
    expect(panel.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(more().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more());
  });

  it('runs an action chosen from "More" and closes it', async () => {
    const user = showPage(statusOrder());
    await user.click(more());
    await user.click(screen.getByRole('button', { name: 'Hide Dimensions' }));
    expect(more().getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(more()));
    await user.click(more());
    expect(screen.getByRole('button', { name: 'Show Dimensions' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Order Details' }));
    expect(screen.getByTestId('settings-open')).toBeTruthy();
  });

  it('offers the reviewer Approve in the bar, and Cancel Order behind "More"', async () => {
    vi.mocked(api.approveOrder).mockResolvedValue(answerAt('readyToPayDeposit'));
    const user = showPage(statusOrder({ at: 'submittedForApproval' }));
    await user.click(more());
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(within(bar()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.approveOrder).toHaveBeenCalledWith(expect.objectContaining({ productOrderId: 7, expectedStatusKey: 'submittedForApproval' })));
  });

  it('at a payment step the bar leads to the payment panel and puts focus in it', async () => {
    const user = showPage(statusOrder({ at: 'readyToPayDeposit' }), 'guest');
    const panel = await screen.findByTestId('payment-panel');
    const scrolled = vi.fn();
    panel.scrollIntoView = scrolled;
    await user.click(within(bar()).getByRole('button', { name: 'Go to payment' }));
    expect(scrolled).toHaveBeenCalled();
    expect(panel.contains(document.activeElement)).toBe(true);
  });

  it('shows no total when prices are hidden from this person, and no bar when there is nothing to show', () => {
    showPage(statusOrder(), 'guest', true);
    expect(within(bar()).queryByTestId('phone-bar-total')).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'Submit' })).toBeTruthy();
    cleanup();
    showPage(statusOrder({ at: 'inProduction' }), 'guest', true);
    expect(screen.queryByTestId('phone-bar')).toBeNull();
  });

  it('shows no keyboard shortcut tip on a touch screen', () => {
    showPage(statusOrder());
    expect(screen.queryByText(/Ctrl\+C/)).toBeNull();
  });

  it('a reopen dialog stays open, its reason kept, when the layout switches between desktop and phone', async () => {
    media.set(device('desktop'));
    const user = showPage(statusOrder({ at: 'depositReceived', amountPaidInCents: 50000 }), 'owner');
    await user.click(screen.getByRole('button', { name: 'Reopen for changes' }));
    const dialog = await screen.findByTestId('reopen-dialog');
    await user.type(within(dialog).getByTestId('reopen-reason'), 'A second keypad.');
    // A full-page screenshot or a turned tablet crosses the phone breakpoint and back.
    act(() => media.set(device('phone')));
    act(() => media.set(device('desktop')));
    expect(screen.getByTestId('reopen-dialog')).toBe(dialog);
    expect((within(dialog).getByTestId('reopen-reason') as HTMLTextAreaElement).value).toBe('A second keypad.');
  });
});

describe('the order page on a desktop', () => {
  beforeEach(() => media.set(device('desktop')));

  it('keeps every action in the header row, Submit last; no "More", no bar; the shortcut tip shows', () => {
    showPage(statusOrder({ at: 'submittedForApproval' }));
    const header = screen.getByRole('banner');
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.queryByTestId('phone-bar')).toBeNull();
    const names = within(header).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(expect.arrayContaining(['Hide Cart', 'Edit Order Details', 'Hide Dimensions', 'Add item', 'Cancel Order']));
    expect(names.indexOf('Cancel Order')).toBeGreaterThan(names.indexOf('Add item'));
    expect(screen.getByText(/Tip: Ctrl\+C \/ ⌘C copies this item/)).toBeTruthy();
  });
});
