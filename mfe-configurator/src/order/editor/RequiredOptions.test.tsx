// @vitest-environment jsdom
// Required options on the order page (decision 0091): marked in the item editor, counted in the cart,
// and Submit points at the first one missing instead of submitting. Expected values from the rule: the
// fixture keypad's Finish, Plate, Width (dimensions) and Colour each offer a customer option, so all four
// are required.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@cpq/client';
import { OrderSettingsDialog } from '../settings/OrderSettingsDialog.tsx';
import { item } from './fixtures.test-utils.ts';
import type { Instance, Order } from './writes.ts';
import { statusOrder } from '../status/harness.test-utils.tsx';
import { COMPLETE, resetOrderPageEachTest, showOrderPage } from '../orderPage.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('../status/apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

resetOrderPageEachTest();
afterEach(() => vi.unstubAllGlobals());

function showPage(items: Instance[], order: Order = statusOrder(), role = 'guest', Settings?: unknown) {
  return showOrderPage({ order, items, role, Settings });
}

const header = (propertyId: number) => within(screen.getByTestId(`property-${propertyId}`)).getAllByRole('button')[0]!;

describe('required options', () => {
  it('marks every required property "Required" in its accessible name; a chosen one keeps the mark without the missing edge', () => {
    showPage([item({ id: 1, title: 'Hall', properties: { '10': { optionId: 100 } } })]);
    for (const id of [10, 11, 12, 13]) {
      expect(screen.getByTestId(`property-${id}`).getAttribute('data-required')).toBe('1');
      expect(header(id).textContent).toContain('Required');
    }
    expect(screen.getByTestId('property-10').getAttribute('data-missing')).toBe('0');
    expect(screen.getByTestId('property-11').getAttribute('data-missing')).toBe('1');
  });

  it('a required dimension input says so to assistive technology', async () => {
    const user = showPage([item({ id: 1, title: 'Hall' })]);
    await user.click(header(12));
    expect(screen.getByTestId('value-12').getAttribute('aria-required')).toBe('true');
  });

  it("shows each item's completeness in the cart", () => {
    showPage([item({ id: 1, title: 'Hall', properties: COMPLETE }), item({ id: 2, title: 'Kitchen', properties: { '10': { optionId: 100 }, '12': { value: 600 } } })]);
    expect(within(screen.getByTestId('item-row-1')).getByTestId('item-completeness').textContent).toBe('Complete');
    expect(within(screen.getByTestId('item-row-2')).getByTestId('item-completeness').textContent).toBe('2 options to choose');
  });

  it('Submit with an incomplete item submits nothing: it opens the item, focuses its first missing option and says what is needed', async () => {
    const user = showPage([item({ id: 1, title: 'Hall', properties: COMPLETE }), item({ id: 2, title: 'Kitchen', properties: { '10': { optionId: 100 }, '12': { value: 600 } } })]);
    expect(screen.getByTestId('item-row-1').querySelector('[aria-current="true"]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByTestId('notice-alert');
    expect(alert.querySelector('p')!.textContent).toBe('Choose Plate and Colour for item 2 “Kitchen” before submitting.');
    expect(api.submitOrder).not.toHaveBeenCalled();
    expect(screen.queryByTestId('confirm-text')).toBeNull();
    // Kitchen is the active item, Plate is open and focused, with what it needs under it.
    expect(screen.getByTestId('item-row-2').querySelector('[aria-current="true"]')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(header(11)));
    expect(header(11).getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getByTestId('property-11')).getByTestId('property-needed').textContent).toBe('Choose a Plate to submit this order.');
    expect(header(11).getAttribute('aria-describedby')).toBe(within(screen.getByTestId('property-11')).getByTestId('property-needed').id);
  });

  it('the notice goes once the item has every required option (no reload)', async () => {
    const user = showPage([item({ id: 1, title: 'Hall', properties: { ...COMPLETE, '13': { optionId: null } } })]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('notice-alert')).textContent).toContain('Choose Colour for item 1 “Hall” before submitting.');
    await waitFor(() => expect(document.activeElement).toBe(header(13)));
    await user.click(within(screen.getByTestId('property-13')).getByTestId('option-132'));
    await waitFor(() => expect(screen.queryByTestId('notice-alert')).toBeNull());
    expect(within(screen.getByTestId('item-row-1')).getByTestId('item-completeness').textContent).toBe('Complete');
  });
});

describe('an order that can no longer change', () => {
  it('asks for nothing: no Required marks and no completeness in the cart', () => {
    showPage([item({ id: 1, title: 'Hall' })], statusOrder({ at: 'submittedForApproval' }));
    expect(screen.getByTestId('property-10').getAttribute('data-required')).toBe('0');
    expect(screen.queryAllByTestId('property-required')).toHaveLength(0);
    expect(screen.queryByTestId('item-completeness')).toBeNull();
  });
});

describe('order details named by a submit check', () => {
  it('the settings open at the phone field with the message under it; the page notice goes once the phone is fixed', async () => {
    // The settings save each field through the order update; it answers the order with the change.
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}'));
      if (!path.endsWith('/productOrders/update')) return new Response(JSON.stringify({ error: { code: 'x', message: 'No such call' } }), { status: 404 });
      return new Response(JSON.stringify({ data: { ...statusOrder({ phone: '555-0142' }), ...body.props } }), { status: 200 });
    });
    const user = showPage([item({ id: 1, title: 'Hall', properties: COMPLETE })], statusOrder({ phone: '555-0142' }), 'guest', OrderSettingsDialog);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const message = 'A valid, 10-digit contact phone number is required to proceed.';
    expect((await screen.findByTestId('notice-alert')).textContent).toContain(message);
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByTestId('settings-phone');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const note = within(dialog).getByTestId('field-problem');
    expect(note.textContent).toBe(message);
    expect(phone.getAttribute('aria-describedby')).toBe(note.id);
    await user.clear(phone);
    await user.type(phone, '(207) 555-0142');
    await user.tab();
    await waitFor(() => expect(within(dialog).queryByTestId('field-problem')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('notice-alert')).toBeNull());
  });

  it('an incomplete delivery address focuses its first empty part', async () => {
    showPage([item({ id: 1, title: 'Hall', properties: COMPLETE })], statusOrder({ deliveryAddress: { streetAddress: '1 Main St', city: '', state: 'IL', zip: '' } as never }), 'guest', OrderSettingsDialog);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('settings-deliveryAddress-city')));
    expect(within(dialog).getByTestId('field-problem').textContent).toBe('A complete delivery address is required to proceed.');
  });
});
