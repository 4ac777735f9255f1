// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { ApiRequestError, api } from '@cpq/client';
import type { OrdersDataResponse } from '@cpq/domain';
import { OrdersPage } from './OrdersPage.tsx';
import { page, rows, session, storeWith, stubBrowser } from './ordersPage.test-utils.tsx';
import { row } from './rows.test-utils.ts';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return {
    ...actual,
    api: {
      ...actual.api,
      ordersData: vi.fn(),
      ordersCsv: vi.fn(),
      ordersCount: vi.fn(),
      updateOrder: vi.fn(),
      updatePreferences: vi.fn(),
      updateOrderCosts: vi.fn(),
    },
  };
});

const ordersData = vi.mocked(api.ordersData);
const lastBody = () => ordersData.mock.calls.at(-1)![0];

function show(s = session(), url = '/orders') {
  window.history.replaceState(null, '', url);
  const store = storeWith(s);
  return { store, ...render(<Provider store={store}><OrdersPage /></Provider>) };
}

beforeEach(() => {
  stubBrowser();
  vi.mocked(api.ordersCount).mockResolvedValue({ productOrderCountsByStatusKey: { submittedForApproval: 4 }, processingPaymentCount: 2 });
  vi.mocked(api.updatePreferences).mockResolvedValue({});
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('orders page states', () => {
  it('shows a loading indicator while the first page loads', async () => {
    ordersData.mockReturnValue(new Promise(() => undefined));
    show();
    expect(await screen.findByTestId('orders-loading')).toHaveProperty('textContent', 'Loading quotes…');
  });

  it("says the organisation's word when nothing is found, and titles the page with it", async () => {
    ordersData.mockResolvedValue(page([]));
    show();
    expect((await screen.findByTestId('orders-empty')).textContent).toBe('No quotes found');
    expect(document.title).toBe('My Quotes · Lumen & Brass');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Quotes');
  });

  it('shows the error with Retry, and Retry asks again', async () => {
    ordersData.mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'The database is not answering.')).mockResolvedValue(page(rows(2)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const panel = await screen.findByTestId('orders-error');
    expect(panel.textContent).toContain('The quotes could not be loaded.');
    expect(panel.textContent).toContain('The database is not answering.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    expect(ordersData).toHaveBeenCalledTimes(2);
  });

  it('rows link to their order; columns follow the rules', async () => {
    ordersData.mockResolvedValue(page([row()]));
    show();
    const r = await screen.findByTestId('order-row');
    expect(within(r).getByRole('link', { name: '#12' }).getAttribute('href')).toBe('/orders/12');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Quote #', 'Title', 'Status', 'Total', 'Owner', 'Actions']);
    expect(r.textContent).toContain('$1,259.50');
    expect(r.textContent).toContain('Eleanor Whitcombe');
  });

  it('draws a status that differs from the stored one in red with a text hint', async () => {
    ordersData.mockResolvedValue(page([row({ statusData: { orderStarted: {}, submittedForApproval: {}, readyToPayDeposit: {} } })]));
    show();
    const mark = await screen.findByTestId('status-mismatch');
    expect(mark.textContent).toContain('Deposit Due');
    expect(mark.getAttribute('title')).toBe('Differs from the recorded status (Submitted for Approval)');
  });

  it('marks an order whose item had a price rule fail next to its title, with an accessible label', async () => {
    ordersData.mockResolvedValue(page([row({ id: 7, orgSpecificId: 12, pricingFailed: true }), row({ id: 8, orgSpecificId: 13, title: 'Maple Street', pricingFailed: false })]));
    show();
    const [failed, fine] = await screen.findAllByTestId('order-row');
    const titleCell = failed!.querySelector('td[data-column="title"]')!;
    expect(within(titleCell as HTMLElement).getByRole('img', { name: 'Price rule failed' }).getAttribute('title')).toBe('Price rule failed');
    expect(within(fine!).queryByTestId('price-rule-failed')).toBeNull();
  });

  it('hides price columns when the response says pricing is hidden', async () => {
    ordersData.mockResolvedValue(page([row({ costs: undefined })], { pricingIsHidden: true }));
    show();
    await screen.findByTestId('order-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Total');
  });
});

describe('paging and filters in the URL', () => {
  it('previous is disabled on page 1, next when the page holds fewer rows than the page size', async () => {
    ordersData.mockResolvedValue(page(rows(3)));
    show(session(), '/orders?size=50');
    await screen.findAllByTestId('order-row');
    expect(screen.getByTestId('page-previous')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('page-next')).toHaveProperty('disabled', true);
  });

  it('next asks for the next rows, puts the page in the URL and scrolls to the top', async () => {
    ordersData.mockResolvedValue(page(rows(50)));
    show(session(), '/orders?size=50');
    await screen.findAllByTestId('order-row');
    expect(lastBody().resultConstraints).toEqual({ from: 0, to: 50 });
    await userEvent.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(lastBody().resultConstraints).toEqual({ from: 50, to: 100 }));
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(window.scrollTo).toHaveBeenCalled();
    expect(screen.getByTestId('page-previous')).toHaveProperty('disabled', false);
  });

  it('a filter change goes back to page 1, updates the URL and saves the settings', async () => {
    ordersData.mockResolvedValue(page(rows(50)));
    show(session(), '/orders?size=50&page=3');
    await screen.findAllByTestId('order-row');
    expect(lastBody().resultConstraints).toEqual({ from: 100, to: 150 });
    await userEvent.selectOptions(screen.getByTestId('filter-type'), 'archived');
    await waitFor(() => expect(lastBody().filters?.archived).toBe('archived'));
    expect(lastBody().resultConstraints).toEqual({ from: 0, to: 50 });
    const q = new URLSearchParams(window.location.search);
    expect(q.get('type')).toBe('archived');
    expect(q.get('page')).toBeNull();
    await waitFor(() => expect(api.updatePreferences).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(vi.mocked(api.updatePreferences).mock.calls[0]![0].ordersPageSettings).toMatchObject({ archivedFilterValue: 'archived', pageRowsFilterValue: 50 });
  });

  it('a change still waiting to be saved is saved when the page is left', async () => {
    ordersData.mockResolvedValue(page([]));
    const { unmount } = show(session(), '/orders?type=active');
    await screen.findByTestId('orders-empty');
    await userEvent.selectOptions(screen.getByTestId('filter-owner'), 'mine');
    expect(api.updatePreferences).not.toHaveBeenCalled();
    unmount();
    expect(api.updatePreferences).toHaveBeenCalledWith({ ordersPageSettings: expect.objectContaining({ orderOwnerFilterValue: 'mine' }) });
  });

  it('filters the server refuses (an old link) offer the plain list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ordersData
      .mockRejectedValueOnce(new ApiRequestError(400, 'badRequest', 'filters.productCategoryId must be "all" or a product category of this organisation.'))
      .mockResolvedValue(page([]));
    show(session(), '/orders?category=999&type=archived');
    const panel = await screen.findByTestId('orders-error');
    expect(panel.textContent).toContain('filters.productCategoryId');
    await userEvent.click(within(panel).getByRole('button', { name: 'Show all active quotes' }));
    await waitFor(() => expect(lastBody().filters).toEqual({ orderOwner: 'all', archived: 'active', productCategoryId: 'all', statusKey: 'all' }));
    expect(await screen.findByTestId('orders-empty')).toBeTruthy();
  });

  it('with no query, the saved settings give the filters and are written into the URL', async () => {
    ordersData.mockResolvedValue(page([]));
    show(session({ user: { preferences: { ordersPageSettings: { archivedFilterValue: 'archived', statusFilterValue: 'submittedForApproval', pageRowsFilterValue: 150 } } } }));
    await screen.findByTestId('orders-empty');
    expect(lastBody().filters).toMatchObject({ archived: 'archived', statusKey: 'submittedForApproval' });
    expect(lastBody().resultConstraints).toEqual({ from: 0, to: 150 });
    expect(window.location.search).toContain('type=archived');
    expect(window.location.search).toContain('size=150');
  });

  it('follows back/forward (popstate)', async () => {
    ordersData.mockResolvedValue(page([]));
    show(session(), '/orders?type=active');
    await screen.findByTestId('orders-empty');
    act(() => {
      window.history.pushState(null, '', '/orders?type=archived&q=brass');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(lastBody()).toMatchObject({ searchTerm: 'brass', filters: { archived: 'archived' } }));
    expect(screen.getByTestId('filter-type')).toHaveProperty('value', 'archived');
    expect(screen.getByTestId('orders-search')).toHaveProperty('value', 'brass');
  });

  it('search waits 400 ms after typing and cancels the request it replaces', () => {
    vi.useFakeTimers();
    const signals: (AbortSignal | undefined)[] = [];
    ordersData.mockImplementation((_body, signal) => {
      signals.push(signal);
      return new Promise<OrdersDataResponse>(() => undefined);
    });
    show(session(), '/orders?type=active');
    expect(ordersData).toHaveBeenCalledTimes(1);
    const box = screen.getByTestId('orders-search');
    for (const text of ['o', 'oa', 'oak']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => void vi.advanceTimersByTime(200));
    }
    // 200 ms after the last key: nothing asked yet.
    expect(ordersData).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(199));
    expect(ordersData).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(ordersData).toHaveBeenCalledTimes(2);
    expect(lastBody().searchTerm).toBe('oak');
    expect(lastBody().resultConstraints).toEqual({ from: 0, to: 100 });
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    expect(new URLSearchParams(window.location.search).get('q')).toBe('oak');
  });
});

describe('roles and tools', () => {
  it('a guest sees no owner column, no owner filter tools and no employee tools', async () => {
    ordersData.mockResolvedValue(page([row()]));
    show(session({ role: 'guest' }));
    await screen.findByTestId('order-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Owner');
    expect(screen.queryByTestId('status-counts')).toBeNull();
    expect(screen.queryByTestId('csv-export')).toBeNull();
    expect(screen.queryByTestId('filter-view')).toBeNull();
    // Guests choose among statuses marked visible to them only.
    expect([...screen.getByTestId<HTMLSelectElement>('filter-status').options].map((o) => o.value)).not.toContain('depositReceived');
    expect(api.ordersCount).not.toHaveBeenCalled();
  });

  it('guest mode lists as a guest: own orders, no owner filter, no tools', async () => {
    ordersData.mockResolvedValue(page([row()]));
    // Guest mode as the server's session reports it: role guest, the stored role kept as prevRole.
    show(session({ role: 'guest', prevRole: 'owner' }));
    await screen.findByTestId('order-row');
    expect(lastBody().isGuestMode).toBe(true);
    expect(screen.queryByTestId('filter-owner')).toBeNull();
    expect(screen.queryByTestId('shortcut-SUB')).toBeNull();
  });

  it('employees get status counts; a count or a shortcut filters by its status', async () => {
    ordersData.mockResolvedValue(page([row()]));
    show(session(), '/orders?owner=mine&type=archived');
    const sub = await screen.findByTestId('status-count-submittedForApproval');
    await waitFor(() => expect(sub.textContent).toBe('Submitted for Approval: 4'));
    expect(api.ordersCount).toHaveBeenCalledWith({ orgId: 850, userId: 1, statusKeys: ['orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'depositReceived', 'inProduction'] });
    await userEvent.click(screen.getByTestId('shortcut-PP'));
    await waitFor(() => expect(lastBody().filters).toEqual({ orderOwner: 'all', archived: 'active', productCategoryId: 'all', statusKey: 'all', isProcessingPayment: true }));
    await userEvent.click(sub);
    await waitFor(() => expect(lastBody().filters).toEqual({ orderOwner: 'all', archived: 'active', productCategoryId: 'all', statusKey: 'submittedForApproval' }));
    expect(sub.getAttribute('aria-pressed')).toBe('true');
  });

  it('the Advanced view asks for advanced data and shows its columns', async () => {
    ordersData.mockResolvedValue(page([row()]));
    show(session(), '/orders?view=basic');
    await screen.findByTestId('order-row');
    expect(lastBody().includeAdvancedOrderData).toBe(false);
    await userEvent.selectOptions(screen.getByTestId('filter-view'), 'advanced');
    await waitFor(() => expect(lastBody().includeAdvancedOrderData).toBe(true));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Plate Finish');
  });

  it('exports CSV with the current filters; a failure alerts the exact message', async () => {
    ordersData.mockResolvedValue(page([row()]));
    vi.mocked(api.ordersCsv).mockResolvedValueOnce({ productOrdersCsvData: 'a,b\n1,2\n', rowCount: 1, truncated: false });
    vi.mocked(api.ordersCsv).mockRejectedValueOnce(new Error('boom'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(session(), '/orders?type=archived&q=oak');
    await screen.findByTestId('order-row');
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await userEvent.click(screen.getByTestId('csv-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^orders-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    const text = await new Promise((resolve) => {
      const reader = new FileReader(); // jsdom's Blob has no text()
      reader.onload = () => resolve(reader.result);
      reader.readAsText(blob);
    });
    expect(text).toBe('a,b\n1,2\n');
    expect(api.ordersCsv).toHaveBeenCalledWith(expect.objectContaining({ searchTerm: 'oak', filters: expect.objectContaining({ archived: 'archived' }) }));
    expect(vi.mocked(api.ordersCsv).mock.calls[0]![0]).not.toHaveProperty('resultConstraints');
    expect(window.alert).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('csv-export'));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Something went wrong while exporting the list to csv.'));
    expect(logged).toHaveBeenCalled();
  });

  it('archives a row from its menu, then lists again', async () => {
    ordersData.mockResolvedValue(page([row()]));
    vi.mocked(api.updateOrder).mockResolvedValue({} as never);
    show();
    await screen.findByTestId('order-row');
    const button = screen.getByRole('button', { name: 'More options for quote #12' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    await userEvent.click(button);
    const item = screen.getByRole('menuitem', { name: 'Archive Order' });
    expect(document.activeElement).toBe(item);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.updateOrder).toHaveBeenCalledWith({ where: { id: 7 }, props: { archived: 1 } }));
    await waitFor(() => expect(ordersData).toHaveBeenCalledTimes(2));
  });

  it('an archived row offers Unarchive Order', async () => {
    ordersData.mockResolvedValue(page([row({ archived: 1 })]));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'More options for quote #12' }));
    expect(screen.getByRole('menuitem', { name: 'Unarchive Order' })).toBeTruthy();
  });

  it('platform administrators recalculate costs after confirming and see the count', async () => {
    ordersData.mockResolvedValue(page([row()]));
    vi.mocked(api.updateOrderCosts).mockResolvedValue({ updatedCount: 17 });
    show(session({ user: { isPlatformAdmin: true } }));
    await userEvent.click(await screen.findByTestId('recalculate-costs'));
    expect(window.confirm).toHaveBeenCalled();
    expect(api.updateOrderCosts).toHaveBeenCalledWith(850);
    expect((await screen.findByTestId('orders-notice')).textContent).toContain('Costs recalculated for 17 quotes.');
  });

  it('other users have no recalculation button', async () => {
    ordersData.mockResolvedValue(page([row()]));
    show();
    await screen.findByTestId('order-row');
    expect(screen.queryByTestId('recalculate-costs')).toBeNull();
  });
});
