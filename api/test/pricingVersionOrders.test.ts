import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ORDER_UPDATE } from './paths.ts';

/**
 * Which orders a pricing rule version prices (the admin editor warns before changing it), written
 * from the rules: an order counts when one of its items is a product using the rule and its
 * effective pricing date — now when it has none — selects the version (the newest created on or
 * before it; before the first version, the earliest; a date-only date is the end of that day).
 * Archived orders are left out. Owners only; another organisation's rule answers like a missing one.
 */
const C = '/api/configurator';
const R = '/api/resources';
const PATH = `${C}/get-pricing-version-orders`;
const ORG = 850;
/** Single Gang Back Box: no properties, so any rule prices it. */
const PRODUCT = 116;

describe.each(databases)('get-pricing-version-orders on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let ruleId: number;
  const orders: Record<string, { id: number; orgSpecificId: number }> = {};

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner = await t.as('owner-850@demo.test');
    const rule = await owner.post(`${R}/productPricingRules/create`, { props: { orgId: ORG, title: 'Back boxes (test)' } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    ruleId = rule.body.data.id;
    const fixed = (value: number) => [{ type: 'fixed', props: { value }, operator: '+' }];
    const versions = {
      '1': { created: '2025-01-01 00:00:00', expressions: fixed(1000) },
      '2': { created: '2026-01-01 00:00:00', expressions: fixed(2000) },
      '3': { created: '2099-01-01 00:00:00', expressions: fixed(3000) },
    };
    expect((await owner.post(`${R}/productPricingRules/update`, { where: { id: ruleId }, props: { versions } })).status).toBe(200);
    expect((await owner.post(`${R}/products/update`, { where: { id: PRODUCT }, props: { productPricingRuleId: ruleId } })).status).toBe(200);

    // One order per case: its product and effective pricing date.
    const make = async (name: string, productId: number, effectivePricingDate: string | null) => {
      const o = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: ORG, title: name } });
      expect(o.status).toBe(200);
      const item = await owner.post(ITEM_CREATE, { props: { productOrderId: o.body.data.id, productId, title: name, quantity: 1 } });
      expect(item.status, JSON.stringify(item.body)).toBe(200);
      if (effectivePricingDate) expect((await owner.post(ORDER_UPDATE, { where: { id: o.body.data.id }, props: { effectivePricingDate } })).status).toBe(200);
      orders[name] = { id: o.body.data.id, orgSpecificId: o.body.data.orgSpecificId };
    };
    await make('before first version', PRODUCT, '2024-06-01');
    await make('mid 2025', PRODUCT, '2025-06-01');
    await make('last day of 2025', PRODUCT, '2025-12-31');
    await make('first day of 2026', PRODUCT, '2026-01-01');
    await make('no date', PRODUCT, null);
    await make('far future', PRODUCT, '2100-01-01');
    await make('other rule', 98, '2025-06-01');
    await make('archived', PRODUCT, '2025-06-01');
    const archived = await owner.post(ORDER_UPDATE, { where: { id: orders.archived!.id }, props: { archived: 1 } });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (client: Client, body: Record<string, unknown>) => client.post(PATH, { orgId: ORG, productPricingRuleId: ruleId, ...body });
  // Only this test's orders (demo orders use the back box too).
  const titles = (res: { body: { data: { productOrders: Array<{ id: number; title: string }> } } }) => {
    const mine = new Set(Object.values(orders).map((o) => o.id));
    return res.body.data.productOrders.filter((o) => mine.has(o.id)).map((o) => o.title).sort();
  };

  it('answers the orders whose effective pricing date selects the version', async () => {
    const v1 = await ask(owner, { versionKey: '1' });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(titles(v1)).toEqual(['before first version', 'last day of 2025', 'mid 2025']);
    // A date-only date is the end of that day: 2026-01-01 is priced by version 2, as are orders dated now.
    expect(titles(await ask(owner, { versionKey: '2' }))).toEqual(['first day of 2026', 'no date']);
    expect(titles(await ask(owner, { versionKey: '3' }))).toEqual(['far future']);
  });

  it('sends each order’s ids, title and effective pricing date', async () => {
    const res = await ask(owner, { versionKey: '3' });
    // Nothing else is dated past 2099: only this order.
    expect(res.body.data.productOrders).toEqual([
      { id: orders['far future']!.id, orgSpecificId: orders['far future']!.orgSpecificId, title: 'far future', effectivePricingDate: '2100-01-01', lastUpdated: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
    ]);
  });

  it('follows a change of an order’s effective pricing date', async () => {
    expect((await owner.post(ORDER_UPDATE, { where: { id: orders['far future']!.id }, props: { effectivePricingDate: '2025-02-01' } })).status).toBe(200);
    expect(titles(await ask(owner, { versionKey: '3' }))).toEqual([]);
    expect(titles(await ask(owner, { versionKey: '1' }))).toContain('far future');
    expect((await owner.post(ORDER_UPDATE, { where: { id: orders['far future']!.id }, props: { effectivePricingDate: '2100-01-01' } })).status).toBe(200);
  });

  it('answers 404 for a version the rule does not have, and for a rule of another organisation', async () => {
    const missing = await ask(owner, { versionKey: '9' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('pricingVersionNotFound');
    // Rule 4 belongs to 1053.
    const foreign = await owner.post(PATH, { orgId: ORG, productPricingRuleId: 4, versionKey: '1' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('pricingRuleNotFound');
    expect((await owner.post(PATH, { orgId: ORG, productPricingRuleId: 999999, versionKey: '1' })).status).toBe(404);
  });

  it('is for owners only: members, guests and guest mode 403, another organisation 404, signed out 401', async () => {
    for (const email of ['member-850@demo.test', 'guest-850@demo.test']) {
      const res = await ask(await t.as(email), { versionKey: '1' });
      expect(res.status, email).toBe(403);
    }
    const inGuestMode = await t.as('owner-850@demo.test');
    expect((await inGuestMode.post('/api/auth/guest-mode', { orgId: ORG, guestMode: true })).status).toBe(200);
    expect((await ask(inGuestMode, { versionKey: '1' })).status).toBe(403);
    const other = await ask(await t.as('owner-1053@demo.test'), { versionKey: '1' });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('organisationNotFound');
    expect((await ask(t.client(), { versionKey: '1' })).status).toBe(401);
  });

  it('refuses a bad body with 400', async () => {
    for (const body of [
      { versionKey: 'one' },
      { versionKey: '0' },
      { versionKey: 1 },
      { versionKey: '1', extra: true },
      { versionKey: '1', productPricingRuleId: 'x' },
      { versionKey: '1', orgId: -3 },
      {},
    ]) {
      const res = await ask(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
