// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { SessionData } from '@cpq/domain';
import { SHARE_LINK_INVALID } from '@cpq/domain';
import { freshShell, mockServer, served, type Answer } from './shellServer.test-utils.ts';

// The federation runtime is not under test: remotes.json lists no plugin, so nothing is loaded through it.
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: () => undefined,
  loadRemote: async () => null,
  preloadRemote: async () => undefined,
  registerPlugins: () => undefined,
}));

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
/** The shell asks for an order page's data (the order and its catalogue) as soon as the session is known. */
const ORDER_AHEAD = ['/api/configurator/get-configurator-order-data', '/api/configurator/catalogue?orgId=1053&productOrderOrgSpecificId=44'];
const org = (id: number, role: string) => ({ id, title: `Org ${id}`, role, appData: { designEngine: {} } });
const sessionWith = (...orgs: ReturnType<typeof org>[]) => ({ user: { id: 40, email: 'g@x.test', name: 'G', firstName: 'G', lastName: 'X' }, organisations: orgs, engineVersion: 't' }) as unknown as SessionData;

const paths = () => served.calls.map((c) => c.path).filter((p) => p !== '/remotes.json');
const SIGNED_OUT: Answer = { status: 401, error: 'Not signed in.' };

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('share-link entry', () => {
  it('replaces the address with the same path without the query before any call, the token trimmed', async () => {
    mockServer({ '/api/auth/session': [SIGNED_OUT], '/api/configurator/get-org-role-for-token': [{ status: 404, error: SHARE_LINK_INVALID }] });
    const shell = await freshShell(`/orders/12?shareToken=%20${TOKEN}%20&shareableOrderId=12#top`);
    const started = shell.boot(() => undefined);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/orders/12#top');
    await started;
    expect(served.calls.every((c) => !c.at.includes(TOKEN))).toBe(true);
    expect(served.calls.find((c) => c.path.endsWith('get-org-role-for-token'))!.body).toEqual({ shareToken: TOKEN });
  });

  it('signed out, a guest link: signs in as a guest, loads the session and opens the order in its organisation', async () => {
    mockServer({
      '/api/auth/session': [SIGNED_OUT, { data: sessionWith(org(850, 'owner'), org(1053, 'guest')) }],
      '/api/configurator/get-org-role-for-token': [{ data: { orgRole: 'guest', orgId: 1053, productOrderOrgSpecificId: 44 } }],
      '/api/configurator/product-order/handle-guest-share-link': [{ data: { orgId: 1053, productOrderOrgSpecificId: 44, userId: 40 } }],
    });
    const shell = await freshShell(`/orders/44?shareToken=${TOKEN}&shareableOrderId=44`);
    const ready = vi.fn();
    await shell.boot(ready);
    // Then the order the link opens is asked for ahead of its page, without the token (it left the address).
    expect(paths()).toEqual([
      '/api/auth/session',
      '/api/configurator/get-org-role-for-token',
      '/api/configurator/product-order/handle-guest-share-link',
      '/api/auth/session',
      ...ORDER_AHEAD,
    ]);
    expect(served.calls.find((c) => c.path.endsWith('get-configurator-order-data'))!.body).toEqual({ orgId: 1053, productOrderOrgSpecificId: 44 });
    expect(served.calls.find((c) => c.path.endsWith('handle-guest-share-link'))!.body).toEqual({ shareToken: TOKEN });
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'ready' });
    expect(shell.portalStore.get(shell.activeOrgIdAtom)).toBe(1053);
    expect(window.location.pathname + window.location.search).toBe('/orders/44');
    expect(sessionStorage.getItem('cpq.shareeTour')).toBe('1');
    expect(ready).toHaveBeenCalled();
  });

  it('a link to the documents or drawings tab opens that tab (with the rest of its query), not the edit tab', async () => {
    for (const [link, opened] of [
      [`/orders/44/documents?shareToken=${TOKEN}&shareableOrderId=44&mode=invoice`, '/orders/44/documents?mode=invoice'],
      [`/orders/44/drawings/?setMode=individual&shareToken=${TOKEN}&shareableOrderId=44`, '/orders/44/drawings?setMode=individual'],
      [`/orders/44?shareToken=${TOKEN}&shareableOrderId=44`, '/orders/44'],
    ] as const) {
      mockServer({
        '/api/auth/session': [SIGNED_OUT, { data: sessionWith(org(1053, 'guest')) }],
        '/api/configurator/get-org-role-for-token': [{ data: { orgRole: 'guest', orgId: 1053, productOrderOrgSpecificId: 44 } }],
        '/api/configurator/product-order/handle-guest-share-link': [{ data: { orgId: 1053, productOrderOrgSpecificId: 44, userId: 40 } }],
      });
      const shell = await freshShell(link);
      const started = shell.boot(() => undefined);
      // The token leaves at once; the tab and the rest of the query stay.
      expect(window.location.search).not.toContain('shareToken');
      await started;
      expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'ready' });
      expect(window.location.pathname + window.location.search).toBe(opened);
    }
  });

  it('an employee link to the drawings tab opens that tab after sign-in', async () => {
    mockServer({
      '/api/auth/session': [SIGNED_OUT],
      '/api/configurator/get-org-role-for-token': [{ data: { orgRole: 'member', orgId: 1053, productOrderOrgSpecificId: 44 } }],
      '/api/auth/login': [{ data: sessionWith(org(1053, 'member')) }],
    });
    const shell = await freshShell(`/orders/44/drawings?shareToken=${TOKEN}&shareableOrderId=44`);
    await shell.boot(() => undefined);
    await shell.signIn({ email: 'm@x.test', password: 'pw' });
    expect(window.location.pathname + window.location.search).toBe('/orders/44/drawings');
  });

  it('signed out, an employee link: the sign-in page says why, and after sign-in the order opens', async () => {
    mockServer({
      '/api/auth/session': [SIGNED_OUT],
      '/api/configurator/get-org-role-for-token': [{ data: { orgRole: 'member', orgId: 1053, productOrderOrgSpecificId: 44 } }],
      '/api/auth/login': [{ data: sessionWith(org(850, 'owner'), org(1053, 'member')) }],
    });
    const shell = await freshShell(`/orders/44?shareToken=${TOKEN}&shareableOrderId=44`);
    await shell.boot(() => undefined);
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'signedOut', sharedOrder: true });
    expect(paths()).not.toContain('/api/configurator/product-order/handle-guest-share-link');
    const { Chrome } = await import('./chrome/Chrome.tsx');
    const { Provider } = await import('jotai');
    render(
      <Provider store={shell.portalStore}>
        <Chrome onReady={() => undefined} />
      </Provider>,
    );
    expect(screen.getByTestId('sign-in-shared-order').textContent).toBe('Sign in to open the order shared with you.');
    await shell.signIn({ email: 'm@x.test', password: 'pw' });
    expect(shell.portalStore.get(shell.activeOrgIdAtom)).toBe(1053);
    expect(window.location.pathname).toBe('/orders/44');
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'ready' });
    expect(sessionStorage.getItem('cpq.shareeTour')).toBe('1');
  });

  it('signed in: handle-guest-share-link involves the person, the session is read again, the order opens', async () => {
    mockServer({
      '/api/auth/session': [{ data: sessionWith(org(850, 'member')) }, { data: sessionWith(org(850, 'member'), org(1053, 'guest')) }],
      '/api/configurator/product-order/handle-guest-share-link': [{ data: { orgId: 1053, productOrderOrgSpecificId: 44, userId: 40 } }],
    });
    const shell = await freshShell(`/orders/44?shareToken=${TOKEN}&shareableOrderId=44`);
    await shell.boot(() => undefined);
    expect(paths()).toEqual(['/api/auth/session', '/api/configurator/product-order/handle-guest-share-link', '/api/auth/session', ...ORDER_AHEAD]);
    expect(shell.portalStore.get(shell.sessionAtom)!.organisations.map((o) => o.id)).toEqual([850, 1053]);
    expect(shell.portalStore.get(shell.activeOrgIdAtom)).toBe(1053);
    expect(window.location.pathname + window.location.search).toBe('/orders/44');
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'ready' });
  });

  it("an invalid or revoked link: a page with the server's message and a way to sign in", async () => {
    mockServer({ '/api/auth/session': [SIGNED_OUT], '/api/configurator/get-org-role-for-token': [{ status: 404, error: SHARE_LINK_INVALID }] });
    const shell = await freshShell(`/orders/44?shareToken=${TOKEN}&shareableOrderId=44`);
    await shell.boot(() => undefined);
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'shareLinkInvalid', message: SHARE_LINK_INVALID, signedIn: false, retryable: false });
    expect(window.location.search).toBe('');
    const { Chrome } = await import('./chrome/Chrome.tsx');
    const { Provider } = await import('jotai');
    render(
      <Provider store={shell.portalStore}>
        <Chrome onReady={() => undefined} />
      </Provider>,
    );
    expect(screen.getByRole('alert').textContent).toBe(SHARE_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('signed in, a revoked link: the page offers the way home', async () => {
    mockServer({
      '/api/auth/session': [{ data: sessionWith(org(850, 'member')) }],
      '/api/configurator/product-order/handle-guest-share-link': [{ status: 410, error: SHARE_LINK_INVALID }],
    });
    const shell = await freshShell(`/orders/44?shareToken=${TOKEN}`);
    await shell.boot(() => undefined);
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'shareLinkInvalid', message: SHARE_LINK_INVALID, signedIn: true, retryable: false });
    const { ShareLinkInvalidPage } = await import('./chrome/ShareLinkInvalidPage.tsx');
    render(<ShareLinkInvalidPage message={SHARE_LINK_INVALID} signedIn />);
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it('a server failure keeps the link for Try again, which then opens the order', async () => {
    mockServer({
      '/api/auth/session': [SIGNED_OUT, SIGNED_OUT, { data: sessionWith(org(1053, 'guest')) }],
      '/api/configurator/get-org-role-for-token': [{ status: 503, error: 'The service is starting: try again shortly.' }, { data: { orgRole: 'guest', orgId: 1053, productOrderOrgSpecificId: 44 } }],
      '/api/configurator/product-order/handle-guest-share-link': [{ data: { orgId: 1053, productOrderOrgSpecificId: 44, userId: 40 } }],
    });
    const shell = await freshShell(`/orders/44?shareToken=${TOKEN}`);
    await shell.boot(() => undefined);
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'shareLinkInvalid', message: 'The service is starting: try again shortly.', signedIn: false, retryable: true });
    await shell.boot(() => undefined);
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'ready' });
    expect(window.location.pathname).toBe('/orders/44');
  });

  it('a malformed or empty token is refused without asking the server', async () => {
    mockServer({ '/api/auth/session': [SIGNED_OUT] });
    const shell = await freshShell('/orders/44?shareToken=%20%20&shareableOrderId=44');
    await shell.boot(() => undefined);
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'shareLinkInvalid', message: SHARE_LINK_INVALID, signedIn: false, retryable: false });
    expect(paths()).toEqual(['/api/auth/session']);
    expect(window.location.search).toBe('');
  });

  it('an address without a share link starts as before: the sign-in page, no sharing call, the query kept', async () => {
    mockServer({ '/api/auth/session': [SIGNED_OUT] });
    const shell = await freshShell('/orders?search=lobby');
    await shell.boot(() => undefined);
    expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'signedOut' });
    expect(paths()).toEqual(['/api/auth/session']);
    expect(window.location.search).toBe('?search=lobby');
    expect(sessionStorage.getItem('cpq.shareeTour')).toBeNull();
  });
});
