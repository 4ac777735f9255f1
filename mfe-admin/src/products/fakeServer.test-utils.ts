import { vi } from 'vitest';
import { configure } from '@testing-library/react';
import { createStore } from 'jotai';
import { sessionAtom } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
import type { ProductRow } from './productRows.ts';

// The machine running the tests is shared: a render can take longer than the default second.
configure({ asyncUtilTimeout: 4000 });

/** A signed-in owner (or another role) of organisation 850 in a fresh store. */
export function storeFor(role = 'owner') {
  const store = createStore();
  const org = { id: 850, title: 'Lumen & Brass', role, prevRole: null, appData: { designEngine: {} } } as OrgMembership;
  const session: SessionData = { user: { id: 1, email: 'owner-850@demo.test', name: 'E W', firstName: 'E', lastName: 'W' }, organisations: [org], engineVersion: 'test' } as SessionData;
  store.set(sessionAtom, session);
  return store;
}

export function product(fields: Partial<ProductRow> & { id: number }): ProductRow {
  return {
    orgId: 850,
    title: `Product ${fields.id}`,
    rank: fields.id,
    archived: 0,
    description: null,
    links: null,
    thumbnailUrl: null,
    publishLevel: 'all',
    isStocked: 0,
    currentInventory: null,
    referenceCodes: {},
    associations: { productProperties: {} },
    productCategoryId: -1,
    productPricingRuleId: null,
    instanceTitleIsRequired: 0,
    shouldRoundPrice: 0,
    hasScript: 0,
    ...fields,
  };
}

type Handler = (body: Record<string, any>) => unknown;

/**
 * Answers the admin calls (apiPost is mocked with this): each path's handler gives the data, a
 * thrown error fails the call. Every call is recorded.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, any> }[] = [];
  const apiPost = vi.fn(async (path: string, body: Record<string, any>) => {
    calls.push({ path, body });
    const h = handlers[path];
    if (!h) throw new Error(`No answer for ${path}`);
    return h(body);
  });
  return { calls, apiPost, writes: () => calls.filter((c) => !c.path.endsWith('/get')) };
}
