// @vitest-environment jsdom
// Drawing pages carry the organisation's logo in every footer (its name when it has no logo), and the
// tab is titled for the order while it still loads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { activeRulesAtom, api, sessionAtom, type Catalogue, type OrderData } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { DrawingsScreen } from './DrawingsScreen.tsx';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, orderData: vi.fn(), catalogue: vi.fn() } };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  delete document.documentElement.dataset.printReady;
});

const LOGO = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
const sessionWith = (designEngine: Record<string, unknown>): SessionData =>
  ({
    user: { id: 1, email: 'owner-850@demo.test', name: 'Eleanor Whitcombe', firstName: 'Eleanor', lastName: 'Whitcombe' },
    organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine } } as OrgMembership],
    engineVersion: 'test',
  }) as SessionData;

const catalogue = {
  orgId: 850,
  version: 1,
  pricingIsHidden: false,
  products: [makeProduct({ id: 1, title: 'Keypad', associations: productPropertiesOf([10]) })],
  productCategories: [],
  productProperties: [makeProperty({ id: 10, title: 'Finish' })],
  productPropertyGroups: [],
  productOptions: [makeOption({ id: 100, productPropertyId: 10, title: 'Satin Brass' })],
  productOptionClassifiers: [],
  productRules: [],
  productPricingRules: [],
  media: [],
  productGraphics: [],
} as unknown as Catalogue;

const instance = (id: number, rank: number) => ({ id, orgId: 850, productOrderId: 7, productId: 1, title: `Room ${id}`, quantity: 2, rank, notes: '', properties: { '10': { optionId: 100 } } });
const orderData = {
  productOrders: [{ id: 7, orgId: 850, orgSpecificId: 12, title: 'Harbour View', estimateNumber: null, type: 'standalone' }],
  productInstances: [instance(21, 2), instance(20, 1)],
  guests: [],
  isSpatial: false,
  pricingIsHidden: false,
  catalogueVersion: 1,
  catalogueAdditions: { products: [], productOptions: [], productPricingRules: [] },
} as unknown as OrderData;

function renderAt(url: string, designEngine: Record<string, unknown>, withRules = true) {
  window.history.replaceState(null, '', url);
  const store = createStore();
  store.set(sessionAtom, sessionWith(designEngine));
  if (withRules) store.set(activeRulesAtom, { ...DEFAULT_RULES, wording: { order: 'quote', orders: 'quotes' } });
  render(
    <Provider store={store}>
      <DrawingsScreen />
    </Provider>,
  );
  return screen.getByTestId('drawings-screen');
}

describe('drawing pages and the organisation', () => {
  it("every page's footer starts with the organisation's logo, named for it", async () => {
    vi.mocked(api.orderData).mockResolvedValue(orderData);
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    const root = renderAt('/orders/12/drawings?setMode=individual', { logoUrl: LOGO });
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    const pages = screen.getAllByTestId('drawing-page');
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      const footer = within(page).getByTestId('drawing-footer');
      const logo = within(footer).getByRole('img', { name: 'Lumen & Brass' });
      expect(logo.getAttribute('src')).toBe(LOGO);
      expect(footer.firstElementChild).toBe(logo);
    }
  });

  it('an organisation without a logo has its name there instead', async () => {
    vi.mocked(api.orderData).mockResolvedValue(orderData);
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    const root = renderAt('/orders/12/drawings', {});
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    const footer = within(screen.getAllByTestId('drawing-page')[0]!).getByTestId('drawing-footer');
    expect(within(footer).queryByRole('img')).toBeNull();
    expect(footer.firstElementChild?.textContent).toBe('Lumen & Brass');
  });

  it('is titled for the order while it loads, and "Drawings · {organisation}" before the word for an order is known', () => {
    document.title = 'My Quotes · Lumen & Brass';
    vi.mocked(api.orderData).mockReturnValue(new Promise(() => undefined));
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    const root = renderAt('/orders/12/drawings', {});
    expect(root.dataset.status).toBe('loading');
    expect(document.title).toBe('Drawings · Quote #12 · Lumen & Brass');
    cleanup();
    renderAt('/orders/12/drawings', {}, false);
    expect(document.title).toBe('Drawings · Lumen & Brass');
  });
});
