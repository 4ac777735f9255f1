// @vitest-environment jsdom
// Every drawings page's footer has the order number and its last change (the documents' footer fields),
// and a spatial order's pages with nothing to draw are left out with a note on the set's first page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { activeRulesAtom, api, sessionAtom, type OrderData } from '@cpq/client';
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

const base = orderDataWith(null);
const order = { ...(base.productOrders[0] as object), lastUpdated: '2026-03-04 15:06:00' };

async function renderSet(data: OrderData, designEngine: Record<string, unknown> = {}, murals = false) {
  window.history.replaceState(null, '', '/orders/12/drawings');
  vi.mocked(api.orderData).mockResolvedValue(data);
  vi.mocked(api.catalogue).mockResolvedValue(catalogue);
  const store = createStore();
  store.set(sessionAtom, sessionWith(designEngine));
  store.set(activeRulesAtom, { ...DEFAULT_RULES, wording: { order: 'project', orders: 'projects' }, spatial: { ...DEFAULT_RULES.spatial, murals } });
  render(
    <Provider store={store}>
      <DrawingsScreen />
    </Provider>,
  );
  const root = screen.getByTestId('drawings-screen');
  await waitFor(() => expect(root.dataset.status).toBe('loaded'));
  return screen.getAllByTestId('drawing-page');
}

describe('drawings footers and left-out pages', () => {
  it("each footer names the order ('Order #12') and its last change in the organisation's date format", async () => {
    const pages = await renderSet({ ...base, productOrders: [order] } as unknown as OrderData);
    for (const page of pages) {
      const footer = within(page).getByTestId('drawing-footer');
      expect(within(footer).getByTestId('drawing-footer-order').textContent).toBe('Order #12');
      expect(within(footer).getByTestId('drawing-footer-updated').textContent).toBe('Last updated 3/4/2026');
    }
    cleanup();
    const british = await renderSet({ ...base, productOrders: [order] } as unknown as OrderData, { locale: 'en-GB' });
    expect(within(british[0]!).getByTestId('drawing-footer-updated').textContent).toBe('Last updated 04/03/2026');
  });

  it('a viewport page with nothing to draw is not printed; the first page says which was left out and why', async () => {
    const b = { orgId: 850, productOrderId: 7 };
    const data = {
      ...base,
      productOrders: [order],
      isSpatial: true,
      archCustomViews: [{ ...b, id: 3, title: 'North Wall', rank: 1 }],
      entities: [{ ...b, id: 1, type: 'calicoMuralArea', data: { archCustomViewId: 3, position: { x: 0, y: 0 }, size: { width: 240, height: 108 } } }],
      productCanvasTexts: [],
      productCanvasLines: [],
    } as unknown as OrderData;
    const pages = await renderSet(data, {}, true);
    // Two item pages and the Elevation Layout; no Mural Rendering, Print Panel Layout or Installer Layout.
    expect(pages.map((p) => p.dataset.pageType ?? 'items')).toEqual(['items', 'muralArea']);
    const note = within(pages[0]!).getByTestId('left-out-pages');
    expect([...note.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Mural Rendering · North Wall is left out: no mural texture yet. Add a texture to the mural area on the canvas.',
      'Print Panel Layout · North Wall is left out: no panels yet. Generate panels from the mural area on the canvas.',
      'Installer Layout · North Wall is left out: no panels or seams yet. Generate panels or draw seams on the canvas.',
    ]);
    expect(within(pages[1]!).queryByTestId('left-out-pages')).toBeNull();
    // The view is drawn in the page (its panels and labels can be read), named for the page.
    const drawing = within(pages[1]!).getByRole('img', { name: 'Drawing: Elevation Layout · North Wall' });
    expect(drawing.querySelector('svg [data-id="area-1"]')).not.toBeNull();
    // The PDF is drawn once the pictures are in (here: none to wait for).
    await waitFor(() => expect(document.documentElement.dataset.printReady).toBe('true'));
  });
});
