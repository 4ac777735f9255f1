import type { ReactNode } from 'react';
import { createStore, Provider } from 'jotai';
import { sessionAtom } from '@cpq/client';
import type { GuestView, OrgMembership, SessionData } from '@cpq/domain';

/** A store signed in as the owner of organisation 850, for the admin screens' component tests. */
export function ownerStore() {
  const store = createStore();
  const session: SessionData = {
    user: { id: 1, email: 'owner-850@demo.test', name: 'Eleanor Whitcombe', firstName: 'Eleanor', lastName: 'Whitcombe' },
    organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine: {} } } as OrgMembership],
    engineVersion: 'test',
  };
  store.set(sessionAtom, session);
  return store;
}

export function withStore(children: ReactNode, store = ownerStore()) {
  return <Provider store={store}>{children}</Provider>;
}

/** A guest as get-configurator-guests-data answers it. */
export function guest(over: Partial<GuestView> & { userId: number; email: string }): GuestView {
  return {
    id: over.userId + 1000,
    firstName: '',
    lastName: '',
    created: '2026-03-04 10:00:00',
    appData: { designEngine: { discount: null, disableSalesTax: false } },
    orgAccessEdgeData: { designEngine: { pricingIsHidden: 0 } },
    ...over,
  };
}
