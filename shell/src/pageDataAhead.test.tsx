// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { SessionData } from '@cpq/domain';
import { freshShell, mockServer, served } from './shellServer.test-utils.ts';

// The federation runtime is not under test: remotes.json lists no plugin, so nothing is loaded through it.
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: () => undefined,
  loadRemote: async () => null,
  preloadRemote: async () => undefined,
  registerPlugins: () => undefined,
}));

const SESSION = {
  user: { id: 40, email: 'o@x.test', name: 'O', firstName: 'O', lastName: 'X' },
  organisations: [{ id: 850, title: 'Org 850', role: 'owner', appData: { designEngine: {} } }],
  engineVersion: 't',
} as unknown as SessionData;

/** A signed-in session; every other call answers 404 (the pages' data is not under test, only what is asked). */
async function bootAt(url: string) {
  mockServer({ '/api/auth/session': [{ data: SESSION }] });
  const { boot } = await freshShell(url);
  await boot(() => undefined);
  return served.calls.map((c) => c.path).filter((p) => p !== '/remotes.json' && p !== '/api/auth/session');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the page’s data asked for at start-up, beside the plugin', () => {
  it('an order’s edit and documents tabs: the order and its catalogue, in the active organisation', async () => {
    for (const url of ['/orders/12', '/orders/12/documents?mode=invoice']) {
      expect(await bootAt(url), url).toEqual(['/api/configurator/get-configurator-order-data', '/api/configurator/catalogue?orgId=850&productOrderOrgSpecificId=12']);
      expect(served.calls.find((c) => c.path.endsWith('get-configurator-order-data'))!.body).toEqual({ orgId: 850, productOrderOrgSpecificId: 12 });
    }
  });

  it('the home page: its own data', async () => {
    expect(await bootAt('/')).toEqual(['/api/configurator/get-configurator-homepage-data']);
  });

  it('nothing for the drawings tab (it reads the order its own way), an address that is no order number, the orders list, or a share link’s page', async () => {
    for (const url of ['/orders/12/drawings', '/orders/new', '/orders', '/orders/12/documents?shareableOrderId=12']) expect(await bootAt(url), url).toEqual([]);
  });
});

describe('the page the PDF service prints', () => {
  async function chromeAt(url: string) {
    await bootAt(url);
    const { portalStore } = await import('@cpq/client');
    const { Chrome } = await import('./chrome/Chrome.tsx');
    const { Provider } = await import('jotai');
    return render(
      <Provider store={portalStore}>
        <Chrome onReady={() => undefined} />
      </Provider>,
    );
  }

  it('has no header (hidden while printing), where the same tab without print=1 has one', async () => {
    await chromeAt('/orders/12/documents');
    expect(screen.getByTestId('app-header')).toBeTruthy();
    cleanup();
    for (const url of ['/orders/12/documents?print=1&mode=invoice', '/orders/12/drawings?setMode=all&print=true']) {
      const { container } = await chromeAt(url);
      expect(screen.queryByTestId('app-header'), url).toBeNull();
      expect(container.innerHTML, url).toBe('');
      cleanup();
    }
  });
});
