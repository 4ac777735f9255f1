// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
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
const lastBody = () => ordersData.mock.calls.at(-1)![0];
let media: ReturnType<typeof fakeMatchMedia>;

/** The window as wide as `width` (700 px or less is a phone: cards instead of the table). */
function show(url = '/orders', width = 1280, s = session(), rules = RULES) {
  media = fakeMatchMedia((query) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return max ? width <= Number(max[1]) : false;
  });
  window.history.replaceState(null, '', url);
  return render(
    <Provider store={storeWith(s, rules)}>
      <OrdersPage />
    </Provider>,
  );
}

/** #12 accepted at its revision 3; #13 accepted at revision 1 but changed since (revision 2); #14 never accepted. */
const ROWS = [
  row({ id: 7, orgSpecificId: 12, quoteRevision: 3, acceptedRevision: 3, quoteAccepted: true }),
  row({ id: 8, orgSpecificId: 13, title: 'Maple Street', quoteRevision: 2, acceptedRevision: 1, quoteAccepted: false }),
  row({ id: 9, orgSpecificId: 14, title: 'Cliffside', quoteRevision: 0, acceptedRevision: null, quoteAccepted: false }),
];

beforeEach(() => {
  stubBrowser();
  vi.mocked(api.ordersCount).mockResolvedValue({ productOrderCountsByStatusKey: { submittedForApproval: 4 }, processingPaymentCount: 0 });
  vi.mocked(api.updatePreferences).mockResolvedValue({});
});

afterEach(() => {
  cleanup();
  media.restore();
  vi.clearAllMocks();
});

describe('the Accepted badge', () => {
  it('marks, beside its status, only the order whose current quote was accepted, naming the revision', async () => {
    ordersData.mockResolvedValue(page(ROWS));
    show();
    const [accepted, changed, never] = await screen.findAllByTestId('order-row');
    const badge = within(accepted!.querySelector<HTMLElement>('td[data-column="status"]')!).getByRole('img', { name: 'Accepted, revision 3' });
    expect(badge.textContent).toBe('✓ Accepted');
    expect(badge.getAttribute('title')).toBe('Accepted, revision 3');
    expect(badge.getAttribute('data-testid')).toBe('quote-accepted');
    expect(within(changed!).queryByTestId('quote-accepted')).toBeNull();
    expect(within(never!).queryByTestId('quote-accepted')).toBeNull();
  });

  it('goes beside the title when the view has no status column', async () => {
    ordersData.mockResolvedValue(page([ROWS[0]!]));
    show('/orders', 1280, session(), { ...RULES, ordersList: { ...RULES.ordersList, basicColumns: ['orderNumber', 'title', 'total'] } });
    const r = await screen.findByTestId('order-row');
    expect(r.querySelector('td[data-column="title"] [data-testid="quote-accepted"]')).not.toBeNull();
    expect(within(r).getAllByTestId('quote-accepted')).toHaveLength(1);
  });

  it('is on the phone card of an accepted quote, and on no other card', async () => {
    ordersData.mockResolvedValue(page(ROWS));
    show('/orders', 390);
    const [accepted, changed, never] = await screen.findAllByTestId('order-card');
    expect(within(accepted!).getByRole('img', { name: 'Accepted, revision 3' }).getAttribute('title')).toBe('Accepted, revision 3');
    expect(within(changed!).queryByTestId('quote-accepted')).toBeNull();
    expect(within(never!).queryByTestId('quote-accepted')).toBeNull();
  });

  it('a guest sees it on their own accepted quote too', async () => {
    ordersData.mockResolvedValue(page([ROWS[0]!]));
    show('/orders', 1280, session({ role: 'guest' }));
    expect((await screen.findByTestId('quote-accepted')).textContent).toContain('Accepted');
  });
});

describe('the Quote filter', () => {
  it('offers All, Accepted and Not accepted, All at first, and sends no quote filter then', async () => {
    ordersData.mockResolvedValue(page(ROWS));
    show();
    await screen.findAllByTestId('order-row');
    const select = screen.getByRole('combobox', { name: 'Quote' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['All', 'Accepted', 'Not accepted']);
    expect((select as HTMLSelectElement).value).toBe('all');
    expect(lastBody().filters).not.toHaveProperty('quoteAcceptance');
  });

  it('asks the server for the accepted ones, from page 1, puts it in the URL and saves it with the settings', async () => {
    ordersData.mockResolvedValue(page(ROWS));
    show('/orders?page=2');
    await screen.findAllByTestId('order-row');
    await userEvent.selectOptions(screen.getByTestId('filter-quote'), 'accepted');
    await waitFor(() => expect(lastBody().filters).toMatchObject({ quoteAcceptance: 'accepted' }));
    expect(lastBody().resultConstraints).toEqual({ from: 0, to: 100 });
    expect(new URLSearchParams(window.location.search).get('quote')).toBe('accepted');
    await waitFor(() => expect(api.updatePreferences).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(vi.mocked(api.updatePreferences).mock.calls[0]![0].ordersPageSettings).toMatchObject({ quoteAcceptanceFilterValue: 'accepted' });
    await userEvent.selectOptions(screen.getByTestId('filter-quote'), 'notAccepted');
    await waitFor(() => expect(lastBody().filters).toMatchObject({ quoteAcceptance: 'notAccepted' }));
    await userEvent.selectOptions(screen.getByTestId('filter-quote'), 'all');
    await waitFor(() => expect(lastBody().filters).not.toHaveProperty('quoteAcceptance'));
  });

  it('starts from a link, and from the saved settings when the address names no filter', async () => {
    ordersData.mockResolvedValue(page([]));
    show('/orders?quote=notAccepted');
    await screen.findByTestId('orders-empty');
    expect(lastBody().filters).toMatchObject({ quoteAcceptance: 'notAccepted' });
    expect(screen.getByTestId('filter-quote')).toHaveProperty('value', 'notAccepted');
    cleanup();
    media.restore();
    show('/orders', 1280, session({ user: { preferences: { ordersPageSettings: { quoteAcceptanceFilterValue: 'accepted' } } } }));
    await screen.findByTestId('orders-empty');
    expect(lastBody().filters).toMatchObject({ quoteAcceptance: 'accepted' });
    expect(window.location.search).toContain('quote=accepted');
  });

  it('a status count lists every quote of that status again (the counts do not follow the Quote filter)', async () => {
    ordersData.mockResolvedValue(page(ROWS));
    show('/orders?quote=accepted');
    const count = await screen.findByTestId('status-count-submittedForApproval');
    await userEvent.click(count);
    await waitFor(() => expect(lastBody().filters).toMatchObject({ statusKey: 'submittedForApproval' }));
    expect(lastBody().filters).not.toHaveProperty('quoteAcceptance');
    expect(screen.getByTestId('filter-quote')).toHaveProperty('value', 'all');
  });
});
