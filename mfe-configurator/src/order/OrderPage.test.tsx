// @vitest-environment jsdom
// The order page keeps its box from the first frame: a page that widened when the order arrived moved
// everything on it sideways (a layout shift measured by bench/src/orderPage.bench.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { activeRulesAtom, api, loadOrderWithCatalogue, type LoadedOrder } from '@cpq/client';
import { OrderPage } from './OrderPage.tsx';
import { catalogue, data, item, storeFor } from './editor/fixtures.test-utils.ts';
import { defaultAnswers } from './status/apiMock.test-utils.ts';
import { rulesWith, statusOrder } from './status/harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => {
  const mocked = (await import('./status/apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>());
  return { ...mocked, loadOrderWithCatalogue: vi.fn() };
});

const load = vi.mocked(loadOrderWithCatalogue);

beforeEach(() => {
  defaultAnswers(api);
  localStorage.clear();
  window.history.pushState({}, '', '/orders/12');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Renders the page with the order's answer held back until `answer` is called. */
function showPage() {
  let answer!: (loaded: LoadedOrder | null) => void;
  load.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const store = storeFor('owner');
  store.set(activeRulesAtom, rulesWith());
  render(
    <Provider store={store}>
      <OrderPage />
    </Provider>,
  );
  return (loaded: LoadedOrder | null) => answer(loaded);
}

describe('the order page box', () => {
  it('is the same while the order loads and once the editor shows it', async () => {
    const answer = showPage();
    expect(screen.getByTestId('order-loading')).toBeTruthy();
    const loading = screen.getByTestId('order-page').className;
    const items = [item({ id: 1, title: 'Hall' })];
    answer({ order: statusOrder() as unknown as LoadedOrder['order'], data: data(items), catalogue });
    await screen.findByTestId('order-editor');
    expect(screen.getByTestId('order-page').className).toBe(loading);
  });

  it('is the same for an order that is not there (its message keeps its narrow column inside)', async () => {
    const answer = showPage();
    const loading = screen.getByTestId('order-page').className;
    answer(null);
    await screen.findByTestId('order-missing');
    expect(screen.getByTestId('order-page').className).toBe(loading);
  });
});
