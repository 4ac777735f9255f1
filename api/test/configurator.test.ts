import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductOrder } from '@cpq/domain';
import { compile } from '../src/http/validate.ts';
import { countRows, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CATALOGUE, HOME, CREATE_ORDER, ITEM_CREATE, ORDER_DATA } from './paths.ts';


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

    it('answers another organisation like a missing one (404) and asks anonymous callers to sign in (401)', async () => {
      const res = await owner.post(HOME, { orgId: 1053 });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'organisationNotFound', message: 'Organisation not found.' });
      expect((await owner.post(HOME, { orgId: 999999 })).body).toEqual(res.body);
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
      expect(c.body.data.orgSpecificId).toBe(5); // 1053 has 4 seeded orders
    });

    it('creates architectural orders as type "arch" for architectural organisations', async () => {
      const res = await guest1798.post(CREATE_ORDER, { productOrderProps: { orgId: 1798, productCategoryId: 30 } });
      expect(res.status).toBe(200);
      expect(res.body.data.type).toBe('arch');
      expect(res.body.data.costs.depositPercentage).toBe(0);
    });

    it('refuses another organisation like a missing one (404) and writes nothing', async () => {
      const before = await writes();
      const res = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 1053, productCategoryId: 20 } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('organisationNotFound');
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

    it('answers 400 with a sentence naming the field by its label on schema failures (path and keyword in the details) and writes nothing', async () => {
      const before = await writes();
      const cases: Array<[unknown, string]> = [
        [{ productOrderProps: { orgId: 'abc', productCategoryId: 1 } }, 'Organisation must be a whole number.'],
        [{ productOrderProps: { productCategoryId: 1 } }, 'Organisation is required.'],
        [{ productOrderProps: { orgId: 850, orgSpecificId: 7 } }, 'Org specific ID cannot be set here.'],
        [{ productOrderProps: { orgId: 850, type: 'weird' } }, 'Type: choose one of "standalone" or "arch".'],
        [{}, 'Order details are required.'],
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
    it('answers the order alone: its items, the catalogue version, no catalogue', async () => {
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
        expect(d[k], k).toBeUndefined();
      }
      const org = await t.db('organisations').where({ id: 850 }).first();
      expect(d.catalogueVersion).toBe(Number(org.catalogue_version));
      expect(d.catalogueAdditions).toEqual({ products: [], productOptions: [], productPricingRules: [] });
      // What the server keeps for itself about its stored prices is not sent.
      expect(d.productOrders[0].pricingBasis).toBeUndefined();
      expect(d.productOrders[0].repriceAfter).toBeUndefined();
      expect(typeof d.productOrders[0].revision).toBe('number');
    });

    it('lets a guest open own orders only; others are 404 orderNotFound', async () => {
      const own = await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 2 });
      expect(own.status).toBe(200);
      const notInvolved = await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 });
      expect(notInvolved.status).toBe(404);
      expect(notInvolved.body.error.code).toBe('orderNotFound');
    });

    it('answers 404 for a missing order, and for an order of an organisation the caller is no member of', async () => {
      const missing = await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 99999 });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('orderNotFound');
      const nonMember = await owner1053.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 });
      expect(nonMember.status).toBe(404);
      expect(nonMember.body.error.code).toBe('organisationNotFound');
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

    it("is spatial for the categories the organisation's plugin names (1053: doors 20, cabinet fronts 21), not for its other categories", async () => {
      const idOf = async (title: string) => Number((await t.db('product_orders').where({ org_id: 1053, title }).first()).org_specific_id);
      const doors = (await owner1053.post(ORDER_DATA, { orgId: 1053, productOrderOrgSpecificId: await idOf('Fjord House Doors') })).body.data;
      expect(doors.isSpatial).toBe(true);
      expect(Array.isArray(doors.archCustomViews)).toBe(true);
      expect(Array.isArray(doors.archWalls)).toBe(true);
      const fronts = (await owner1053.post(ORDER_DATA, { orgId: 1053, productOrderOrgSpecificId: await idOf('Listening Room Wall') })).body.data;
      expect(fronts.isSpatial).toBe(true);
      const flooring = await t.db('product_orders').where({ org_id: 1053, title: 'Studio Flooring' }).first();
      expect(Number(flooring.product_category_id)).toBe(8);
      await t.db('product_orders').where({ id: flooring.id }).update({ user_id: (await t.db('users').where({ email: 'owner-1053@demo.test' }).first()).id });
      await t.db('product_orders').where({ id: flooring.id }).increment('revision', 1);
      const floor = (await owner1053.post(ORDER_DATA, { orgId: 1053, productOrderOrgSpecificId: Number(flooring.org_specific_id) })).body.data;
      expect(floor.isSpatial).toBe(false);
      expect(floor.archWalls).toBeUndefined();
    });

    it('sends the archived product and option an order still uses, to whoever may see them, with that order only', async () => {
      const order = (await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850 } })).body.data;
      // Option 207 ("Ellipse", property 9) is archived: an item that had it before keeps it.
      const item = await owner.post(ITEM_CREATE, { props: { productOrderId: order.id, productId: 98, title: 'Old', properties: {} } });
      expect(item.status).toBe(200);
      await t.db('product_instances').where({ id: item.body.data.id }).update({ properties: JSON.stringify({ '9': { optionId: 207 } }) });
      await t.db('product_orders').where({ id: order.id }).increment('revision', 1); // a write outside the API still says so
      const d = (await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId })).body.data;
      expect(d.catalogueAdditions.productOptions.map((o: { id: number }) => o.id)).toEqual([207]);
      const other = (await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 })).body.data;
      expect(other.catalogueAdditions.productOptions).toEqual([]);
    });
  });

  describe('catalogue', () => {
    const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

    it('answers the catalogue the caller may see: publish levels by role, no archived rows, prices only when visible', async () => {
      const [o, m, g] = await Promise.all([owner.get(CATALOGUE(850)), member.get(CATALOGUE(850)), guest.get(CATALOGUE(850))]);
      for (const res of [o, m, g]) expect(res.status).toBe(200);
      const org = await t.db('organisations').where({ id: 850 }).first();
      expect(o.body.data).toMatchObject({ orgId: 850, version: Number(org.catalogue_version), pricingIsHidden: false });
      expect(ids(o.body.data.productOptions)).toEqual(expect.arrayContaining([22, 23, 24, 25, 139]));
      expect(ids(m.body.data.productOptions)).toEqual(expect.arrayContaining([22, 23, 24, 139]));
      expect(ids(m.body.data.productOptions)).not.toContain(25); // admin option hidden from members
      expect(ids(g.body.data.productOptions)).not.toContain(24); // internal option hidden from guests
      for (const res of [o, m, g]) {
        expect(ids(res.body.data.productOptions)).not.toContain(207); // archived
        expect(ids(res.body.data.products)).not.toContain(102); // archived
        expect(ids(res.body.data.productCategories)).not.toContain(9); // archived
        expect(res.body.data.products.every((p: { orgId: number }) => p.orgId === 850)).toBe(true);
        expect(res.body.data.productPricingRules.length).toBeGreaterThan(0);
        for (const k of ['productProperties', 'productPropertyGroups', 'productOptionClassifiers', 'productRules', 'media']) expect(Array.isArray(res.body.data[k]), k).toBe(true);
      }
      expect(ids(g.body.data.products)).not.toContain(100); // internal product
    });

    it('carries the active graphics of the products sent, each with its productId', async () => {
      const at = '2025-01-06 09:00:00';
      const row = (productId: number, title: string, archived: number) => ({ org_id: 850, product_id: productId, title, archived, nodes: '[]', created: at, last_updated: at });
      await t.db('product_graphics').insert([row(101, 'Solaris (admin product)', 0), row(98, 'Old keypad', 1)]);
      await t.db('organisations').where({ id: 850 }).increment('catalogue_version', 1);
      const [o, g] = await Promise.all([owner.get(CATALOGUE(850)), guest.get(CATALOGUE(850))]);
      const titles = (res: typeof o) => res.body.data.productGraphics.map((x: { title: string }) => x.title);
      expect(o.body.data.productGraphics.find((x: { id: number }) => x.id === 1)).toMatchObject({ productId: 98, title: 'Crestnet keypad', archived: 0 });
      expect(titles(o)).toContain('Solaris (admin product)');
      expect(titles(g)).not.toContain('Solaris (admin product)'); // its product is not offered to guests
      for (const res of [o, g]) expect(titles(res)).not.toContain('Old keypad'); // archived
      expect(g.body.data.productGraphics.every((x: { productId: number }) => g.body.data.products.some((p: { id: number }) => p.id === x.productId))).toBe(true);
    });

    it('revalidates by ETag (304 without a body), compresses, and changes with every catalogue write', async () => {
      const first = await owner.get(CATALOGUE(850));
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await owner.get(CATALOGUE(850), { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      // fetch asks for gzip and brotli and decodes what it gets
      expect(first.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
      const plain = await owner.get(CATALOGUE(850), { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.body).toEqual(first.body);
      // The member's catalogue differs: another ETag, so a shared browser never reuses the owner's copy.
      const m = await member.get(CATALOGUE(850), { 'if-none-match': etag });
      expect(m.status).toBe(200);
      expect(m.headers.get('etag')).not.toBe(etag);

      await t.repos.productOptions.update({ id: 23 }, { title: 'Satin Brass (new)' });
      const after = await owner.get(CATALOGUE(850), { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(after.body.data.version).toBe(first.body.data.version + 1);
      expect(after.body.data.productOptions.find((o: { id: number }) => o.id === 23).title).toBe('Satin Brass (new)');
    });

    it('for an order page, hides prices when that order hides them from the caller', async () => {
      const me = (await t.db('users').where({ email: 'guest-850@demo.test' }).first()).id as number;
      await t.repos.productOrders.update({ orgId: 850, orgSpecificId: 2 }, { involvedUsers: { [String(me)]: { role: 'owner', pricingIsHidden: 1 } } });
      const res = await guest.get(`${CATALOGUE(850)}&productOrderOrgSpecificId=2`);
      expect(res.status).toBe(200);
      expect(res.body.data.pricingIsHidden).toBe(true);
      expect(res.body.data.productPricingRules).toEqual([]);
      expect(res.body.data.products.some((p: object) => 'productPricingRuleId' in p)).toBe(false);
      expect(res.body.data.productOptions.some((o: { data?: object }) => 'classifications' in o || 'priceInCents' in (o.data ?? {}))).toBe(false);
      // Without the order too: hiding is per person in the organisation (docs/decisions/0070-hidden-prices-per-person.md).
      const bare = (await guest.get(CATALOGUE(850))).body.data;
      expect(bare.pricingIsHidden).toBe(true);
      expect(bare.productPricingRules).toEqual([]);
      // Shown again on that order: the organisation's catalogue shows this guest prices again.
      await t.repos.productOrders.update({ orgId: 850, orgSpecificId: 2 }, { involvedUsers: { [String(me)]: { role: 'owner', pricingIsHidden: 0 } } });
      expect((await guest.get(CATALOGUE(850))).body.data.pricingIsHidden).toBe(false);
    });

    it('refuses bad queries (400), orders the caller is not involved in (404), non-members (404) and anonymous callers (401)', async () => {
      for (const q of ['', '?orgId=abc', '?orgId=850&x=1', '?orgId=850&orgId=851', '?orgId=850&productOrderOrgSpecificId=0']) {
        const res = await owner.get(`/api/configurator/catalogue${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.error.code, q).toBe('invalidQuery');
      }
      expect((await guest.get(`${CATALOGUE(850)}&productOrderOrgSpecificId=1`)).status).toBe(404);
      expect((await owner1053.get(CATALOGUE(850))).status).toBe(404);
      expect((await t.client().get(CATALOGUE(850))).status).toBe(401);
    });
  });
});
