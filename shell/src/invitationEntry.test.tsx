// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionData } from '@cpq/domain';

// The federation runtime is not under test: remotes.json lists no plugin, so nothing is loaded through it.
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: () => undefined,
  loadRemote: async () => null,
  preloadRemote: async () => undefined,
  registerPlugins: () => undefined,
}));

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const UNUSABLE = 'This invitation link has expired or has already been used. Sign in with your email address and password, or ask for a new invitation.';
const org = (id: number, role: string) => ({ id, title: `Org ${id}`, role, appData: { designEngine: {} } });
const session = { user: { id: 40, email: 'new@x.test', name: '', firstName: '', lastName: '' }, organisations: [org(1053, 'owner'), org(850, 'guest')], engineVersion: 't' } as unknown as SessionData;

type Answer = { status?: number; data?: unknown; error?: string };
let calls: Array<{ path: string; body: unknown; at: string }> = [];

function mockServer(answers: Record<string, Answer[]>) {
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined, at: window.location.href });
    if (path === '/remotes.json') return { ok: true, status: 200, json: async () => ({ remotes: {}, plugins: {} }) };
    const list = answers[path] ?? [{ status: 404, error: `No such call: ${path}` }];
    const answer = list.length > 1 ? list.shift()! : list[0]!;
    const status = answer.status ?? 200;
    const text = JSON.stringify(status < 400 ? { data: answer.data } : { error: { code: 'x', message: answer.error } });
    return { ok: status < 400, status, text: async () => text } as unknown as Response;
  });
}

/** A fresh shell (boot's module state, the portal store) at the given address, its chrome rendered. */
async function shellAt(url: string) {
  vi.resetModules();
  window.history.replaceState(null, '', url);
  const shell = { ...(await import('./boot.ts')), ...(await import('@cpq/client')) };
  const started = shell.boot(() => undefined);
  // Before any call: the token has left the address.
  expect(window.location.pathname + window.location.search).toBe('/invitation');
  await started;
  const { Chrome } = await import('./chrome/Chrome.tsx');
  const { Provider } = await import('jotai');
  render(
    <Provider store={shell.portalStore}>
      <Chrome onReady={() => undefined} />
    </Provider>,
  );
  return shell;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invitation link', () => {
  it('asks for a password, sets it, signs the guest in and opens the home page of the inviting organisation', async () => {
    mockServer({
      '/api/auth/session': [{ status: 401, error: 'Not signed in.' }],
      '/api/auth/invitation': [{ data: { email: 'new@x.test', orgId: 850, orgTitle: 'Lumen & Brass' } }],
      '/api/auth/accept-invitation': [{ data: session }],
    });
    const shell = await shellAt(`/invitation?token=${TOKEN}`);
    // The invitation page's code loads when it shows (decision 0113): under load that takes a moment.
    expect(await screen.findByRole('heading', { name: 'Set your password' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('new@x.test')).toBeTruthy();
    expect(calls.every((c) => !c.at.includes(TOKEN))).toBe(true);

    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a password of at least 8 characters.');
    expect(calls.some((c) => c.path === '/api/auth/accept-invitation')).toBe(false);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'correct horse');
    await userEvent.clear(screen.getByLabelText('Repeat the password'));
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'correct horsf');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('The two passwords are not the same.');

    await userEvent.clear(screen.getByLabelText('Repeat the password'));
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(shell.portalStore.get(shell.bootStateAtom)).toEqual({ status: 'ready' }));
    expect(calls.find((c) => c.path === '/api/auth/accept-invitation')!.body).toEqual({ token: TOKEN, password: 'correct horse' });
    expect(shell.portalStore.get(shell.activeOrgIdAtom)).toBe(850);
    expect(window.location.pathname).toBe('/');
  });

  it("a used or expired link: the server's sentence and a way to sign in", async () => {
    mockServer({ '/api/auth/session': [{ status: 401, error: 'Not signed in.' }], '/api/auth/invitation': [{ status: 404, error: UNUSABLE }] });
    await shellAt(`/invitation?token=${TOKEN}`);
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(UNUSABLE);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
