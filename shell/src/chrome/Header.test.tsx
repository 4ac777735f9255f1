// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { activeOrgIdAtom, missingOrderPathAtom, portalStore, sessionAtom } from '@cpq/client';
import type { SessionData } from '@cpq/domain';
import { matchRoute } from '../routes.ts';
import { Header } from './Header.tsx';

const session = (role: string) =>
  ({
    user: { id: 7, email: 'tom@client.test', name: 'Tom Baker', firstName: 'Tom', lastName: 'Baker' },
    organisations: [{ id: 850, title: 'Lumen & Brass', role, appData: { designEngine: {} } }],
    engineVersion: 'test',
  }) as unknown as SessionData;

function show(path: string) {
  render(
    <Provider store={portalStore}>
      <Header route={matchRoute(path)} pathname={path} />
    </Provider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', async () => ({ ok: false, status: 404, text: async () => JSON.stringify({ error: { code: 'notFound', message: 'No such call.' } }) }));
  portalStore.set(sessionAtom, session('guest'));
  portalStore.set(activeOrgIdAtom, 850);
  portalStore.set(missingOrderPathAtom, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SHARE in the header', () => {
  it.each(['/orders/12', '/orders/12/documents', '/orders/12/drawings'])('is on the order route %s, for a guest too', (path) => {
    show(path);
    expect(screen.getByRole('button', { name: 'SHARE' })).toBeTruthy();
  });

  it.each(['/', '/orders', '/admin/products', '/orders/abc'])('is not on %s', (path) => {
    portalStore.set(sessionAtom, session('owner'));
    show(path);
    expect(screen.queryByRole('button', { name: 'SHARE' })).toBeNull();
  });

  it('is not on an order the page did not find', () => {
    portalStore.set(missingOrderPathAtom, '/orders/12');
    show('/orders/12/documents');
    expect(screen.queryByRole('button', { name: 'SHARE' })).toBeNull();
  });

  it('opens the sharing popup for the order, and focus comes back to it when the popup closes', async () => {
    show('/orders/12');
    const share = screen.getByRole('button', { name: 'SHARE' });
    await userEvent.click(share);
    // The popup's code loads with the order page (decision 0113): it may take a moment in a test.
    const dialog = await screen.findByRole('dialog', { name: 'Share order #12' }, { timeout: 15_000 });
    expect(dialog.textContent).toContain('Lumen & Brass');
    // The API is not there: the popup says so with the server's message.
    expect((await screen.findByTestId('share-load-error')).textContent).toContain('No such call.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(share);
  });
});
