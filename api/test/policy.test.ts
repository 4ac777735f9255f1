import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, POLICY, type Endpoint } from '../src/policy.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

/** How each routed endpoint is called for organisation `orgId` (seeded order 1 is owned by owner-N). */
const CALLS: Partial<Record<Endpoint, (orgId: number) => { path: string; body: unknown }>> = {
  'configurator.getHomepageData': (orgId) => ({ path: '/api/configurator/get-configurator-homepage-data', body: { orgId } }),
  'configurator.createProductOrder': (orgId) => ({ path: '/api/configurator/create-product-order', body: { productOrderProps: { orgId } } }),
  'configurator.getOrderData': (orgId) => ({ path: '/api/configurator/get-configurator-order-data', body: { orgId, productOrderOrgSpecificId: 1 } }),
  'resources.get': (orgId) => ({ path: '/api/resources/products/get', body: { where: { orgId } } }),
};

const ROLES = ['owner', 'member', 'guest'] as const;

describe('policy table', () => {
  it('lets owners do everything and keeps catalogue writes to owners', () => {
    for (const e of Object.keys(POLICY) as Endpoint[]) expect(can(e, 'owner'), e).toBe(true);
    expect(can('resources.write', 'member')).toBe(false);
    expect(can('resources.write', 'guest')).toBe(false);
    expect(can('configurator.getHomepageData', 'someFutureRole')).toBe(true); // unknown active roles act as guests
  });
});

describe.each(databases)('policy matrix on $name', (dbCase) => {
  let t: TestApp;
  const clients: Record<string, Client> = {};
  beforeAll(async () => {
    t = await startTestApp(dbCase);
    for (const role of ROLES) clients[role] = await t.as(`${role}-1392@demo.test`);
    clients.nonMember = await t.as('owner-1450@demo.test');
    clients.anonymous = t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  const routed = Object.entries(CALLS) as Array<[Endpoint, (orgId: number) => { path: string; body: unknown }]>;

  it('routes a call for every endpoint of the policy table that has a route', () => {
    const unrouted = (Object.keys(POLICY) as Endpoint[]).filter((e) => !CALLS[e]);
    expect(unrouted).toEqual(['resources.write']); // admin writes: no route yet
  });

  for (const [endpoint, call] of routed) {
    for (const who of [...ROLES, 'nonMember', 'anonymous'] as const) {
      const expected = who === 'anonymous' ? 401 : who === 'nonMember' ? 403 : can(endpoint, who) ? 'allowed' : 403;
      it(`${endpoint} × ${who} → ${expected}`, async () => {
        const { path, body } = call(1392);
        const res = await clients[who]!.post(path, body);
        if (expected === 'allowed') {
          // Allowed: anything but 401/403 (a guest may still get 404 for an order that is not theirs).
          expect([401, 403]).not.toContain(res.status);
          if (!(endpoint === 'configurator.getOrderData' && who === 'guest')) expect(res.status).toBe(200);
        } else {
          expect(res.status).toBe(expected);
          expect(res.body.error.code).toBe(expected === 401 ? 'unauthenticated' : 'forbidden');
        }
      });
    }
  }
});
