import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { activeOrgAtom, portalStore, sessionAtom, toggleGuestModeAtom } from './session.ts';

/**
 * Guest mode is held by the server (docs/decisions/0047-guest-mode-on-the-session.md): the toggle
 * calls POST /api/auth/guest-mode and the session it answers replaces the one held here; the role
 * shown is the one the session says, nothing kept in the browser.
 */
const org = (role: string, prevRole: string | null = null, designEngine: object = {}): OrgMembership => ({ id: 850, title: 'Lumen & Brass', role, prevRole, appData: { designEngine } }) as OrgMembership;
const session = (o: OrgMembership): SessionData => ({ user: { id: 1, email: 'owner-850@demo.test', name: 'E W', firstName: 'E', lastName: 'W' }, organisations: [o], engineVersion: 'x' });

let calls: Array<{ path: string; body: unknown }> = [];
function answer(status: number, body: unknown) {
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    calls.push({ path, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status });
  });
}

beforeEach(() => portalStore.set(sessionAtom, session(org('owner'))));
afterEach(() => vi.unstubAllGlobals());

describe('guest mode', () => {
  it('is switched on by the server, and the role in force is what its answer says', async () => {
    answer(200, { data: session(org('guest', 'owner')) });
    await portalStore.set(toggleGuestModeAtom);
    expect(calls).toEqual([{ path: '/api/auth/guest-mode', body: { orgId: 850, guestMode: true } }]);
    expect(portalStore.get(activeOrgAtom)).toMatchObject({ role: 'guest', prevRole: 'owner' });
  });

  it('is switched off the same way', async () => {
    portalStore.set(sessionAtom, session(org('guest', 'owner')));
    answer(200, { data: session(org('owner')) });
    await portalStore.set(toggleGuestModeAtom);
    expect(calls[0]!.body).toEqual({ orgId: 850, guestMode: false });
    expect(portalStore.get(activeOrgAtom)).toMatchObject({ role: 'owner', prevRole: null });
  });

  it("throws the server's refusal and leaves the session as it was", async () => {
    answer(403, { error: { code: 'forbidden', message: 'Guest mode is not available in this organisation.' } });
    await expect(portalStore.set(toggleGuestModeAtom)).rejects.toThrow('Guest mode is not available in this organisation.');
    expect(portalStore.get(activeOrgAtom)).toMatchObject({ role: 'owner', prevRole: null });
  });

  it('asks nothing for a guest, nor to switch on in an employee-only organisation', async () => {
    answer(200, { data: null });
    portalStore.set(sessionAtom, session(org('guest')));
    await portalStore.set(toggleGuestModeAtom);
    portalStore.set(sessionAtom, session(org('owner', null, { isEmployeeOnly: true })));
    await portalStore.set(toggleGuestModeAtom);
    expect(calls).toEqual([]);
  });

  it('shows the role the session says, whatever the browser kept before', () => {
    portalStore.set(sessionAtom, session(org('owner')));
    expect(portalStore.get(activeOrgAtom)).toMatchObject({ role: 'owner', prevRole: null });
  });
});
