// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { activeRulesAtom, api, ApiRequestError, sessionAtom, type OrderData } from '@cpq/client';
import { DEFAULT_RULES, type PluginRules } from '@cpq/plugin-sdk';
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

const session = sessionWith();
const orderData = orderDataWith('E-9');

function renderAt(url: string, drawings: Partial<PluginRules['drawings']> = {}, drawingsPage: Partial<PluginRules['drawingsPage']> = {}) {
  window.history.replaceState(null, '', url);
  const store = createStore();
  store.set(sessionAtom, session);
  store.set(activeRulesAtom, { ...DEFAULT_RULES, drawings: { ...DEFAULT_RULES.drawings, ...drawings }, drawingsPage: { ...DEFAULT_RULES.drawingsPage, ...drawingsPage } });
  render(
    <Provider store={store}>
      <DrawingsScreen />
    </Provider>,
  );
  return screen.getByTestId('drawings-screen');
}

describe('drawings screen', () => {
  it('is loading, then loaded with one page per item in the client set, and marks the pages ready to print', async () => {
    let answer: (d: OrderData) => void = () => undefined;
    vi.mocked(api.orderData).mockReturnValue(new Promise((r) => (answer = r)));
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    const root = renderAt('/orders/12/drawings?setMode=individual', { dimensionControls: true });
    expect(root.dataset.status).toBe('loading');
    expect(document.documentElement.dataset.printReady).toBeUndefined();
    answer(orderData);
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    expect(api.orderData).toHaveBeenCalledWith({ orgId: 850, productOrderOrgSpecificId: 12 });
    const pages = screen.getAllByTestId('drawing-page');
    expect(pages).toHaveLength(2);
    // Rank order, numbered 001 and 002; Qty, and the visible option with its id.
    expect(screen.getAllByTestId('instance-number').map((n) => n.textContent)).toEqual(['001', '002']);
    expect(pages[0]!.textContent).toContain('Room 20');
    expect(pages[0]!.textContent).toContain('Qty: 2');
    expect(pages[0]!.querySelector('tbody tr')?.textContent).toBe('Finish100Satin Brass');
    expect(pages[1]!.textContent).toContain('Page 2 of 2');
    await waitFor(() => expect(document.documentElement.dataset.printReady).toBe('true'));
  });

  it('puts both items on one page in the factory set and writes a changed setting into the URL', async () => {
    vi.mocked(api.orderData).mockResolvedValue(orderData);
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    const root = renderAt('/orders/12/drawings?shareToken=tok', { dimensionControls: true });
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    expect(api.orderData).toHaveBeenCalledWith({ orgId: 850, productOrderOrgSpecificId: 12, shareToken: 'tok' });
    expect(screen.getAllByTestId('drawing-page')).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Drawings set' }), { target: { value: 'individual' } });
    expect(screen.getAllByTestId('drawing-page')).toHaveLength(2);
    expect(window.location.search).toBe('?shareToken=tok&setMode=individual&units=mm&showDimensions=true');
  });

  it('prints the estimate number only for an organisation that shows it', async () => {
    vi.mocked(api.orderData).mockResolvedValue(orderData);
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    let root = renderAt('/orders/12/drawings');
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    expect(screen.queryByTestId('estimate-number')).toBeNull();
    cleanup();
    root = renderAt('/orders/12/drawings', { showEstimateNumber: true });
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    expect(screen.getByTestId('estimate-number').textContent).toBe('Estimate #: E-9');
  });

  it('leaves out the option id and title columns for an organisation that prints without them', async () => {
    vi.mocked(api.orderData).mockResolvedValue(orderData);
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    const root = renderAt('/orders/12/drawings', {}, { optionColumns: false });
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    expect(root.querySelector('table')).toBeNull();
    expect(screen.getAllByTestId('drawing-instance')).toHaveLength(2);
  });

  it('renders without the toolbar for print=1', async () => {
    vi.mocked(api.orderData).mockResolvedValue(orderData);
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    const root = renderAt('/orders/12/drawings?print=1');
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
    expect(screen.queryByTestId('drawings-toolbar')).toBeNull();
    expect(screen.getAllByTestId('drawing-page')).toHaveLength(1);
  });

  it('says so for a missing order, and offers Retry after an error', async () => {
    vi.mocked(api.catalogue).mockResolvedValue(catalogue);
    vi.mocked(api.orderData).mockRejectedValueOnce(new ApiRequestError(404, 'notFound', 'Not found.'));
    let root = renderAt('/orders/12/drawings');
    await waitFor(() => expect(root.dataset.status).toBe('missing'));
    expect(root.textContent).toContain("You might need to ask for an invite or the order you're looking for might have been deleted");
    cleanup();
    vi.mocked(api.orderData).mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'The database is not answering.')).mockResolvedValueOnce(orderData);
    root = renderAt('/orders/12/drawings');
    await waitFor(() => expect(root.dataset.status).toBe('error'));
    expect(screen.getByRole('alert').textContent).toContain('The database is not answering.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(root.dataset.status).toBe('loaded'));
  });
});
