// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { ApiRequestError } from '@cpq/client';
import { computeOrderCosts, instanceVersion, oopsMessage } from '@cpq/domain';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { OrderEditor } from './OrderEditor.tsx';
import { catalogue, data, engine, fakeWrites, item, openProperty, order, org, resetEditorEachTest, storeFor } from './fixtures.test-utils.ts';
import type { Instance, Order } from './writes.ts';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, orderData: vi.fn(), updatePreferences: vi.fn() } };
});

function show(opts: { items?: Instance[]; role?: string; rules?: PluginRules; writes?: ReturnType<typeof fakeWrites>; order?: Order; designEngine?: Record<string, unknown>; guests?: unknown[] } = {}) {
  const items = opts.items ?? [item({ id: 1, title: 'Hall' }), item({ id: 2, title: 'Kitchen' })];
  const writes = opts.writes ?? fakeWrites(items);
  const role = opts.role ?? 'owner';
  const rules = opts.rules ?? DEFAULT_RULES;
  const o = org(role, opts.designEngine);
  render(
    <Provider store={storeFor(role)}>
      <OrderEditor
        order={opts.order ?? order()}
        data={opts.guests ? { ...data(items), guests: opts.guests as never } : data(items)}
        catalogue={catalogue}
        engine={engine(rules)}
        org={o}
        rules={rules}
        employee={role === 'owner' || role === 'member'}
        pricingHidden={false}
        writes={writes}
        saveDebounceMs={0}
      />
    </Provider>,
  );
  return { writes, user: userEvent.setup() };
}

resetEditorEachTest();

describe('option picker', () => {
  it('refuses a choice that would leave another property without options, with the engine\'s "Oops" message, and writes nothing', async () => {
    const { writes, user } = show();
    await user.click(screen.getByTestId('show-unavailable'));
    await openProperty(user, 10);
    const brass = screen.getByTestId('option-101');
    expect(brass.getAttribute('data-unavailable')).toBe('1');
    await user.click(brass);
    expect(screen.getByTestId('notice-error').textContent).toContain(oopsMessage(['Plate']));
    expect(writes.updateInstance).not.toHaveBeenCalled();
  });

  it('shows an unavailable option greyed with its reason in words: rule names for employees only', async () => {
    const items = [item({ id: 1, title: 'Hall', properties: { '10': { optionId: 100 } } })];
    const { user } = show({ items });
    await user.click(screen.getByTestId('show-unavailable'));
    await openProperty(user, 13);
    const red = screen.getByTestId('option-130');
    expect(red.getAttribute('data-unavailable')).toBe('1');
    expect(red.parentElement!.querySelector('[data-testid="unavailable-reason"]')!.textContent).toBe("Not with Finish: Nickel — rule 'Nickel not red'");
    cleanup();
    localStorage.clear(); // else Colour opens already (remembered) and the click closes it
    const guest = show({ items, role: 'guest' });
    await guest.user.click(screen.getByTestId('show-unavailable'));
    await openProperty(guest.user, 13);
    expect(screen.getByTestId('option-130').parentElement!.querySelector('[data-testid="unavailable-reason"]')!.textContent).toBe('Not with Finish: Nickel');
  });

  it('offers a search box above 10 options, with "No relevant results" when nothing matches; remembers the open property', async () => {
    const { user } = show();
    await openProperty(user, 13);
    const search = screen.getByTestId('option-search');
    await user.type(search, 'zzz');
    expect(screen.getByTestId('no-results').textContent).toBe('No relevant results');
    await user.clear(search);
    await user.type(search, 'gre');
    expect(screen.getByTestId('option-139').textContent).toBe('Grey');
    expect(screen.queryByTestId('option-130')).toBeNull();
    // Plate (2 options): no search box.
    await openProperty(user, 11);
    expect(screen.queryByTestId('option-search')).toBeNull();
    expect(JSON.parse(localStorage.getItem('cpq.order.expandedProperty')!)).toEqual({ '1': 11 });
  });

  it('saves a chosen option through the API with the version of the item it was made on', async () => {
    const items = [item({ id: 1, title: 'Hall' })];
    const { writes, user } = show({ items });
    await openProperty(user, 10);
    await user.click(screen.getByTestId('option-100'));
    await waitFor(() => expect(writes.updateInstance).toHaveBeenCalledTimes(1));
    expect(writes.updateInstance).toHaveBeenCalledWith(1, { properties: { '10': { optionId: 100 } } }, instanceVersion(items[0]!));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'));
    expect(screen.getByTestId('item-row-1').querySelector('[data-testid="item-summary"]')!.textContent).toBe('Finish: Nickel');
  });

  it('rounds and clamps a dimension when the field is left, and strips non-digits as typed', async () => {
    const { writes, user } = show({ items: [item({ id: 1, title: 'Hall' })] });
    await openProperty(user, 12);
    const input = screen.getByTestId('value-12') as HTMLInputElement;
    await user.type(input, '8a47.4');
    expect(input.value).toBe('847.4');
    fireEvent.blur(input);
    expect(input.value).toBe('850');
    await user.clear(input);
    await user.type(input, '99999{Enter}');
    expect(input.value).toBe('1200');
    await waitFor(() => expect(writes.updateInstance).toHaveBeenLastCalledWith(1, { properties: { '12': { value: 1200 } } }, expect.any(String)));
  });

  it('shows the organisation\'s option alert when an option is chosen', async () => {
    const rules: PluginRules = { ...DEFAULT_RULES, validation: { ...DEFAULT_RULES.validation, optionAlerts: [({ optionId, orgSettings }) => (optionId === 100 ? `Long lead time. ${orgSettings.ordersContactEmail}` : null)] } };
    const { user } = show({ rules, items: [item({ id: 1, title: 'Hall' })] });
    await openProperty(user, 10);
    await user.click(screen.getByTestId('option-100'));
    expect(screen.getByTestId('notice-alert').textContent).toContain('Long lead time. quotes@lb.example');
  });

  it('apply-to-all asks the spec\'s confirmation and sets the option on every item that supports it', async () => {
    const items = [item({ id: 1, title: 'Hall', properties: { '11': { optionId: 111 } } }), item({ id: 2, title: 'Kitchen' }), item({ id: 3, productId: 2, title: 'Plate only' })];
    const { writes, user } = show({ items });
    await openProperty(user, 11);
    await user.click(screen.getByTestId('apply-to-all'));
    // Item 3's product has the Plate property too: every other item supports it.
    expect(screen.getByTestId('confirm-text').textContent).toBe('Are you sure? This option will be applied to all products in your order');
    await user.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes.updateInstance).toHaveBeenCalledTimes(2));
    expect(writes.updateInstance.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      [2, { properties: { '11': { optionId: 111 } } }],
      [3, { properties: { '11': { optionId: 111 } } }],
    ]);
  });

  it('apply-to-all says "that support it" when some items cannot take the option', async () => {
    const items = [item({ id: 1, title: 'Hall', properties: { '10': { optionId: 100 } } }), item({ id: 2, title: 'Kitchen' }), item({ id: 3, productId: 2, title: 'Plate only' })];
    const { user } = show({ items });
    await openProperty(user, 10);
    await user.click(screen.getByTestId('apply-to-all'));
    expect(screen.getByTestId('confirm-text').textContent).toBe('Are you sure? This option will be applied to all products in your order that support it');
  });
});

describe('autosave', () => {
  it('a 409 reloads the item, tells the user and drops the edit made on the old version', async () => {
    const items = [item({ id: 1, title: 'Hall' })];
    const writes = fakeWrites(items);
    const current = item({ id: 1, title: 'Hall east', quantity: 3 });
    writes.updateInstance.mockRejectedValueOnce(new ApiRequestError(409, 'itemChanged', 'This item was changed elsewhere.', { instance: current }));
    const { user } = show({ items, writes });
    await openProperty(user, 10);
    await user.click(screen.getByTestId('option-100'));
    await waitFor(() => expect(screen.getByTestId('notice-error').textContent).toContain('This item was changed elsewhere.'));
    // The notice and the reloaded item may be drawn in separate renders (seen apart on a loaded machine).
    await waitFor(() => expect((screen.getByTestId('instance-title') as HTMLInputElement).value).toBe('Hall east'));
    expect(screen.getByTestId('item-row-1').querySelector('[data-testid="item-quantity"]')!.textContent).toBe('3');
    expect(screen.getByTestId('property-10').querySelector('[data-testid="property-value"]')!.textContent).toBe('Not chosen');
  });

  it('a failed save shows "Could not save — Retry", and Retry sends it again', async () => {
    const items = [item({ id: 1, title: 'Hall' })];
    const writes = fakeWrites(items);
    writes.updateInstance.mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'Database unavailable'));
    const { user } = show({ items, writes });
    await openProperty(user, 10);
    await user.click(screen.getByTestId('option-100'));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Could not save'));
    await user.click(screen.getByTestId('save-retry'));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'));
    expect(writes.updateInstance).toHaveBeenCalledTimes(2);
  });
});

describe('cart and items', () => {
  it('shows rows with rank, title, "ERROR" for a missing option, and a decrement only above quantity 1', async () => {
    const items = [item({ id: 1, title: 'Hall', properties: { '10': { optionId: 999 } } }), item({ id: 2, title: 'Kitchen', quantity: 2 })];
    const { writes, user } = show({ items });
    const first = screen.getByTestId('item-row-1');
    expect(first.querySelector('[data-testid="item-summary"]')!.textContent).toBe('Finish: ERROR');
    expect(first.getAttribute('data-valid')).toBe('0');
    expect(within(first).queryByTestId('qty-decrement')).toBeNull();
    expect(within(screen.getByTestId('item-row-2')).getByTestId('qty-decrement')).toBeTruthy();
    await user.click(within(first).getByTestId('qty-increment'));
    expect(within(screen.getByTestId('item-row-1')).getByTestId('qty-decrement')).toBeTruthy();
    await waitFor(() => expect(writes.updateInstance).toHaveBeenCalledWith(1, { quantity: 2 }, expect.any(String)));
  });

  it('keeps explanations out of the page until opened', async () => {
    const { user } = show();
    const why = screen.getAllByTestId('why-this-price')[0]!;
    expect(why.textContent).toBe('Why this price');
    await user.click(within(why).getByText('Why this price'));
    fireEvent(why, new Event('toggle'));
    await waitFor(() => expect(why.textContent).toContain('Unit price'));
  });

  it('deletes from the cart after "Are you sure you want to delete this product instance?"; the previous item becomes active', async () => {
    const items = [item({ id: 1, title: 'Hall' }), item({ id: 2, title: 'Kitchen' })];
    const { writes, user } = show({ items });
    await user.click(within(screen.getByTestId('item-row-2')).getByTestId('item-title'));
    await user.click(within(screen.getByTestId('item-row-2')).getByTestId('cart-delete'));
    expect(screen.getByTestId('confirm-text').textContent).toBe('Are you sure you want to delete this product instance?');
    await user.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.queryByTestId('item-row-2')).toBeNull());
    expect(writes.destroyInstance).toHaveBeenCalledWith(2);
    expect((screen.getByTestId('instance-title') as HTMLInputElement).value).toBe('Hall');
  });

  it('deleting the only item (instance bar, "Are you sure?") puts the page in create mode', async () => {
    const { user } = show({ items: [item({ id: 1, title: 'Hall' })] });
    await user.click(screen.getByTestId('delete-item'));
    expect(screen.getByTestId('confirm-text').textContent).toBe('Are you sure?');
    await user.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('create-item-dialog')).toBeTruthy());
    expect(screen.getByTestId('cart-empty').textContent).toBe('There are no items in the cart');
  });

  it('adds an item after the active one with the plugin\'s defaults; the identifier is required', async () => {
    const rules: PluginRules = { ...DEFAULT_RULES, items: { newItemDefaults: () => ({ title: 'Door 003', properties: { '12': { value: 600 } } }) } };
    const items = [item({ id: 1, title: 'Hall' }), item({ id: 2, title: 'Kitchen' })];
    const { writes, user } = show({ rules, items });
    await user.click(screen.getByTestId('add-item'));
    await user.click(screen.getByTestId('pick-product-1'));
    const title = screen.getByTestId('add-item-title') as HTMLInputElement;
    expect(title.value).toBe('Door 003');
    await user.clear(title);
    await user.type(title, '{Enter}');
    expect(screen.getByTestId('add-item-error').textContent).toBe('This item can not be added without an identifier/description.');
    await user.type(title, 'Hall 2{Enter}');
    await waitFor(() => expect(writes.createInstance).toHaveBeenCalledTimes(1));
    expect(writes.createInstance).toHaveBeenCalledWith({ productOrderId: 7, productId: 1, quantity: 1, rank: 2, title: 'Hall 2', properties: { '12': { value: 600 } } });
    await waitFor(() => expect((screen.getByTestId('instance-title') as HTMLInputElement).value).toBe('Hall 2'));
    expect([...document.querySelectorAll('[data-testid="item-rank"]')].map((e) => e.textContent)).toEqual(['1', '2', '3']);
  });

  it('copies the active item with Ctrl+C and pastes a copy after it with Ctrl+V (not while typing)', async () => {
    const items = [item({ id: 1, title: 'Hall', quantity: 4, properties: { '10': { optionId: 100 } } }), item({ id: 2, title: 'Kitchen' })];
    const { writes } = show({ items });
    fireEvent.keyDown(screen.getByTestId('instance-title'), { key: 'c', ctrlKey: true });
    expect(screen.queryByTestId('notice-info')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'c', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'v', metaKey: true });
    await waitFor(() => expect(writes.createInstance).toHaveBeenCalledTimes(1));
    expect(writes.createInstance).toHaveBeenCalledWith({ productOrderId: 7, productId: 1, title: 'Hall', quantity: 4, notes: null, properties: { '10': { optionId: 100 } }, rank: 2 });
  });

  it('an instance title required by the product: empty shows the message and is not saved', async () => {
    const { writes, user } = show({ items: [item({ id: 1, title: 'Hall' })] });
    await user.clear(screen.getByTestId('instance-title'));
    expect(screen.getByTestId('instance-title-error').textContent).toBe('This item must have an identifier/description.');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(writes.updateInstance).not.toHaveBeenCalled();
  });

  it('quantity below 1 or not a number becomes 1; a rank is clamped, a non-number ignored', async () => {
    const items = [item({ id: 1, title: 'Hall', quantity: 3 }), item({ id: 2, title: 'Kitchen' })];
    const { writes, user } = show({ items });
    const qty = screen.getByTestId('instance-quantity') as HTMLInputElement;
    await user.clear(qty);
    await user.type(qty, '0{Enter}');
    expect(qty.value).toBe('1');
    const rank = screen.getByTestId('instance-rank') as HTMLInputElement;
    await user.clear(rank);
    await user.type(rank, 'x{Enter}');
    expect(rank.value).toBe('1');
    await user.clear(rank);
    await user.type(rank, '9{Enter}');
    expect(rank.value).toBe('2');
    await waitFor(() => expect(writes.updateInstance).toHaveBeenCalledWith(1, { rank: 2 }, expect.any(String)));
    expect([...document.querySelectorAll('[data-testid="item-title"]')].map((e) => e.textContent)).toEqual(['Kitchen', 'Hall']);
  });
});

describe('creating the first item', () => {
  it('asks for project information on an untitled order never prompted, then opens the add menu', async () => {
    const { writes, user } = show({ items: [], order: order({ title: 'Untitled Order', promptedForProjectInfo: 0 }) });
    const dialog = screen.getByTestId('project-info-dialog');
    await user.click(within(dialog).getByTestId('project-info-save'));
    expect(within(dialog).getByTestId('project-info-error').textContent).toBe('A valid order name is required.');
    await user.type(within(dialog).getByTestId('project-info-title'), 'Lobby');
    await user.click(within(dialog).getByTestId('project-info-save'));
    await waitFor(() => expect(screen.getByTestId('create-item-dialog')).toBeTruthy());
    expect(writes.updateOrder).toHaveBeenCalledWith(7, { title: 'Lobby', projectName: null, firmName: null, contactName: null, promptedForProjectInfo: 1 });
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('create-item-dialog')).toBeNull();
  });

  it('an architectural organisation skips project information', () => {
    show({ items: [], order: order({ title: 'Untitled Order', promptedForProjectInfo: 0 }), designEngine: { isArchitectural: true } });
    expect(screen.queryByTestId('project-info-dialog')).toBeNull();
  });

  it('shows "No Products Available to select." when the category has none', async () => {
    const { user } = show({ items: [], order: order({ productCategoryId: 99 }) });
    await waitFor(() => expect(screen.getByTestId('create-item-dialog')).toBeTruthy());
    expect(screen.getByTestId('no-products').textContent).toBe('No Products Available to select.');
    void user;
  });
});

describe('custom products', () => {
  it('guests have no custom product in the add menu', async () => {
    const { user } = show({ role: 'guest' });
    await user.click(screen.getByTestId('add-item'));
    expect(screen.queryByTestId('pick-custom-product')).toBeNull();
    expect(screen.queryByText('Custom product')).toBeNull();
  });

  it('employees add one after the active item: identifier required, price in dollars as cents, notes', async () => {
    const items = [item({ id: 1, title: 'Hall' }), item({ id: 2, title: 'Kitchen' })];
    const { writes, user } = show({ items, role: 'member' });
    await user.click(screen.getByTestId('add-item'));
    await user.click(screen.getByTestId('pick-custom-product'));
    await user.type(screen.getByTestId('custom-item-price'), '$1,234.5');
    expect((screen.getByTestId('custom-item-price') as HTMLInputElement).value).toBe('1234.5');
    await user.click(screen.getByTestId('custom-item-submit'));
    expect(screen.getByTestId('custom-item-error').textContent).toBe('This item can not be added without an identifier/description.');
    expect(writes.createInstance).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('custom-item-title'), 'Site survey');
    await user.type(screen.getByTestId('custom-item-notes'), 'Two visits');
    await user.click(screen.getByTestId('custom-item-submit'));
    await waitFor(() => expect(writes.createInstance).toHaveBeenCalledTimes(1));
    expect(writes.createInstance).toHaveBeenCalledWith({ productOrderId: 7, productId: -1, quantity: 1, rank: 2, title: 'Site survey', notes: 'Two visits', customPriceInCents: 123450 });
    const row = await screen.findByTestId('item-row-1000');
    expect(within(row).getByTestId('item-title').textContent).toBe('Site survey');
    expect(within(row).getByTestId('item-custom').textContent).toBe('Custom product');
    expect(within(row).getByTestId('item-total-price').textContent).toBe('$1,234.50');
    expect([...document.querySelectorAll('[data-testid="item-rank"]')].map((e) => e.textContent)).toEqual(['1', '2', '3']);
  });

  it('an employee edits a custom item\'s price; a guest sees the item read-only without a price field', async () => {
    const custom = item({ id: 5, productId: -1, title: 'Survey', customPriceInCents: 5000, properties: {} });
    const { writes, user } = show({ items: [custom], role: 'owner' });
    const price = screen.getByTestId('custom-price') as HTMLInputElement;
    expect(price.value).toBe('50.00');
    await user.clear(price);
    await user.type(price, '75.25{Enter}');
    await waitFor(() => expect(writes.updateInstance).toHaveBeenCalledWith(5, { customPriceInCents: 7525 }, expect.any(String)));
    expect(within(screen.getByTestId('item-row-5')).getByTestId('item-total-price').textContent).toBe('$75.25');
    cleanup();
    show({ items: [custom], role: 'guest' });
    expect(screen.queryByTestId('custom-price')).toBeNull();
    expect((screen.getByTestId('instance-title') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('price summary with the owner\'s guest terms', () => {
  // A $1,000.00 custom item on an order owned by user 1, a guest with 10 % off; tax 8 %, shipping TBD.
  const custom = item({ id: 5, productId: -1, title: 'Survey', customPriceInCents: 100000, properties: {} });
  const taxed = order({ taxPercentage: 8 } as Partial<Order>);
  const line = (key: string) => within(screen.getByTestId(`cost-${key}`));

  it('names the guest discount with its percent and taxes the discounted subtotal, for an employee and the guest alike', () => {
    for (const role of ['owner', 'guest']) {
      show({ items: [custom], role, order: taxed, guests: [{ userId: 1, disableSalesTax: 0, discount: { type: 'percent', value: 10 } }] });
      expect(line('subtotal').getByRole('definition').textContent).toBe('$1,000.00');
      expect(line('discount').getByRole('term').textContent).toBe('Guest discount (10%)');
      expect(line('discount').getByRole('definition').textContent).toBe('-$100.00');
      expect(line('tax').getByRole('definition').textContent).toBe('$72.00');
      expect(screen.getByTestId('order-total').textContent).toBe('$972.00');
      cleanup();
    }
  });

  it("shows no tax when the owner's sales tax is disabled, and the order's own discount as \"Discount\"", () => {
    const own = order({ taxPercentage: 8, discountMode: 'amount', discountFlatAmount: 5000 } as Partial<Order>);
    show({ items: [custom], order: own, guests: [{ userId: 1, disableSalesTax: 1, discount: { type: 'percent', value: 10 } }] });
    expect(line('discount').getByRole('term').textContent).toBe('Discount');
    expect(line('discount').getByRole('definition').textContent).toBe('-$50.00');
    expect(line('tax').getByRole('definition').textContent).toBe('$0.00');
    expect(screen.getByTestId('order-total').textContent).toBe('$950.00');
  });

  it('another person\'s guest terms do not apply', () => {
    show({ items: [custom], order: taxed, guests: [{ userId: 2, disableSalesTax: 1, discount: { type: 'percent', value: 10 } }] });
    expect(screen.queryByTestId('cost-discount')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('$1,080.00');
  });
});

describe('the saved total', () => {
  // Two items stored at $50.00 each on a product without a pricing rule here (the browser prices them 0).
  const storedItems = () => [item({ id: 1, title: 'Hall', unitPriceInCents: 5000, totalPriceInCents: 5000 }), item({ id: 2, title: 'Kitchen', unitPriceInCents: 5000, totalPriceInCents: 5000 })];
  const costs = computeOrderCosts({ order: { isStocked: 0, productCategoryId: 1 }, itemTotalsInCents: [10000] });
  const steps = { productOrderStatuses: [{ key: 'started', title: 'Order Started', type: 'orderStarted' }, { key: 'submitted', title: 'Submitted', type: 'submittedForApproval' }] };

  it('an open order prices live and says when the saved total differs', () => {
    show({ items: storedItems(), designEngine: steps, order: order({ costs, statusData: { started: { date: '2026-01-01' } }, lastCompletedStatusKey: 'started' } as Partial<Order>) });
    expect(screen.getByTestId('order-total').textContent).toBe('$0.00');
    expect(screen.getByTestId('total-mismatch').textContent).toBe('The order total differs from the saved total ($100.00); reload to refresh.');
  });

  it('a submitted order shows its stored prices and total, and no mismatch: they are kept', () => {
    show({ items: storedItems(), designEngine: steps, order: order({ costs, statusData: { started: { date: '2026-01-01' }, submitted: { date: '2026-01-02' } }, lastCompletedStatusKey: 'submitted' } as Partial<Order>) });
    expect(screen.getByTestId('order-total').textContent).toBe('$100.00');
    expect(screen.queryByTestId('total-mismatch')).toBeNull();
    expect(screen.getAllByText('$50.00').length).toBeGreaterThan(0);
  });

  it("a submitted order's Why this price says the price is kept, and what today's prices would make it", async () => {
    const user = userEvent.setup();
    show({ items: storedItems(), designEngine: steps, order: order({ costs, statusData: { started: { date: '2026-01-01' }, submitted: { date: '2026-01-02' } }, lastCompletedStatusKey: 'submitted' } as Partial<Order>) });
    await user.click(within(screen.getByTestId('item-row-1')).getByText('Why this price'));
    expect(within(screen.getByTestId('item-row-1')).getByTestId('why-kept-price').textContent).toBe(
      "This item keeps the price it had when the order was submitted: $50.00 each, $50.00 in all. Below is how today's prices would make it $0.00.",
    );
    cleanup();
    // An open order explains the price it shows: no such note.
    show({ items: storedItems(), designEngine: steps, order: order({ costs, statusData: { started: { date: '2026-01-01' } }, lastCompletedStatusKey: 'started' } as Partial<Order>) });
    await user.click(within(screen.getByTestId('item-row-1')).getByText('Why this price'));
    expect(screen.queryByTestId('why-kept-price')).toBeNull();
  });
});

describe('document shortcuts', () => {
  const withLinks: PluginRules = { ...DEFAULT_RULES, documents: { ...DEFAULT_RULES.documents, orderPageLinks: { viewQuote: true, viewInvoice: true } } };
  const statuses = { productOrderStatuses: [{ key: 'started', title: 'Order Started', type: 'orderStarted' }, { key: 'submitted', title: 'Submitted', type: 'orderSubmitted' }] };

  it('are not shown unless the organisation asks for them', () => {
    show();
    expect(screen.queryByRole('button', { name: 'View Quote' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'View Invoice' })).toBeNull();
  });

  it('View Quote opens the documents; View Invoice appears once the order is past its start step', async () => {
    show({ rules: withLinks, designEngine: statuses, order: order({ lastCompletedStatusKey: 'started' }) });
    expect(screen.getByRole('button', { name: 'View Quote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Invoice' })).toBeNull();
    cleanup();
    const { user } = show({ rules: withLinks, designEngine: statuses, order: order({ lastCompletedStatusKey: 'submitted' }) });
    await user.click(screen.getByRole('button', { name: 'View Invoice' }));
    expect(window.location.pathname + window.location.search).toBe(`/orders/${order().orgSpecificId}/documents?mode=invoice`);
    await user.click(screen.getByRole('button', { name: 'View Quote' }));
    expect(window.location.pathname + window.location.search).toBe(`/orders/${order().orgSpecificId}/documents`);
  });
});

describe('a long order', () => {
  it('draws its first rows with the total the server stored, then every row with the total priced in the browser', async () => {
    const items = Array.from({ length: 35 }, (_, n) => item({ id: n + 1, title: `Room ${n + 1}`, unitPriceInCents: 100, totalPriceInCents: 100 } as Partial<Instance> & { id: number }));
    // Stored costs unlike the live ones, so which of the two the page shows can be told apart.
    const stored = computeOrderCosts({ order: { isStocked: 0, productCategoryId: 1 }, itemTotalsInCents: [123_456] });
    show({ items, order: order({ costs: stored } as Partial<Order>) });
    const rows = () => screen.getAllByTestId(/^item-row-/);
    expect(rows()).toHaveLength(30);
    expect(screen.getByTestId('order-total').getAttribute('data-cents')).toBe(String(stored.orderTotal));
    await waitFor(() => expect(rows()).toHaveLength(35));
    expect(screen.getByTestId('order-total').getAttribute('data-cents')).not.toBe(String(stored.orderTotal));
  });
});
