// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { activeRulesAtom, api, portalStore, sessionAtom } from '@cpq/client';
import { bootstrap, mount, unmount } from './spa.tsx';
import { page, RULES, session, stubBrowser } from './ordersPage.test-utils.tsx';
import { row } from './rows.test-utils.ts';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, ordersData: vi.fn(), ordersCount: vi.fn(), updatePreferences: vi.fn() } };
});

afterEach(() => vi.clearAllMocks());

type Lifecycle = (props: object) => Promise<unknown>;
const run = (fn: Lifecycle | Lifecycle[], props: object) =>
  (Array.isArray(fn) ? fn : [fn]).reduce<Promise<unknown>>((p, f) => p.then(() => f(props)), Promise.resolve());

describe('mfe-orders single-spa lifecycles (the contract the shell uses)', () => {
  it('bootstrap and mount draw the orders page into the given element; unmount removes it', async () => {
    stubBrowser();
    vi.mocked(api.ordersData).mockResolvedValue(page([row()]));
    vi.mocked(api.ordersCount).mockResolvedValue({ productOrderCountsByStatusKey: {}, processingPaymentCount: 0 });
    portalStore.set(sessionAtom, session());
    portalStore.set(activeRulesAtom, RULES);
    window.history.replaceState(null, '', '/orders');

    // As shell/src/applications.tsx: the application's name, single-spa's props and domElement.
    const domElement = document.createElement('div');
    domElement.id = 'app-mfe_orders-spa';
    document.body.appendChild(domElement);
    const props = { name: 'mfe_orders/spa', singleSpa: {}, mountParcel: () => undefined, domElement };

    await run(bootstrap as Lifecycle, props);
    await run(mount as Lifecycle, props);
    await waitFor(() => expect(domElement.querySelector('[data-remote="mfe-orders"] [data-testid="orders-page"]')).not.toBeNull());
    await waitFor(() => expect(domElement.querySelector('[data-testid="order-row"] a')?.getAttribute('href')).toBe('/orders/12'));

    await run(unmount as Lifecycle, props);
    expect(domElement.innerHTML).toBe('');
    domElement.remove();
  });
});
