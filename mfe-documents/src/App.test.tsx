// @vitest-environment jsdom
// The documents page is titled for its order from the moment the address names it, not only once the
// order has loaded (the tab would keep the previous page's title meanwhile).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { activeRulesAtom, loadOrderWithCatalogue, sessionAtom } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { App } from './App.tsx';

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
