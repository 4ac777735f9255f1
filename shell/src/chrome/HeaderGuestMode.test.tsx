// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { portalStore, sessionAtom } from '@cpq/client';

vi.mock('single-spa', () => ({ triggerAppChange: vi.fn(), navigateToUrl: vi.fn() }));
vi.mock('../boot.ts', () => ({ signOut: vi.fn(), switchOrganisation: vi.fn() }));
const { Header } = await import('./Header.tsx');
const { triggerAppChange } = await import('single-spa');

/** The GUEST MODE / EMPLOYEE MODE toggle asks the server, shows what it answers, and says when it fails. */
const org = (role: string, prevRole: string | null = null, designEngine: object = {}): OrgMembership => ({ id: 850, title: 'Lumen & Brass', role, prevRole, appData: { designEngine } }) as OrgMembership;
const session = (o: OrgMembership): SessionData => ({ user: { id: 1, email: 'owner-850@demo.test', name: 'E W', firstName: 'E', lastName: 'W' }, organisations: [o], engineVersion: 'x' });

function serve(status: number, body: unknown) {
  const calls: unknown[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    calls.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

const show = () =>
  render(
    <Provider store={portalStore}>
      <Header route={{ kind: 'home' }} pathname="/" />
    </Provider>,
  );

beforeEach(() => act(() => portalStore.set(sessionAtom, session(org('owner')))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the guest mode toggle', () => {
  it('switches through the server and shows the role it answers', async () => {
    const calls = serve(200, { data: session(org('guest', 'owner')) });
    show();
    expect(screen.getByRole('link', { name: 'ADMIN' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'GUEST MODE' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'EMPLOYEE MODE' }).getAttribute('aria-pressed')).toBe('true'));
    expect(calls).toEqual([{ orgId: 850, guestMode: true }]);
    expect(screen.queryByRole('link', { name: 'ADMIN' })).toBeNull();
    expect(triggerAppChange).toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the mode as it was", async () => {
    serve(503, { error: { code: 'databaseUnavailable', message: 'The database is not reachable right now. Please try again in a moment.' } });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'GUEST MODE' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not switch to guest mode: The database is not reachable right now. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'GUEST MODE' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is offered to leave guest mode even where guest mode is no longer available, never to enter it there', () => {
    act(() => portalStore.set(sessionAtom, session(org('guest', 'owner', { isEmployeeOnly: true }))));
    const { unmount } = show();
    expect(screen.getByRole('button', { name: 'EMPLOYEE MODE' })).toBeTruthy();
    unmount();
    act(() => portalStore.set(sessionAtom, session(org('owner', null, { isEmployeeOnly: true }))));
    show();
    expect(screen.queryByTestId('guest-mode-toggle')).toBeNull();
  });
});
