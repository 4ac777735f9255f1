import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueResponse, HomepageDataResponse, OrderDataResponse, OrdersDataResponse, SessionData } from '@cpq/domain';
import { compile, describeError } from '../src/http/validate.ts';
import { databases, startTestApp, type TestApp } from './helpers.ts';
import { CATALOGUE, HOME, ORDER_DATA, ORDERS_DATA } from './paths.ts';

/**
 * The API answers what packages/domain says it answers: every session, home page, catalogue and
 * order-data response of every demo user is checked against the response schemas the browser is
 * typed with — for callers who see prices and for the 1392 guest, whose pricing is hidden.
 */
const ORGS = [850, 1053, 1798, 1392, 1450];
const ROLES = ['owner', 'member', 'guest'];

function errorsOf(schema: Parameters<typeof compile>[0], value: unknown): string[] {
  const validate = compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map(describeError);
}

describe.each(databases)('response contract on $name', (dbCase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const orgId of ORGS) {
    for (const role of ROLES) {
      it(`${role} of ${orgId}: session, home page, catalogue and every order they may open match the schemas`, async () => {
        const client = await t.as(`${role}-${orgId}@demo.test`);
        const session = await client.get('/api/auth/session');
        expect(errorsOf(SessionData, session.body.data)).toEqual([]);
        const home = await client.post(HOME, { orgId });
        expect(errorsOf(HomepageDataResponse, home.body.data)).toEqual([]);
        const catalogue = await client.get(CATALOGUE(orgId));
        expect(errorsOf(CatalogueResponse, catalogue.body.data)).toEqual([]);
        if (role === 'guest' && orgId === 1392) expect(catalogue.body.data.pricingIsHidden).toBe(true);
        const orders = await t.repos.productOrders.find({ orgId });
        let opened = 0;
        for (const order of orders) {
          const res = await client.post(ORDER_DATA, { orgId, productOrderOrgSpecificId: order.orgSpecificId });
          if (res.status === 404) continue;
          expect(res.status).toBe(200);
          expect(errorsOf(OrderDataResponse, res.body.data), `order ${order.orgSpecificId}`).toEqual([]);
          const forOrder = await client.get(`${CATALOGUE(orgId)}&productOrderOrgSpecificId=${order.orgSpecificId}`);
          expect(errorsOf(CatalogueResponse, forOrder.body.data), `catalogue of order ${order.orgSpecificId}`).toEqual([]);
          if (role === 'guest' && orgId === 1392) expect(res.body.data.pricingIsHidden).toBe(true);
          opened++;
        }
        // Employees open every order of the organisation; a guest at least the ones they own.
        const me = session.body.data.user.id as number;
        expect(opened).toBe(role === 'guest' ? orders.filter((o) => o.userId === me || String(me) in o.involvedUsers).length : orders.length);
        // The orders list holds exactly the orders the caller may open.
        const list = await client.post(ORDERS_DATA, { orgId, filters: { archived: 'all' } });
        expect(errorsOf(OrdersDataResponse, list.body.data)).toEqual([]);
        expect(list.body.data.productOrders.length).toBe(opened);
      });
    }
  }
});
