// @vitest-environment jsdom
// Drawing pages carry the organisation's logo in every footer (its name when it has no logo), and the
// tab is titled for the order while it still loads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { activeRulesAtom, api, sessionAtom } from '@cpq/client';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { DrawingsScreen } from './DrawingsScreen.tsx';
import { catalogue, orderDataWith, sessionWith } from './drawingsScreen.test-utils.ts';

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
const orderData = orderDataWith(null);

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
