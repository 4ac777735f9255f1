// @vitest-environment jsdom
// The documents page is titled for its order from the moment the address names it, not only once the
// order has loaded (the tab would keep the previous page's title meanwhile).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { activeRulesAtom, api, ApiRequestError, loadOrderWithCatalogue, sessionAtom, type OrderData } from '@cpq/client';
import type { OrderRevisionResponse, OrderRevisionsResponse, OrgMembership, SessionData } from '@cpq/domain';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { App } from './App.tsx';
import { catalogueResponse, instance, orderDataResponse, orderFixture } from './fixtures.test-utils.ts';

vi.mock('@cpq/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('@cpq/client')>()), loadOrderWithCatalogue: vi.fn() }));

const session = {
  user: { id: 1, email: 'owner-850@demo.test', name: 'Eleanor Whitcombe', firstName: 'Eleanor', lastName: 'Whitcombe' },
  organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine: {} } } as OrgMembership],
  engineVersion: 'test',
} as SessionData;

beforeEach(() => {
  document.title = 'My Quotes · Lumen & Brass'; // the page before
  vi.mocked(loadOrderWithCatalogue).mockReturnValue(new Promise(() => undefined)); // still loading
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function showAt(url: string, wording: { order: string; orders: string } | null) {
  window.history.replaceState(null, '', url);
  const store = createStore();
  store.set(sessionAtom, session);
  if (wording) store.set(activeRulesAtom, { ...DEFAULT_RULES, wording });
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
}

describe('the documents page title while the order loads', () => {
  it('names the order in the organisation\'s word as soon as the address gives its number', () => {
    showAt('/orders/1/documents?mode=quote', { order: 'quote', orders: 'quotes' });
    expect(screen.getByTestId('documents-loading')).toBeTruthy();
    expect(document.title).toBe('Documents · Quote #1 · Lumen & Brass');
  });

  it('is "Documents" and the organisation while the word for an order is not known yet', () => {
    showAt('/orders/1/documents', null);
    expect(screen.getByTestId('documents-loading')).toBeTruthy();
    expect(document.title).toBe('Documents · Lumen & Brass');
  });
});

describe('a quote revision in the address (decision 0122)', () => {
  const WORDING = { order: 'quote', orders: 'quotes' };
  /** The order now: revision 2 is its latest. */
  function liveOrder(quoteRevision: number) {
    const data = orderDataResponse({ productOrders: [orderFixture({ title: 'Kitchen, as it is now', quoteRevision })] });
    vi.mocked(loadOrderWithCatalogue).mockResolvedValue({ order: data.productOrders[0]!, data, catalogue: catalogueResponse() });
  }
  const revisions = (changedSinceLatest: boolean) => vi.spyOn(api, 'getOrderRevisions').mockResolvedValue({ changedSinceLatest } as OrderRevisionsResponse);

  it('prints the revision from its own order data and catalogue, with its number, under a notice', async () => {
    liveOrder(2);
    const all = revisions(false);
    const frozen: OrderData = orderDataResponse({
      productOrders: [orderFixture({ title: 'Kitchen, as submitted', quoteRevision: 1 })],
      productInstances: [instance(1, { title: 'Hallway', quantity: 5, properties: { '10': { optionId: 101 } } })],
    });
    const one = vi.spyOn(api, 'getOrderRevision').mockResolvedValue({
      revision: { number: 1, reason: 'submitted', restoredFrom: null, at: '2026-11-20 15:00:00', userName: null, itemCount: 1, acceptance: null },
      side: { items: [], details: [] },
      previous: null,
      orderData: frozen,
      catalogue: catalogueResponse(),
    } as OrderRevisionResponse);
    showAt('/orders/42/documents?revision=1', WORDING);
    expect(await screen.findByTestId('documents-screen')).toBeTruthy();
    expect(one).toHaveBeenCalledWith({ productOrderId: 900, revisionNumber: 1 });
    expect(screen.getByTestId('field-title').textContent).toBe('TitleKitchen, as submitted');
    expect(screen.getByTestId('field-revision').textContent).toBe('Revision1');
    expect(screen.getByText('Hallway')).toBeTruthy();
    expect(screen.getByTestId('revision-notice').textContent).toContain('You are looking at revision 1, as it was on 11/20/2026.');
    // Revision 1 is not the latest: whether the order changed since does not matter to it.
    expect(all).not.toHaveBeenCalled();
  });

  it('a revision the order does not have: the server\'s sentence and the way to the current quote', async () => {
    liveOrder(2);
    vi.spyOn(api, 'getOrderRevision').mockRejectedValue(new ApiRequestError(404, 'revisionNotFound', 'This order has no revision 7.'));
    showAt('/orders/42/documents?mode=invoice&revision=7', WORDING);
    const panel = await screen.findByTestId('revision-missing');
    expect(panel.textContent).toContain('This order has no revision 7.');
    expect(screen.getByRole('link', { name: 'See the current quote' }).getAttribute('href')).toBe('/orders/42/documents?mode=invoice');
  });

  it('the live page of an order changed since revision 2 prints "Draft after revision 2"', async () => {
    liveOrder(2);
    const all = revisions(true);
    showAt('/orders/42/documents', WORDING);
    expect((await screen.findByTestId('field-revision')).textContent).toBe('RevisionDraft after revision 2');
    expect(all).toHaveBeenCalledWith({ productOrderId: 900 });
    expect(screen.queryByTestId('revision-notice')).toBeNull();
  });

  it('an order never submitted asks for no revisions and prints none', async () => {
    liveOrder(0);
    const all = revisions(false);
    showAt('/orders/42/documents', WORDING);
    expect(await screen.findByTestId('documents-screen')).toBeTruthy();
    expect(screen.queryByTestId('field-revision')).toBeNull();
    expect(all).not.toHaveBeenCalled();
  });
});
