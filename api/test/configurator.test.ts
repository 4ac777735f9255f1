import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductOrder } from '@cpq/domain';
import { compile } from '../src/http/validate.ts';
import { countRows, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { HOME, CREATE_ORDER, ORDER_DATA } from './paths.ts';


describe.each(databases)('configurator on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client, member: Client, guest: Client, owner1053: Client, guest1798: Client;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, member, guest, owner1053, guest1798] = await Promise.all([
      t.as('owner-850@demo.test'),
      t.as('member-850@demo.test'),
      t.as('guest-850@demo.test'),
      t.as('owner-1053@demo.test'),
      t.as('guest-1798@demo.test'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const writes = async () => ({ orders: await countRows(t.db, 'product_orders'), audit: await countRows(t.db, 'audit_log'), counters: await t.db('org_counters').select() });

  describe('homepage data', () => {
    const ids = (res: { body: { data: { products: Array<{ id: number }> } } }) => res.body.data.products.map((p) => p.id);

    it('owner sees admin-level products, member internal but not admin, guest only "all"; archived hidden', async () => {
      const [o, m, g] = await Promise.all([owner.post(HOME, { orgId: 850 }), member.post(HOME, { orgId: 850 }), guest.post(HOME, { orgId: 850 })]);
      expect(o.status).toBe(200);
      expect(ids(o)).toEqual(expect.arrayContaining([98, 100, 101, 122]));
      expect(ids(m)).toEqual(expect.arrayContaining([98, 100]));
      expect(ids(m)).not.toContain(101);
      expect(ids(m)).not.toContain(122);
      expect(ids(g)).toContain(98);
      for (const hidden of [100, 101, 111, 119, 122]) expect(ids(g)).not.toContain(hidden);
      for (const res of [o, m, g]) {
        expect(ids(res)).not.toContain(102); // archived
        expect(ids(res)).not.toContain(123);
      }
      expect(g.body.data.products.every((p: { publishLevel: string }) => p.publishLevel === 'all')).toBe(true);
    });

    it('answers non-archived categories of the organisation sorted by rank', async () => {
      const res = await guest.post(HOME, { orgId: 850 });
      expect(res.body.data.productCategories.map((c: { id: number }) => c.id)).toEqual([1, 13, 2, 3, 4, 5, 6]);
      const other = await owner1053.post(HOME, { orgId: 1053 });
      expect(other.body.data.productCategories.map((c: { title: string }) => c.title)).toEqual(['Slab Doors', 'Cabinet Fronts', 'Flooring']);
      expect(other.body.data.products.find((p: { id: number }) => p.id === 104)).toMatchObject({
        title: 'Lamella Slab Door',
        productCategoryId: 20,
        associations: { productProperties: expect.objectContaining({ '141': {}, '142': {}, '161': {} }) },
      });
    });

    it('refuses another organisation (403) and anonymous callers (401)', async () => {
      const res = await owner.post(HOME, { orgId: 1053 });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'forbidden', message: "You don't have access to this organisation." });
      expect((await t.client().post(HOME, { orgId: 850 })).status).toBe(401);
    });
  });

  describe('create-product-order', () => {
    it('creates an order with zero costs, shipping TBD, "Untitled Order", the first status, an audit row; client costs ignored', async () => {
      const before = await writes();
      const res = await guest.post(CREATE_ORDER, {
        productOrderProps: { orgId: 850, productCategoryId: 1, productId: 98, isStocked: 0, costs: { orderTotal: 1, tax: 99, depositAmount: 5 } },
      });
      expect(res.status).toBe(200);
      const order = res.body.data;
      const validate = compile(ProductOrder);
      expect(validate(order), JSON.stringify(validate.errors)).toBe(true);
      const guestUser = await t.repos.users.findOne({ email: 'guest-850@demo.test' });
      expect(order).toMatchObject({
        orgId: 850,
        userId: guestUser!.id,
        title: 'Untitled Order',
        type: 'standalone',
        productCategoryId: 1,
        productId: 98,
        lastCompletedStatusKey: 'orderStarted',
        involvedUsers: { [String(guestUser!.id)]: { role: 'owner', pricingIsHidden: 0 } },
        costs: { orderSubTotal: 0, discount: 0, shipping: 0, shippingIsTbd: true, tax: 0, tariff: 0, orderTotal: 0, depositAmount: 0, depositPercentage: 50 },
      });
      expect(Object.keys(order.statusData)).toEqual(['orderStarted']);
      expect(order.statusData.orderStarted.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(order.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const seededMax = before.counters.find((c: { org_id: number }) => c.org_id === 850)!.next_order_id;
      expect(order.orgSpecificId).toBe(Number(seededMax));
      const audit = await t.repos.auditLog.find({ entity: 'productOrder', entityId: order.id });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ orgId: 850, userId: guestUser!.id, action: 'create', data: { orgSpecificId: order.orgSpecificId } });
    });

    it('allocates orgSpecificId per organisation', async () => {
      const a = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 13, title: 'Plates for lobby' } });
      const b = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 13 } });
      const c = await owner1053.post(CREATE_ORDER, { productOrderProps: { orgId: 1053, productCategoryId: 20 } });
      const d = await owner1053.post(CREATE_ORDER, { productOrderProps: { orgId: 1053, productCategoryId: 21, productId: 105 } });
      expect(a.body.data.title).toBe('Plates for lobby');
      expect(b.body.data.orgSpecificId).toBe(a.body.data.orgSpecificId + 1);
      expect(d.body.data.orgSpecificId).toBe(c.body.data.orgSpecificId + 1);
      expect(c.body.data.orgSpecificId).toBe(4); // 1053 has 3 seeded orders
    });

    it('creates architectural orders as type "arch" for architectural organisations', async () => {
      const res = await guest1798.post(CREATE_ORDER, { productOrderProps: { orgId: 1798, productCategoryId: 30 } });
      expect(res.status).toBe(200);
      expect(res.body.data.type).toBe('arch');
      expect(res.body.data.costs.depositPercentage).toBe(0);
    });

    it('refuses another organisation with 403 and writes nothing', async () => {
      const before = await writes();
      const res = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 1053, productCategoryId: 20 } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(await writes()).toEqual(before);
    });

    it('refuses a userId that is not the caller (403)', async () => {
      const ownerUser = await t.repos.users.findOne({ email: 'owner-850@demo.test' });
      const before = await writes();
      const res = await guest.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1, userId: ownerUser!.id } });
      expect(res.status).toBe(403);
      expect(await writes()).toEqual(before);
    });

    it('answers 400 invalidJson for malformed JSON', async () => {
      const before = await writes();
      const res = await owner.post(CREATE_ORDER, undefined, { raw: '{"productOrderProps": {"orgId": 850,' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'invalidJson', message: 'Request body is not valid JSON.' } });
      expect(await writes()).toEqual(before);
    });

    it('answers 400 naming the field on schema failures and writes nothing', async () => {
      const before = await writes();
      const cases: Array<[unknown, string]> = [
        [{ productOrderProps: { orgId: 'abc', productCategoryId: 1 } }, 'productOrderProps.orgId must be integer'],
        [{ productOrderProps: { productCategoryId: 1 } }, 'productOrderProps.orgId is required'],
        [{ productOrderProps: { orgId: 850, orgSpecificId: 7 } }, 'productOrderProps.orgSpecificId is not allowed'],
        [{ productOrderProps: { orgId: 850, type: 'weird' } }, 'productOrderProps.type must be equal to constant'],
        [{}, 'productOrderProps is required'],
      ];
      for (const [body, message] of cases) {
        const res = await owner.post(CREATE_ORDER, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('invalidBody');
        expect(res.body.error.message).toBe(message);
        expect(Array.isArray(res.body.error.details)).toBe(true);
      }
      expect(await writes()).toEqual(before);
    });

    it('answers 400 for a category or product of another organisation and writes nothing', async () => {
      const before = await writes();
      const badCat = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 20 } });
      expect(badCat.status).toBe(400);
      expect(badCat.body.error.message).toMatch(/^productOrderProps\.productCategoryId /);
      const badProduct = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1, productId: 104 } });
      expect(badProduct.status).toBe(400);
      expect(badProduct.body.error.message).toMatch(/^productOrderProps\.productId /);
      const wrongCategory = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 2, productId: 98 } });
      expect(wrongCategory.status).toBe(400);
      expect(await writes()).toEqual(before);
    });

    it('gives 20 concurrent creations 20 distinct consecutive orgSpecificIds', async () => {
      const res = await Promise.all(
        Array.from({ length: 20 }, (_, i) => member.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1, title: `Concurrent ${i}` } })),
      );
      expect(res.map((r) => r.status)).toEqual(Array(20).fill(200));
      const ids = res.map((r) => r.body.data.orgSpecificId as number).sort((a, b) => a - b);
      expect(new Set(ids).size).toBe(20);
      expect(ids[19]! - ids[0]!).toBe(19);
      const counter = await t.db('org_counters').where({ org_id: 850 }).first();
      expect(Number(counter.next_order_id)).toBe(ids[19]! + 1);
    });
  });

  describe('get-configurator-order-data', () => {
    it('answers the order with its catalogue for a member of the organisation', async () => {
      const res = await member.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 });
      expect(res.status).toBe(200);
      const d = res.body.data;
      expect(d.productOrders).toHaveLength(1);
      expect(d.productOrders[0]).toMatchObject({ orgSpecificId: 1, title: 'Harbour View Residence', deliveryAddress: { city: 'Portland' } });
      expect(d.productInstances.map((i: { productId: number }) => i.productId)).toEqual([98, 99]);
      expect(d.productInstances[0].properties['27'].engravings['0'].above.text).toBe('LIGHTS');
      expect(d.isSpatial).toBe(false);
      expect(d.guests).toEqual([]);
      for (const k of ['products', 'productPricingRules', 'productProperties', 'productOptions', 'productOptionClassifiers', 'productPropertyGroups', 'productRules', 'media']) {
        expect(Array.isArray(d[k]), k).toBe(true);
      }
      expect(d.products.every((p: { orgId: number }) => p.orgId === 850)).toBe(true);
      const optionIds = d.productOptions.map((o: { id: number }) => o.id);
      expect(optionIds).toEqual(expect.arrayContaining([22, 23, 24, 139]));
      expect(optionIds).not.toContain(25); // admin option hidden from members
      expect(d.archWalls).toBeUndefined();
    });

    it('lets a guest open own orders only; others are 404 orderNotFound', async () => {
      const own = await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 2 });
      expect(own.status).toBe(200);
      expect(own.body.data.productOptions.map((o: { id: number }) => o.id)).not.toContain(24);
      const notInvolved = await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 });
      expect(notInvolved.status).toBe(404);
      expect(notInvolved.body.error.code).toBe('orderNotFound');
    });

    it('answers 404 for a missing order and 403 for a non-member of the organisation', async () => {
      const missing = await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 99999 });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('orderNotFound');
      const nonMember = await owner1053.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 });
      expect(nonMember.status).toBe(403);
      expect(nonMember.body.error.code).toBe('forbidden');
    });

    it('includes spatial arrays for architectural orders', async () => {
      const res = await guest1798.post(ORDER_DATA, { orgId: 1798, productOrderOrgSpecificId: 2 });
      expect(res.status).toBe(200);
      const d = res.body.data;
      expect(d.isSpatial).toBe(true);
      expect(d.archWalls).toHaveLength(2);
      expect(d.archWalls[0]).toMatchObject({ from: { x: 0, z: 0 }, to: { x: 240, z: 0 }, height: 108, thickness: 6 });
      expect(d.archCustomViews[0].title).toBe('North Wall');
      expect(d.entities.map((e: { type: string }) => e.type)).toEqual(['calicoMuralArea', 'calicoMuralTexture']);
      expect(d.productCanvasTexts).toHaveLength(1);
      expect(d.productCanvasLines).toHaveLength(1);
    });
  });
});
