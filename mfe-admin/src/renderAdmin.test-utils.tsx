import type { ReactNode } from 'react';
import { createStore, Provider } from 'jotai';
import { render } from '@testing-library/react';
import { sessionAtom } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';

/** Test-only: an owner of organisation 850 signed in (optionally a platform administrator). */
export function ownerSession(isPlatformAdmin = false): SessionData {
  return {
    user: { id: 5, email: 'owner-850@demo.test', name: 'Eleanor Whitcombe', firstName: 'Eleanor', lastName: 'Whitcombe', isPlatformAdmin },
    organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine: {} } } as OrgMembership],
    engineVersion: 'test',
  };
}

/** Renders an admin screen with that session in its own store. */
export function renderAdmin(ui: ReactNode, session: SessionData = ownerSession()) {
  const store = createStore();
  store.set(sessionAtom, session);
  return render(<Provider store={store}>{ui}</Provider>);
}
