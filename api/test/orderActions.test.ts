import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { ORDER_DATA, ORDER_UPDATE } from './paths.ts';

const DUPLICATE = '/api/configurator/duplicate-product-order';
const CHANGE_OWNER = '/api/configurator/change-order-owner';
const OWNER_CANDIDATES = '/api/configurator/get-order-owner-candidates';
const CREATE_WITH_ITEMS = '/api/configurator/create-product-order-with-items';

/**
 * The order settings' actions and the order-with-items creation, on both databases. Expectations come
 * from the product rules: a copy is "Copy of {title}" at the first status with the same items, priced
 * by the engine; only employees change the owner (the previous owner becomes a sharee, the new one the
 * owner with prices visible); a refused or failed call leaves nothing behind.
 */
describe.each(databases)('order actions on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let member: Client;
  let guest: Client;
  const ids = { owner850: 1, member850: 2, guest850: 3, owner1053: 4 };
  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner = await t.as('owner-850@demo.test');
    member = await t.as('member-850@demo.test');
    guest = await t.as('guest-850@demo.test');
    for (const [key, email] of [['owner850', 'owner-850@demo.test'], ['member850', 'member-850@demo.test'], ['guest850', 'guest-850@demo.test'], ['owner1053', 'owner-1053@demo.test']] as const) {
      ids[key] = (await t.db('users').where({ email }).first()).id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const order = async (orgSpecificId: number, orgId = 850) => (await t.repos.productOrders.findOne({ orgId, orgSpecificId }))!;
  const items = async (productOrderId: number) => t.repos.productInstances.find({ productOrderId }, { orderBy: ['rank'] });

  describe('duplicate-product-order', () => {
    it('copies an order as "Copy of {title}" at the first status with its items priced again, and leaves the source as it was', async () => {
      const source = await order(1); // Harbour View Residence, two keypads, owned by owner-850
      const sourceItems = await items(source.id);
      const res = await member.post(DUPLICATE, { productOrderId: source.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const copy = res.body.data;
      expect(copy.title).toBe('Copy of Harbour View Residence');
      expect(copy.id).not.toBe(source.id);
      expect(copy.orgSpecificId).not.toBe(source.orgSpecificId);
      // A fresh orderStarted status, owned by the caller.
      expect(Object.keys(copy.statusData)).toEqual(['orderStarted']);
      expect(copy.userId).toBe(ids.member850);
      expect(copy.involvedUsers).toEqual({ [String(ids.member850)]: { role: 'owner', pricingIsHidden: 0 } });
      expect(copy.projectName).toBe(source.projectName);
      expect(copy.deliveryAddress).toEqual(source.deliveryAddress);
      const copied = await items(copy.id);
      expect(copied.map((i) => [i.productId, i.title, i.quantity, i.rank, i.properties])).toEqual(sourceItems.map((i) => [i.productId, i.title, i.quantity, i.rank, i.properties]));
      // Priced by the engine: the same prices as the source (both priced now), the same costs.
      expect(copied.map((i) => i.totalPriceInCents)).toEqual(sourceItems.map((i) => i.totalPriceInCents));
      expect(copy.costs.orderTotal).toBe(source.costs.orderTotal);
      expect(copy.costs.orderTotal).toBeGreaterThan(0);
      expect((await order(1)).title).toBe('Harbour View Residence');
      expect(await items(source.id)).toHaveLength(sourceItems.length);
    });

    it('lets a guest copy an order they own, not another order (404 like a missing one)', async () => {
      const mine = await order(2); // Maple Street Renovation, owned by guest-850
      const res = await guest.post(DUPLICATE, { productOrderId: mine.id });
      expect(res.status).toBe(200);
      expect(res.body.data.title).toBe('Copy of Maple Street Renovation');
      expect(res.body.data.userId).toBe(ids.guest850);
      expect((await guest.post(DUPLICATE, { productOrderId: (await order(1)).id })).status).toBe(404);
    });

    it('carries the discount and notes an employee set only into an employee’s copy', async () => {
      const mine = await order(2);
      const set = await owner.post(ORDER_UPDATE, { where: { id: mine.id }, props: { discountMode: 'rate', discountPercentage: 15, primaryNote: 'Agreed 15% for this job', phone: '2075550100' } });
      expect(set.status).toBe(200);
      const byGuest = (await guest.post(DUPLICATE, { productOrderId: mine.id })).body.data;
      expect(byGuest.phone).toBe('2075550100');
      expect(byGuest.discountPercentage ?? null).toBeNull();
      expect(byGuest.primaryNote ?? null).toBeNull();
      // The guest's copy is the guest's order: the guest's own 10 % applies, not the employee's 15 %.
      expect(byGuest.costs.discount).toBe(Math.round(byGuest.costs.orderSubTotal * 0.1));
      expect(byGuest.costs.discountSource).toBe('guest');
      const byOwner = (await owner.post(DUPLICATE, { productOrderId: mine.id })).body.data;
      expect(byOwner.discountPercentage).toBe(15);
      expect(byOwner.primaryNote).toBe('Agreed 15% for this job');
      expect(byOwner.costs.discount).toBe(Math.round(byOwner.costs.orderSubTotal * 0.15));
      expect(byOwner.costs.discountSource).toBe('order');
    });

    it('refuses a bad body with a message naming the field, and an unknown order with 404', async () => {
      const bad = await owner.post(DUPLICATE, { productOrderId: 'one' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('Order must be a whole number.');
      const missing = await owner.post(DUPLICATE, { productOrderId: 999999 });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('orderNotFound');
    });

    it('a copy that fails part-way leaves nothing: no order, no item, no audit entry, no order number used', async () => {
      const source = await order(1);
      const [first] = await items(source.id);
      // An item the database refuses to copy (the trigger fires on insert only; the source row is updated).
      await t.db('product_instances').where({ id: first!.id }).update({ title: 'Explode' });
      if (dbCase.name === 'mysql') {
        await t.db.raw("CREATE TRIGGER refuse_explode BEFORE INSERT ON product_instances FOR EACH ROW BEGIN IF NEW.title = 'Explode' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'; END IF; END");
      } else {
        await t.db.raw("CREATE TRIGGER refuse_explode BEFORE INSERT ON product_instances WHEN NEW.title = 'Explode' BEGIN SELECT RAISE(ABORT, 'refused'); END");
      }
      try {
        const before = { orders: await countRows(t.db, 'product_orders'), items: await countRows(t.db, 'product_instances'), audit: await countRows(t.db, 'audit_log') };
        const res = await owner.post(DUPLICATE, { productOrderId: source.id });
        expect(res.status).toBe(500);
        expect({ orders: await countRows(t.db, 'product_orders'), items: await countRows(t.db, 'product_instances'), audit: await countRows(t.db, 'audit_log') }).toEqual(before);
      } finally {
        await t.db.raw('DROP TRIGGER refuse_explode');
        await t.db('product_instances').where({ id: first!.id }).update({ title: first!.title });
      }
      // The next order gets the next number: the failed copy's number was given back.
      const last = ((await t.db('product_orders').where({ org_id: 850 }).max('org_specific_id as n').first()) as { n: number | string }).n;
      const next = await owner.post(DUPLICATE, { productOrderId: source.id });
      expect(next.body.data.orgSpecificId).toBe(Number(last) + 1);
    });
  });

  describe('change-order-owner', () => {
    it('makes the new user the owner with prices visible and the previous owner a sharee; the new owner can open it', async () => {
      const o = await order(1);
      expect((await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 })).status).toBe(404);
      const res = await owner.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.guest850 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.userId).toBe(ids.guest850);
      expect(res.body.data.involvedUsers).toEqual({
        [String(ids.owner850)]: { role: 'sharee', pricingIsHidden: 0 },
        [String(ids.guest850)]: { role: 'owner', pricingIsHidden: 0 },
      });
      expect((await guest.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 })).status).toBe(200);
      // Back to the first owner: the guest stays involved as a sharee.
      const back = await member.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.owner850 });
      expect(back.body.data.involvedUsers[String(ids.guest850)]).toEqual({ role: 'sharee', pricingIsHidden: 0 });
      expect(back.body.data.involvedUsers[String(ids.owner850)]).toEqual({ role: 'owner', pricingIsHidden: 0 });
    });

    it('recomputes the costs for the new owner (a guest exempt from sales tax)', async () => {
      // An open quote (its costs may still change): Harbour View, owned by owner-850.
      const o = await order(1);
      await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { taxPercentage: 8 } });
      expect((await order(1)).costs.tax).toBeGreaterThan(0);
      await t.db('guests').where({ org_id: 850, user_id: ids.guest850 }).update({ disable_sales_tax: 1 });
      try {
        const res = await owner.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.guest850 });
        expect(res.status).toBe(200);
        expect(res.body.data.costs.tax).toBe(0);
      } finally {
        await t.db('guests').where({ org_id: 850, user_id: ids.guest850 }).update({ disable_sales_tax: 0 });
        await owner.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.owner850 });
        await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { taxPercentage: null } });
      }
    });

    it('refuses a user outside the organisation with a clear message and changes nothing', async () => {
      const o = await order(4);
      const res = await owner.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.owner1053 });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('userId must be a member or guest of this organisation.');
      expect((await order(4)).userId).toBe(o.userId);
      expect((await order(4)).involvedUsers).toEqual(o.involvedUsers);
    });

    it('is for employees only', async () => {
      const o = await order(2); // the guest's own order
      const res = await guest.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.member850 });
      expect(res.status).toBe(403);
      expect((await order(2)).userId).toBe(ids.guest850);
    });
  });

  describe('get-order-owner-candidates', () => {
    it('lists the organisation’s members and guests, employees first, and no one from elsewhere', async () => {
      const res = await member.post(OWNER_CANDIDATES, { orgId: 850 });
      expect(res.status).toBe(200);
      const list = res.body.data as Array<{ userId: number; email: string; role: string }>;
      expect(list.map((c) => c.email).sort()).toEqual(['guest-850@demo.test', 'member-850@demo.test', 'multi@demo.test', 'owner-850@demo.test']);
      expect(list[0]).toMatchObject({ email: 'owner-850@demo.test', role: 'owner', firstName: 'Eleanor', lastName: 'Whitcombe' });
      expect(list.at(-1)).toMatchObject({ email: 'guest-850@demo.test', role: 'guest' });
      expect((await guest.post(OWNER_CANDIDATES, { orgId: 850 })).status).toBe(403);
    });
  });

  describe('create-product-order-with-items', () => {
    const backBoxes = (extra: object = {}) => ({
      productOrderProps: { orgId: 850, title: 'Harbour View Residence - Back Boxes', productCategoryId: 5, isStocked: 1, phone: '2075550123', deliveryAddress: { streetAddress: '1 Quay St', city: 'Portland', state: 'ME', zip: '04101', country: 'US' }, ...extra },
      propsSets: [
        { productId: 116, quantity: 3 },
        { productId: 117, quantity: 2 },
      ],
    });

    it('creates a stocked order with its items and copied fields in one call, title kept as given', async () => {
      const res = await guest.post(CREATE_WITH_ITEMS, backBoxes());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const o = res.body.data;
      expect(o.title).toBe('Harbour View Residence - Back Boxes');
      expect(o.isStocked).toBe(1);
      expect(o.productCategoryId).toBe(5);
      expect(o.phone).toBe('2075550123');
      expect(o.deliveryAddress.city).toBe('Portland');
      expect(o.userId).toBe(ids.guest850);
      expect(o.promptedForProjectInfo).toBe(1);
      const created = await items(o.id);
      expect(created.map((i) => [i.productId, i.quantity, i.rank])).toEqual([
        [116, 3, 1],
        [117, 2, 2],
      ]);
      expect(created.every((i) => i.unitPriceInCents > 0 && i.totalPriceInCents === i.unitPriceInCents * i.quantity)).toBe(true);
      // Stocked orders take the whole amount as deposit.
      expect(o.costs.depositPercentage).toBe(100);
    });

    it('refuses a product of another category, or one the caller may not choose, and creates nothing', async () => {
      const before = { orders: await countRows(t.db, 'product_orders'), items: await countRows(t.db, 'product_instances') };
      const wrongCategory = await owner.post(CREATE_WITH_ITEMS, { ...backBoxes(), propsSets: [{ productId: 116, quantity: 1 }, { productId: 98, quantity: 1 }] });
      expect(wrongCategory.status).toBe(400);
      expect(wrongCategory.body.error.message).toBe('propsSets.1.productId must be a product of the order’s product category');
      const internal = await guest.post(CREATE_WITH_ITEMS, { productOrderProps: { orgId: 850, title: 'Samples', productCategoryId: 6, isStocked: 1 }, propsSets: [{ productId: 119, quantity: 1 }] });
      expect(internal.status).toBe(400);
      expect(internal.body.error.message).toBe('propsSets.0.productId must be a product of this organisation');
      const blank = await owner.post(CREATE_WITH_ITEMS, backBoxes({ title: '   ' }));
      expect(blank.status).toBe(400);
      expect(blank.body.error.message).toBe('A valid order name is required.');
      const noItems = await owner.post(CREATE_WITH_ITEMS, { ...backBoxes(), propsSets: [] });
      expect(noItems.status).toBe(400);
      expect({ orders: await countRows(t.db, 'product_orders'), items: await countRows(t.db, 'product_instances') }).toEqual(before);
    });
  });
});
