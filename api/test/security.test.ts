import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repriceOrder } from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import { loadCatalogue } from '../src/services/catalogueSnapshot.ts';
import { PluginRegistry } from '../src/plugins.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CATALOGUE, ORDER_DATA, HOME, CREATE_ORDER, ITEM_CREATE, ITEM_UPDATE, ITEM_DESTROY, ORDER_UPDATE } from './paths.ts';

/**
 * The holes a security probe found, each as an attacker would try it. Expectations come from the
 * product rules written here, not from the policy table:
 * - a guest reaches only orders they own or are involved in; any other order answers like a missing one;
 * - products and options follow publish levels (guests see only "all") for reads and writes alike;
 *   archived ones only where the order already uses them;
 * - a guest changes only contact and project fields of an order, nothing that moves the price;
 * - when pricing is hidden for a guest, no price, cost, pricing rule or option price leaves the server.
 */


/** Keys that carry prices, costs, pricing rules or option prices (written from the rule, not the code). */
const PRICE_KEYS = new Set([
  'costs',
  'orderTotal',
  'orderSubTotal',
  'unitPriceInCents',
  'totalPriceInCents',
  'customPriceInCents',
  'pricingRuleVersion',
  'amountPaidInCents',
  'paymentAmountInCents',
  'depositAmount',
  'priceInCents',
  'classifications',
  'productPricingRuleId',
  'versions',
  'expressions',
  'discountPercentage',
  'discountFlatAmount',
  'taxPercentage',
  'tariffPercentage',
  'shippingPercentage',
  'shippingFlatAmount',
  'explanation',
]);

/** Every path in a JSON value whose key carries a price; empty pricing-rule lists are fine. */
function priceKeysIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => priceKeysIn(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => {
    if (k === 'productPricingRules' && Array.isArray(v) && v.length === 0) return [];
    // Any amount in cents is money (a payment recorded or awaited on a status step included).
    return [...(PRICE_KEYS.has(k) || /InCents$/.test(k) || k === 'productPricingRules' ? [`${path}.${k}`] : []), ...priceKeysIn(v, `${path}.${k}`)];
  });
}

describe.each(databases)('security probe findings on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client, guest: Client, guest1450: Client, owner1053: Client;
  /** 850 order 1 belongs to owner-850 (the guest is not involved); order 2 to guest-850. */
  let notMine: { id: number; orgSpecificId: number }, mine: { id: number; orgSpecificId: number };

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, guest, guest1450, owner1053] = await Promise.all([t.as('owner-850@demo.test'), t.as('guest-850@demo.test'), t.as('guest-1450@demo.test'), t.as('owner-1053@demo.test')]);
    notMine = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 1 }))!;
    mine = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 2 }))!;
    // The guest's order is open again (as after Requires Changes): these probes are about what a guest
    // may choose, not about a submitted order being locked (test/orderLocks.test.ts).
    await t.repos.productOrders.update({ id: mine.id }, { statusData: { orderStarted: { date: '2025-05-06 14:00:00' } }, lastCompletedStatusKey: 'orderStarted' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Everything a write could change in one order: the order row and its items. */
  const snapshot = async (orderId: number) => ({
    order: await t.db('product_orders').where({ id: orderId }).first(),
    items: await t.db('product_instances').where({ product_order_id: orderId }).orderBy('id'),
    audit: (await t.db('audit_log').count({ n: '*' }).first())!.n,
  });

  describe('a guest and orders they are not involved in', () => {
    it('cannot add, change or delete items, nor update the order: 404 and nothing changes', async () => {
      const item = (await t.repos.productInstances.find({ productOrderId: notMine.id }))[0]!;
      const before = await snapshot(notMine.id);
      const tries = [
        await guest.post(ITEM_CREATE, { props: { productOrderId: notMine.id, productId: 98 } }),
        await guest.post(ITEM_UPDATE, { where: { id: item.id }, props: { quantity: 5 } }),
        await guest.post(ITEM_DESTROY, { where: { id: item.id } }),
        await guest.post(ORDER_UPDATE, { where: { id: notMine.id }, props: { phone: '5550100000' } }),
        await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: notMine.orgSpecificId }),
      ];
      for (const res of tries) expect([res.status, res.body.error?.code]).toEqual([404, expect.stringMatching(/NotFound$/)]);
      expect(await snapshot(notMine.id)).toEqual(before);
    });

    it('can once the owner involves them', async () => {
      const guestId = (await guest.get('/api/auth/session')).body.data.user.id as number;
      const order = (await t.repos.productOrders.findOne({ id: notMine.id }))!;
      await t.repos.productOrders.update({ id: notMine.id }, { involvedUsers: { ...order.involvedUsers, [String(guestId)]: { role: 'sharee', pricingIsHidden: 0 } } });
      try {
        const res = await guest.post(ORDER_UPDATE, { where: { id: notMine.id }, props: { phone: '5550100000' } });
        expect(res.status).toBe(200);
      } finally {
        await t.repos.productOrders.update({ id: notMine.id }, { involvedUsers: order.involvedUsers });
      }
    });
  });

  describe('publish levels hold for writes and reads', () => {
    it('a guest cannot add an internal, admin-only or archived product (400, nothing written)', async () => {
      const before = await snapshot(mine.id);
      for (const productId of [100 /* internal */, 101 /* admin */, 102 /* archived */, 130 /* another organisation */]) {
        const res = await guest.post(ITEM_CREATE, { props: { productOrderId: mine.id, productId } });
        expect(res.status, `product ${productId}`).toBe(400);
      }
      expect(await snapshot(mine.id)).toEqual(before);
    });

    it('a guest cannot choose an internal or admin option', async () => {
      const item = (await t.repos.productInstances.find({ productOrderId: mine.id }))[0]!;
      const before = await snapshot(mine.id);
      for (const optionId of [24 /* internal */, 25 /* admin */]) {
        const res = await guest.post(ITEM_UPDATE, { where: { id: item.id }, props: { properties: { '7': { optionId } } } });
        expect(res.status, `option ${optionId}`).toBe(400);
      }
      expect(await snapshot(mine.id)).toEqual(before);
    });

    it('an item of a product hidden from a guest does not bring that product, its pricing rule or hidden options to the guest', async () => {
      // An owner (who may) adds the internal product 100 with the internal finish 24 to the guest's order.
      const added = await owner.post(ITEM_CREATE, { props: { productOrderId: mine.id, productId: 100, properties: { '7': { optionId: 24 } } } });
      expect(added.status).toBe(200);
      const res = await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: mine.orgSpecificId });
      expect(res.status).toBe(200);
      const cat = await guest.get(`${CATALOGUE(850)}&productOrderOrgSpecificId=${mine.orgSpecificId}`);
      expect(cat.status).toBe(200);
      // Neither the catalogue nor the order's additions bring what the guest may not see.
      for (const data of [cat.body.data, res.body.data.catalogueAdditions]) {
        expect(data.products.map((p: { id: number }) => p.id)).not.toContain(100);
        expect(data.productOptions.map((o: { id: number }) => o.id)).not.toContain(24);
        const rule100 = (await t.repos.products.findOne({ id: 100 }))!.productPricingRuleId;
        const ruleOfVisible = new Set(data.products.map((p: { productPricingRuleId: number }) => p.productPricingRuleId));
        for (const r of data.productPricingRules) expect(ruleOfVisible.has(r.id)).toBe(true);
        if (!ruleOfVisible.has(rule100)) expect(data.productPricingRules.map((r: { id: number }) => r.id)).not.toContain(rule100);
      }
      // The guest cannot change that item (403, nothing written), and it is not theirs to choose again.
      const before = await snapshot(mine.id);
      const change = await guest.post(ITEM_UPDATE, { where: { id: added.body.data.id }, props: { quantity: 9 } });
      expect(change.status).toBe(403);
      expect(await snapshot(mine.id)).toEqual(before);
      await owner.post(ITEM_DESTROY, { where: { id: added.body.data.id } });
    });

    it('a guest of 1450 cannot read the pricing rule of its internal-only product', async () => {
      const res = await guest1450.post('/api/resources/productPricingRules/get', { where: { orgId: 1450 } });
      expect(res.status).toBe(200);
      const internalRule = (await t.repos.products.findOne({ id: 182 }))!.productPricingRuleId;
      expect(res.body.data.map((r: { id: number }) => r.id)).not.toContain(internalRule);
      const ownerView = await (await t.as('owner-1450@demo.test')).post('/api/resources/productPricingRules/get', { where: { orgId: 1450 } });
      expect(ownerView.body.data.map((r: { id: number }) => r.id)).toContain(internalRule);
    });

    it('a guest cannot create an order for a product hidden from them', async () => {
      const res = await guest.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1, productId: 101 } });
      expect(res.status).toBe(400);
    });
  });

  describe('a guest changes no field that moves the price', () => {
    const denied: Array<[string, unknown]> = [
      ['disableSalesTax', 1],
      ['isStocked', 1],
      ['productCategoryId', 2],
      ['productId', 110],
      ['type', 'arch'],
      ['taxPercentage', 0],
      ['discountPercentage', 50],
      ['effectivePricingDate', '2020-01-01'],
    ];
    for (const [field, value] of denied) {
      it(`refuses ${field} (403, nothing changes)`, async () => {
        const before = await snapshot(mine.id);
        const res = await guest.post(ORDER_UPDATE, { where: { id: mine.id }, props: { [field]: value } });
        expect(res.status).toBe(403);
        expect(await snapshot(mine.id)).toEqual(before);
      });
    }
    it('still changes contact and project fields', async () => {
      const res = await guest.post(ORDER_UPDATE, { where: { id: mine.id }, props: { phone: '5550100001', projectName: 'Maple St.' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ phone: '5550100001', projectName: 'Maple St.' });
    });
    it('cannot set a custom price on an item', async () => {
      const item = (await t.repos.productInstances.find({ productOrderId: mine.id }))[0]!;
      const res = await guest.post(ITEM_UPDATE, { where: { id: item.id }, props: { customPriceInCents: 1 } });
      expect(res.status).toBe(403);
    });
  });

  describe('hidden pricing never leaves the server', () => {
    async function everyResponse(client: Client, orderId: number, orgSpecificId: number) {
      const item = (await t.repos.productInstances.find({ productOrderId: orderId }))[0]!;
      const created = await client.post(ITEM_CREATE, { props: { productOrderId: orderId, productId: 98, title: 'Den' } });
      const responses = {
        session: await client.get('/api/auth/session'),
        home: await client.post(HOME, { orgId: 850 }),
        orderData: await client.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: orgSpecificId }),
        orderCatalogue: await client.get(`${CATALOGUE(850)}&productOrderOrgSpecificId=${orgSpecificId}`),
        catalogue: await client.get(CATALOGUE(850)),
        itemCreate: created,
        itemUpdate: await client.post(ITEM_UPDATE, { where: { id: item.id }, props: { quantity: 3 } }),
        orderUpdate: await client.post(ORDER_UPDATE, { where: { id: orderId }, props: { phone: '5550100002' } }),
        products: await client.post('/api/resources/products/get', { where: { orgId: 850 } }),
        options: await client.post('/api/resources/productOptions/get', { where: { orgId: 850 } }),
        rules: await client.post('/api/resources/productPricingRules/get', { where: { orgId: 850 } }),
      };
      await client.post(ITEM_DESTROY, { where: { id: created.body.data.id } });
      return responses;
    }

    it("when the organisation's access data hides pricing from the guest", async () => {
      await t.db('guests').where({ org_id: 850, email: 'guest-850@demo.test' }).update({ pricing_is_hidden: 1 });
      try {
        const responses = await everyResponse(guest, mine.id, mine.orgSpecificId);
        for (const [name, res] of Object.entries(responses)) {
          expect(res.status, name).toBe(200);
          expect(priceKeysIn(res.body), name).toEqual([]);
        }
        // The browser is told, so it shows no empty price columns.
        expect(responses.session.body.data.organisations.find((o: { id: number }) => o.id === 850).pricingIsHidden).toBe(true);
        expect(responses.orderData.body.data.pricingIsHidden).toBe(true);
      } finally {
        await t.db('guests').where({ org_id: 850, email: 'guest-850@demo.test' }).update({ pricing_is_hidden: 0 });
      }
    });

    it("when the order's involved-user data hides pricing from the guest", async () => {
      const me = (await guest.get('/api/auth/session')).body.data.user.id as number;
      const order = (await t.repos.productOrders.findOne({ id: mine.id }))!;
      // A step awaiting a wire transfer, and one paid: their amounts are prices too.
      const statusData = { ...(order.statusData as object), orderStarted: { date: '2026-01-02 10:00:00', awaitingPaymentMethod: 'wire', awaitingAmountInCents: 12_345, paymentAmountInCents: 6_789 } };
      await t.repos.productOrders.update({ id: mine.id }, { statusData, involvedUsers: { ...order.involvedUsers, [String(me)]: { role: 'owner', pricingIsHidden: 1 } } });
      try {
        const { orderData, orderCatalogue, itemCreate, itemUpdate, orderUpdate } = await everyResponse(guest, mine.id, mine.orgSpecificId);
        for (const [name, res] of Object.entries({ orderData, orderCatalogue, itemCreate, itemUpdate, orderUpdate })) {
          expect(res.status, name).toBe(200);
          expect(priceKeysIn(res.body), name).toEqual([]);
        }
      } finally {
        await t.repos.productOrders.update({ id: mine.id }, { statusData: order.statusData, involvedUsers: order.involvedUsers });
      }
    });

    it('while a guest whose pricing is visible gets prices, and an owner always does', async () => {
      const g = await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: mine.orgSpecificId });
      expect(g.body.data.productOrders[0].costs.orderTotal).toBeGreaterThan(0);
      const gc = await guest.get(`${CATALOGUE(850)}&productOrderOrgSpecificId=${mine.orgSpecificId}`);
      expect(gc.body.data.productPricingRules.length).toBeGreaterThan(0);
      const o = await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: mine.orgSpecificId });
      expect(priceKeysIn(o.body).length).toBeGreaterThan(0);
    });
  });

  describe('input the schema accepts but the database cannot hold', () => {
    it('refuses ids of 1e400, ids past what the columns hold, deep nesting, with 400 and no write', async () => {
      const item = (await t.repos.productInstances.find({ productOrderId: mine.id }))[0]!;
      const before = await snapshot(mine.id);
      const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
      const tries = [
        await owner.post(ITEM_UPDATE, undefined, { raw: `{"where":{"id":1e400},"props":{"quantity":2}}` }),
        await owner.post(ITEM_CREATE, undefined, { raw: `{"props":{"productOrderId":${mine.id},"productId":1e400}}` }),
        await owner.post(ITEM_UPDATE, { where: { id: item.id }, props: { archCustomViewId: 2 ** 32 } }),
        await owner.post(ITEM_UPDATE, { where: { id: item.id }, props: { rank: 2 ** 31 } }),
        await owner.post(ITEM_UPDATE, undefined, { raw: `{"where":{"id":${item.id}},"props":{"properties":{"7":{"optionId":22,"position":${deep(30)}}}}}` }),
        await owner.post(ITEM_UPDATE, undefined, { raw: deep(5000) }),
      ];
      for (const [i, res] of tries.entries()) expect(res.status, `try ${i}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(await snapshot(mine.id)).toEqual(before);
    });

    it('stores clientEmails once, as a list, whatever the client sent', async () => {
      for (const [sent, stored] of [
        ['buyer@example.com', ['buyer@example.com']],
        ['123', ['123']],
        ['a@x.example, b@y.example', ['a@x.example', 'b@y.example']],
        [['c@z.example'], ['c@z.example']],
      ] as const) {
        const res = await owner.post(ORDER_UPDATE, { where: { id: mine.id }, props: { clientEmails: sent } });
        expect(res.status).toBe(200);
        expect(res.body.data.clientEmails).toEqual(stored);
        const read = await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: mine.orgSpecificId });
        expect(read.body.data.productOrders[0].clientEmails).toEqual(stored);
      }
    });
  });

  describe('references must exist in the same organisation', () => {
    it("refuses another organisation's or a missing product and category on an order", async () => {
      const before = await snapshot(mine.id);
      for (const props of [{ productId: 130 }, { productId: 99999 }, { productCategoryId: 20 }, { productCategoryId: 99999 }, { productCategoryId: 1, productId: 110 }]) {
        const res = await owner.post(ORDER_UPDATE, { where: { id: mine.id }, props });
        expect(res.status, JSON.stringify(props)).toBe(400);
      }
      expect(await snapshot(mine.id)).toEqual(before);
    });

    it("refuses an item's custom view of another order or organisation", async () => {
      const view = await t.db('arch_custom_views').first();
      const item = (await t.repos.productInstances.find({ productOrderId: mine.id }))[0]!;
      for (const archCustomViewId of [view.id, 99999]) {
        const res = await owner.post(ITEM_UPDATE, { where: { id: item.id }, props: { archCustomViewId } });
        expect(res.status).toBe(400);
      }
      const other = await owner1053.post(ITEM_CREATE, { props: { productOrderId: mine.id, productId: 98 } });
      expect(other.status).toBe(404); // another organisation's order: not a member there, so as missing as any other
    });
  });

  describe('concurrent writes to one order', () => {
    it('serialise: every create and edit succeeds, ranks stay 1..n, and every stored total matches the engine', async () => {
      const created = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1 } });
      const orderId = created.body.data.id as number;
      const creates = await Promise.all(
        Array.from({ length: 30 }, (_, i) => owner.post(ITEM_CREATE, { props: { productOrderId: orderId, productId: i % 2 ? 98 : 99, title: `Room ${i}`, quantity: 1 + (i % 5) } })),
      );
      expect(creates.map((r) => r.status)).toEqual(Array(30).fill(200));
      const ids = creates.map((r) => r.body.data.id as number);
      const edits = await Promise.all([
        ...ids.slice(0, 20).map((id, i) => owner.post(ITEM_UPDATE, { where: { id }, props: { quantity: 2 + (i % 7) } })),
        ...ids.slice(20, 25).map((id) => owner.post(ITEM_DESTROY, { where: { id } })),
        ...ids.slice(25, 28).map((id, i) => owner.post(ITEM_UPDATE, { where: { id }, props: { rank: 1 + i } })),
      ]);
      expect(edits.map((r) => r.status)).toEqual(Array(edits.length).fill(200));

      const items = await t.repos.productInstances.find({ productOrderId: orderId }, { orderBy: ['rank', 'id'] });
      expect(items.map((i) => i.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      const order = (await t.repos.productOrders.findOne({ id: orderId }))!;
      const catalogue = await loadCatalogue(t.repos, 850);
      const expected = repriceOrder({ order, instances: items, catalogue, orgSettings: (await t.repos.organisations.findOne({ id: 850 }))!.appData.designEngine, hooks: engineHooks(new PluginRegistry().rulesFor(850)), guest: null, now: new Date() });
      expect(items.map((i) => i.totalPriceInCents)).toEqual(expected.instances.map((p) => p.totalPriceInCents));
      expect(order.costs).toEqual(expected.costs);
      expect(expected.costs.orderSubTotal).toBe(items.reduce((s, i) => s + i.totalPriceInCents, 0));
    });
  });
});
