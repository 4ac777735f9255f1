import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { ORDER_UPDATE, ORDERS_COUNT, ORDERS_DATA } from './paths.ts';

/**
 * The orders list reads narrow rows kept beside the orders (api/src/db/ordersListRows.ts): they must
 * follow every write. Demo data (api/src/demo/index.ts): organisation 850's #3 Atelier Noor Showroom is
 * member-850's, active, at "deposit due"; guest-850 owns #2 only.
 */
const CHANGE_OWNER = '/api/configurator/change-order-owner';
const numbers = (res: { body: { data: { productOrders: Array<{ orgSpecificId: number }> } } }) => res.body.data.productOrders.map((o) => o.orgSpecificId);

describe.each(databases)('orders list rows on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let guest: Client;
  const ids = { owner: 0, member: 0, guest: 0 };
  const order = async (orgSpecificId: number) => (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId }))!;
  const reachers = async (orderId: number) =>
    ((await t.db('product_order_users').select('user_id').where({ product_order_id: orderId }).orderBy('user_id')) as Array<{ user_id: number }>).map((r) => r.user_id);
  const listRow = async (orderId: number) => t.db('product_order_search').where({ product_order_id: orderId }).first();

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    owner = await t.as('owner-850@demo.test');
    guest = await t.as('guest-850@demo.test');
    for (const [key, email] of [['owner', 'owner-850@demo.test'], ['member', 'member-850@demo.test'], ['guest', 'guest-850@demo.test']] as const) {
      ids[key] = (await t.db('users').where({ email }).first()).id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a guest reaches an order once made its owner, and still as a sharee after the next owner change', async () => {
    const o = await order(3);
    expect(await reachers(o.id)).toEqual([ids.member]);
    expect(numbers(await guest.post(ORDERS_DATA, { orgId: 850 }))).toEqual([2]);

    expect((await owner.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.guest })).status).toBe(200);
    // The owner and every involved user: the previous owner became a sharee.
    expect(await reachers(o.id)).toEqual([ids.member, ids.guest].sort((a, b) => a - b));
    expect(numbers(await guest.post(ORDERS_DATA, { orgId: 850 }))).toEqual([3, 2]);

    expect((await owner.post(CHANGE_OWNER, { productOrderId: o.id, userId: ids.owner })).status).toBe(200);
    expect(await reachers(o.id)).toEqual([ids.owner, ids.member, ids.guest].sort((a, b) => a - b));
    expect(numbers(await guest.post(ORDERS_DATA, { orgId: 850 }))).toEqual([3, 2]);
    // Searching by the owner's name follows the owner too (owner-850 is Eleanor Whitcombe).
    expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850, searchTerm: 'whitcombe' }))).toContain(3);
  });

  it('follows an archive, a status change and a title change, with lastUpdated', async () => {
    const o = await order(4);
    expect((await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { archived: 1 } })).status).toBe(200);
    expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850 }))).not.toContain(4);
    expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850, filters: { archived: 'archived' } }))).toContain(4);

    const before = (await owner.post(ORDERS_COUNT, { orgId: 850, statusKeys: ['delivered'] })).body.data.productOrderCountsByStatusKey.delivered as number;
    await t.repos.productOrders.update({ id: (await order(3)).id }, { lastCompletedStatusKey: 'delivered' });
    expect((await owner.post(ORDERS_COUNT, { orgId: 850, statusKeys: ['delivered'] })).body.data.productOrderCountsByStatusKey.delivered).toBe(before + 1);
    expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850, filters: { statusKey: 'delivered' } }))).toContain(3);

    expect((await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { title: 'Quarry Lane Pavilion' } })).status).toBe(200);
    expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850, searchTerm: 'pavilion', filters: { archived: 'all' } }))).toEqual([4]);
    expect(numbers(await owner.post(ORDERS_DATA, { orgId: 850, searchTerm: 'villa', filters: { archived: 'all' } }))).toEqual([]);

    const now = await order(4);
    const row = await listRow(o.id);
    expect({ archived: Number(row.archived), lastUpdated: String(row.last_updated).replace('T', ' ').slice(0, 19) }).toEqual({ archived: 1, lastUpdated: now.lastUpdated });
  });

  it('pages a search one row at a time in list order (MariaDB reads those pages walking the newest rows)', async () => {
    const all = numbers(await owner.post(ORDERS_DATA, { orgId: 850, searchTerm: 'whitcombe' }));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const one = async (from: number) => numbers(await owner.post(ORDERS_DATA, { orgId: 850, searchTerm: 'whitcombe', resultConstraints: { from, to: from + 1 } }));
    expect([...(await one(0)), ...(await one(1))]).toEqual(all.slice(0, 2));
    expect(await one(all.length)).toEqual([]);
  });

  it('drops the rows of a discarded order', async () => {
    const o = await order(2);
    await t.repos.productInstances.delete({ productOrderId: o.id });
    await t.repos.productOrders.delete({ id: o.id });
    expect(await listRow(o.id)).toBeUndefined();
    expect(await reachers(o.id)).toEqual([]);
  });
});
