// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { api } from '@cpq/client';
import { fakeMatchMedia } from '@cpq/test-utils';
import { OrdersPage } from './OrdersPage.tsx';
import { page, RULES, session, storeWith, stubBrowser } from './ordersPage.test-utils.tsx';
import { row } from './rows.test-utils.ts';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, ordersData: vi.fn(), ordersCount: vi.fn(), updateOrder: vi.fn(), updatePreferences: vi.fn() } };
});

const ordersData = vi.mocked(api.ordersData);
// A window 700 px wide or less is a phone (the portal's one phone query).
const phoneWidth = (width: number) => (query: string) => {
  const max = /max-width:\s*(\d+)px/.exec(query);
  return max ? width <= Number(max[1]) : false;
};
let media: ReturnType<typeof fakeMatchMedia>;

function show(s = session(), rules = RULES) {
  window.history.replaceState(null, '', '/orders');
  return render(
    <Provider store={storeWith(s, rules)}>
      <OrdersPage />
    </Provider>,
  );
}

beforeEach(() => {
  stubBrowser();
  media = fakeMatchMedia(phoneWidth(390));
  vi.mocked(api.ordersCount).mockResolvedValue({ productOrderCountsByStatusKey: {}, processingPaymentCount: 0 });
  vi.mocked(api.updatePreferences).mockResolvedValue({});
});

afterEach(() => {
  cleanup();
  media.restore();
  vi.clearAllMocks();
});

describe('the orders list on a phone', () => {
  it('shows each order as a card: its link, status chip, title, total and the other columns, and no table', async () => {
    ordersData.mockResolvedValue(page([row(), row({ id: 8, orgSpecificId: 13, title: 'Maple Street' })]));
    show();
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'My Quotes, page 1' })).toBeTruthy();
    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Quote #12' }).getAttribute('href')).toBe('/orders/12');
    expect(within(first).getByTestId('card-status').textContent).toBe('Submitted for Approval');
    expect(first.textContent).toContain('Harbour View Residence');
    expect(first.textContent).toContain('Total $1,259.50');
    // The view's other column (Owner) is still there, named.
    expect(within(first).getByText('Owner').nextElementSibling?.textContent).toBe('Eleanor Whitcombe');
    expect(within(cards[1]!).getByRole('link', { name: 'Quote #13' })).toBeTruthy();
  });

  it('shows the dates, customer and project when the view has those columns, and marks a failed price rule', async () => {
    ordersData.mockResolvedValue(page([row({ pricingFailed: true })]));
    const columns = ['orderNumber', 'title', 'accountClient', 'project', 'status', 'lastUpdated', 'created'] as const;
    show(session(), { ...RULES, ordersList: { ...RULES.ordersList, basicColumns: columns } });
    const card = await screen.findByTestId('order-card');
    expect(card.textContent).toContain('Whitcombe Interiors · Harbour View');
    expect(card.textContent).toContain('Last Updated');
    expect(within(card).getByText('Created').nextElementSibling?.textContent).toBe('3/1/2026');
    expect(within(card).getByRole('img', { name: 'Price rule failed' })).toBeTruthy();
    expect(card.textContent).not.toContain('Total');
  });

  it('shows no total when pricing is hidden, and a guest no owner', async () => {
    ordersData.mockResolvedValue(page([row({ costs: undefined })], { pricingIsHidden: true }));
    show(session({ role: 'guest' }));
    const card = await screen.findByTestId('order-card');
    expect(card.textContent).not.toContain('Total');
    expect(card.textContent).not.toContain('$');
    expect(card.textContent).not.toContain('Owner');
  });

  it("archives from the card's menu with the keyboard, then lists again", async () => {
    ordersData.mockResolvedValue(page([row()]));
    vi.mocked(api.updateOrder).mockResolvedValue({} as never);
    show();
    const card = await screen.findByTestId('order-card');
    const button = within(card).getByRole('button', { name: 'More options for quote #12' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Archive Order' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.updateOrder).toHaveBeenCalledWith({ where: { id: 7 }, props: { archived: 1 } }));
    await waitFor(() => expect(ordersData).toHaveBeenCalledTimes(2));
  });

  it('turns into the table when the window grows past a phone, and back', async () => {
    ordersData.mockResolvedValue(page([row()]));
    show();
    await screen.findByTestId('order-card');
    act(() => media.set(phoneWidth(1280)));
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByTestId('order-card')).toBeNull();
    act(() => media.set(phoneWidth(700)));
    expect(screen.getByTestId('order-card')).toBeTruthy();
  });
});
