// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestTerms, OrderDataProductOrder, OrgMembership } from '@cpq/domain';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
import { OrderSettingsDialog } from './OrderSettingsDialog.tsx';

const order = {
  id: 31, orgId: 850, orgSpecificId: 12, title: 'Harbour View Residence', userId: 1, type: 'standalone', productId: null, productCategoryId: 1,
  archived: 0, isStocked: 0, disableSalesTax: 0, involvedUsers: { '1': { role: 'owner', pricingIsHidden: 0 } }, created: '2025-05-05 14:00:00', lastUpdated: '2025-05-05 14:00:00',
  statusData: { orderStarted: { date: '2025-05-05' } }, costs: { orderSubTotal: 0, discount: 0, shipping: 0, shippingIsTbd: true, tax: 0, tariff: 0, orderTotal: 0, depositAmount: 0, depositPercentage: 50 },
  amountPaidInCents: 12500, isProcessingPayment: 0, phone: '2075550100', deliveryAddress: { streetAddress: '1 Quay St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' }, trackingNumber: 'TRK-1',
} as unknown as OrderDataProductOrder;

const orgAs = (role: string, prevRole: string | null = null) => ({ id: 850, title: 'Lumen & Brass', role, prevRole, appData: { designEngine: {} } }) as unknown as OrgMembership;
const rules850: PluginRules = { ...DEFAULT_RULES, wording: { order: 'quote', orders: 'quotes' }, orderSettings: { advancedPricingFields: true, employeeOnlyFields: ['trackingNumber', 'estimatedShippingDate'] } };

type Call = { path: string; body: any };
let calls: Call[] = [];
/** The API as the dialog meets it: order updates answer the order with the props applied; other calls as given. */
function mockApi(answers: Record<string, (body: any) => { status?: number; data?: unknown; error?: string }> = {}) {
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}'));
    calls.push({ path, body });
    type Answer = { status?: number; data?: unknown; error?: string };
    const answer: Answer = answers[path]?.(body) ?? (path.endsWith('/productOrders/update') ? { data: { ...order, ...body.props } } : { status: 404, error: 'No such call' });
    const status = answer.status ?? 200;
    return new Response(JSON.stringify(status < 400 ? { data: answer.data } : { error: { code: 'x', message: answer.error } }), { status });
  });
}

function open(org: OrgMembership, rules: PluginRules = rules850, onOrderChanged = vi.fn(), onClose = vi.fn(), ownerTerms: GuestTerms | null = null) {
  render(<OrderSettingsDialog open onClose={onClose} order={order} org={org} rules={rules} pricingHidden={false} ownerTerms={ownerTerms} onOrderChanged={onOrderChanged} />);
  return { onOrderChanged, onClose, dialog: screen.getByRole('dialog', { name: 'Quote Details' }) };
}

beforeEach(() => mockApi({ '/api/configurator/get-order-owner-candidates': () => ({ data: [{ userId: 1, firstName: 'Eleanor', lastName: 'Whitcombe', email: 'owner-850@demo.test', role: 'owner' }, { userId: 3, firstName: 'Priya', lastName: 'Raman', email: 'guest-850@demo.test', role: 'guest' }] }) }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const updates = () => calls.filter((c) => c.path.endsWith('/productOrders/update'));

describe('OrderSettingsDialog', () => {
  it('is a labelled modal that starts on the name field and closes with Escape', async () => {
    const { onClose, dialog } = open(orgAs('owner'));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses the untitled default and an empty name with the messages, sending nothing', async () => {
    open(orgAs('owner'));
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'untitled order');
    await userEvent.tab();
    expect((await screen.findByText('The order name cannot be "Untitled Order". Please enter a valid name.')).getAttribute('role')).toBe('alert');
    await userEvent.clear(name);
    await userEvent.tab();
    expect(await screen.findByText('A valid order name is required.')).toBeTruthy();
    expect(updates()).toHaveLength(0);
  });

  it('turns symbols into spaces as typed and saves the tidied name, then shows it saved', async () => {
    const { onOrderChanged } = open(orgAs('member'));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await userEvent.clear(name);
    await userEvent.type(name, 'Lobby #2 (east)');
    expect(name.value).toBe('Lobby  2  east ');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]!.body).toEqual({ where: { id: 31 }, props: { title: 'Lobby 2 east' } });
    await waitFor(() => expect(onOrderChanged).toHaveBeenCalledWith(expect.objectContaining({ title: 'Lobby 2 east' })));
    expect((await screen.findByTestId('settings-save-state')).textContent).toContain('All changes saved.');
  });

  it('shows the server’s message next to the field it refused', async () => {
    mockApi({ '/api/resources/productOrders/update': () => ({ status: 400, error: 'Phone number must be at most 64 characters.' }) });
    open(orgAs('owner'));
    const phone = screen.getByLabelText('Phone');
    await userEvent.type(phone, '9');
    await userEvent.tab();
    const alert = await screen.findByText('Phone number must be at most 64 characters.');
    expect(phone.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByTestId('settings-save-state').getAttribute('data-state')).toBe('error');
  });

  it('saves the delivery address as a whole when it is left, the country US when blank', async () => {
    open(orgAs('guest'));
    const box = screen.getByTestId('settings-deliveryAddress');
    const city = within(box).getByLabelText('City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Bangor');
    await userEvent.clear(within(box).getByLabelText('Country'));
    await userEvent.click(screen.getByLabelText('Name')); // focus leaves the address
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]!.body.props).toEqual({ deliveryAddress: { streetAddress: '1 Quay St', streetAddress2: '', city: 'Bangor', state: 'ME', zip: '04101', country: 'US' } });
  });

  it('shows a guest only the fields a guest may write: no owner, pricing, notes, command data, nor 850’s employee-only fields', () => {
    open(orgAs('guest'));
    expect(screen.getByLabelText('Phone')).toBeTruthy();
    expect(screen.getByLabelText('Company')).toBeTruthy();
    for (const label of ['Owner', 'Tax rate (%)', 'Primary note', 'Command number', 'Tracking number', 'Estimated shipping date']) expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.queryByText('Charge sales tax')).toBeNull();
  });

  it('shows a guest the shipping information read-only where the organisation does not keep it to employees', () => {
    open(orgAs('guest'), { ...DEFAULT_RULES, wording: { order: 'quote', orders: 'quotes' } });
    expect(screen.getByTestId('settings-trackingNumber').textContent).toBe('TRK-1');
    expect(screen.queryByRole('textbox', { name: 'Tracking number' })).toBeNull();
  });

  it('gives an 850 employee the advanced pricing fields with the amount paid read-only, and an employee in guest mode not', () => {
    open(orgAs('member'));
    expect(screen.getByLabelText('Tax rate (%)')).toBeTruthy();
    expect(screen.getByLabelText('Effective pricing date')).toBeTruthy();
    expect(screen.getByTestId('settings-amountPaid').textContent).toBe('$125.00');
    expect(screen.getByLabelText('Primary note')).toBeTruthy();
    expect(screen.getByLabelText('Command total (€)')).toBeTruthy();
    cleanup();
    open(orgAs('guest', 'owner'));
    expect(screen.queryByLabelText('Tax rate (%)')).toBeNull();
  });

  it("tells an employee what the owner's guest terms do: the guest discount unless the order gives one, no sales tax", () => {
    open(orgAs('member'), rules850, vi.fn(), vi.fn(), { discountPercentage: 12.5, disableSalesTax: true });
    expect(screen.getByLabelText('Discount').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(screen.getByLabelText('Discount').getAttribute('aria-describedby')!)!.textContent).toBe("The owner's guest discount (12.5%) applies unless this order gives its own.");
    expect(document.getElementById(screen.getByTestId('settings-salesTax').getAttribute('aria-describedby')!)!.textContent).toBe('Sales tax is disabled for the owner (a guest): no tax is charged on this order.');
    cleanup();
    open(orgAs('member'), rules850, vi.fn(), vi.fn(), null);
    expect(screen.queryByText(/guest discount/)).toBeNull();
    expect(screen.queryByText(/Sales tax is disabled/)).toBeNull();
  });

  it("fills the tax rate from the delivery state's rate, and says when there is none", async () => {
    mockApi({ '/api/configurator/get-tax-rate': () => ({ data: { taxRate: 5.5, skippedReason: null } }) });
    open(orgAs('owner'));
    await userEvent.click(screen.getByRole('button', { name: 'Use the ME rate' }));
    await waitFor(() => expect(updates().map((c) => c.body.props)).toEqual([{ taxPercentage: 5.5 }]));
    expect(calls.find((c) => c.path.endsWith('/get-tax-rate'))!.body).toEqual({ orgId: 850, deliveryAddress: { streetAddress: '1 Quay St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' } });
    await waitFor(() => expect((screen.getByLabelText('Tax rate (%)') as HTMLInputElement).value).toBe('5.5'));
    cleanup();
    mockApi({ '/api/configurator/get-tax-rate': () => ({ data: { taxRate: null, skippedReason: 'organisationSkipsState' } }) });
    open(orgAs('owner'));
    await userEvent.click(screen.getByRole('button', { name: 'Use the ME rate' }));
    expect((await screen.findByTestId('settings-taxLookup-message')).textContent).toBe('Sales tax for ME is not looked up for this organisation: enter the rate if one applies.');
    expect(updates()).toHaveLength(0);
  });

  it('refuses a percentage above 100 before sending it', async () => {
    open(orgAs('owner'));
    await userEvent.type(screen.getByLabelText('Tax rate (%)'), '120');
    await userEvent.tab();
    expect(await screen.findByText('Enter a percentage between 0 and 100.')).toBeTruthy();
    expect(updates()).toHaveLength(0);
  });

  it('lets an employee change the owner among the organisation’s people', async () => {
    mockApi({
      '/api/configurator/get-order-owner-candidates': () => ({ data: [{ userId: 1, firstName: 'Eleanor', lastName: 'Whitcombe', email: 'owner-850@demo.test', role: 'owner' }, { userId: 3, firstName: 'Priya', lastName: 'Raman', email: 'guest-850@demo.test', role: 'guest' }] }),
      '/api/configurator/change-order-owner': (b) => ({ data: { ...order, userId: b.userId } }),
    });
    const { onOrderChanged } = open(orgAs('owner'));
    const owner = (await screen.findByRole('combobox', { name: 'Owner' })) as HTMLSelectElement;
    expect(owner.value).toBe('1');
    await userEvent.selectOptions(owner, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Change owner' }));
    await waitFor(() => expect(onOrderChanged).toHaveBeenCalledWith(expect.objectContaining({ userId: 3 })));
    expect(calls.find((c) => c.path.endsWith('/change-order-owner'))!.body).toEqual({ productOrderId: 31, userId: 3 });
  });

  it('archives the order from its footer', async () => {
    const { onOrderChanged } = open(orgAs('guest'));
    await userEvent.click(screen.getByRole('button', { name: 'Archive Order' }));
    await waitFor(() => expect(onOrderChanged).toHaveBeenCalledWith(expect.objectContaining({ archived: 1 })));
    expect(await screen.findByRole('button', { name: 'Unarchive Order' })).toBeTruthy();
  });
});
