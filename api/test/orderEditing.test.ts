import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceVersion, type VersionedInstance } from '@cpq/domain';
import { databases, startSignedIn, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ITEM_UPDATE, ORDER_DATA, ORDER_UPDATE } from './paths.ts';

const ORDER_DESTROY = '/api/resources/productOrders/destroy';

/**
 * The order page's write path: typed quantities corrected to the field rule, the order title's own
 * message, the item version check that keeps two tabs from overwriting each other, and discarding an
 * order the user left untouched. Expected values come from the rules, not from the code.
 */
describe.each(databases)('order editing on $name', (dbCase) => {
  let t: TestApp, owner: Client, member: Client, guest: Client;
  beforeAll(async () => ({ t, owner, member, guest } = await startSignedIn(dbCase, 1392, ['owner', 'member', 'guest'])));
  afterAll(async () => t?.close());

  async function newOrder(client: Client = owner) {
    const res = await client.post(CREATE_ORDER, { productOrderProps: { orgId: 1392, productCategoryId: 14 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; orgSpecificId: number };
  }
  async function newItem(orderId: number, props: Record<string, unknown> = {}) {
    const res = await owner.post(ITEM_CREATE, { props: { productOrderId: orderId, productId: 170, title: 'Hall', ...props } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as VersionedInstance & { id: number; quantity: number };
  }

  describe('quantity: below 1 or not a number becomes 1, otherwise its integer part', () => {
    it.each([
      [0, 1],
      [-3, 1],
      ['abc', 1],
      ['', 1],
      [null, 1],
      ['7', 7],
      [2.9, 2],
    ])('an update with quantity %j stores %j', async (typed, stored) => {
      const order = await newOrder();
      const item = await newItem(order.id);
      const res = await owner.post(ITEM_UPDATE, { where: { id: item.id }, props: { quantity: typed } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.quantity).toBe(stored);
      expect((await t.repos.productInstances.findOne({ id: item.id }))!.quantity).toBe(stored);
    });
    it('a new item with quantity 0 is created with quantity 1', async () => {
      const order = await newOrder();
      expect((await newItem(order.id, { quantity: 0 })).quantity).toBe(1);
    });
  });

  describe('order title', () => {
    it.each(['', '   ', '!!!'])('%j answers exactly "A valid order name is required." and changes nothing', async (title) => {
      const order = await newOrder();
      const res = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { title, phone: '5550101392' } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('A valid order name is required.');
      expect((await t.repos.productOrders.findOne({ id: order.id }))!.phone ?? null).toBeNull();
    });
    it('a real title is sanitised and saved', async () => {
      const order = await newOrder();
      const res = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { title: 'Lobby #2', promptedForProjectInfo: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.data.title).toBe('Lobby 2');
    });
  });

  describe('item version check (two tabs)', () => {
    it('the version of an item as the order data sends it is accepted', async () => {
      const order = await newOrder();
      await newItem(order.id, { properties: { '170': { optionId: 251 } }, notes: 'Ceiling' });
      const data = (await owner.post(ORDER_DATA, { orgId: 1392, productOrderOrgSpecificId: order.orgSpecificId })).body.data;
      const item = data.productInstances[0];
      const res = await owner.post(ITEM_UPDATE, { where: { id: item.id, expectedVersion: instanceVersion(item) }, props: { quantity: 4 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The answer's version is the one to send next.
      const next = await owner.post(ITEM_UPDATE, { where: { id: item.id, expectedVersion: instanceVersion(res.body.data) }, props: { title: 'Hall 2' } });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
    });
    it('a write based on an older version is refused with 409, the item as it is now, and nothing written', async () => {
      const order = await newOrder();
      const item = await newItem(order.id);
      const seenByTabB = instanceVersion(item);
      // Tab A changes the title.
      expect((await owner.post(ITEM_UPDATE, { where: { id: item.id, expectedVersion: instanceVersion(item) }, props: { title: 'From tab A' } })).status).toBe(200);
      // Tab B, still showing the old item, changes the quantity.
      const res = await member.post(ITEM_UPDATE, { where: { id: item.id, expectedVersion: seenByTabB }, props: { quantity: 9 } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('itemChanged');
      expect(res.body.error.message).toMatch(/changed elsewhere/);
      expect(res.body.error.details.instance.title).toBe('From tab A');
      const stored = (await t.repos.productInstances.findOne({ id: item.id }))!;
      expect(stored.quantity).toBe(1);
      expect(stored.title).toBe('From tab A');
    });
    it('a rank change of another item does not count as a change of this one', async () => {
      const order = await newOrder();
      const first = await newItem(order.id);
      const second = await newItem(order.id, { title: 'Second' });
      expect((await owner.post(ITEM_UPDATE, { where: { id: second.id }, props: { rank: 1 } })).status).toBe(200);
      const res = await owner.post(ITEM_UPDATE, { where: { id: first.id, expectedVersion: instanceVersion(first) }, props: { quantity: 2 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });

  describe('discarding an order left untouched', () => {
    it('the owner discards an untitled, empty order never prompted for project info; it is gone', async () => {
      const order = await newOrder();
      const res = await owner.post(ORDER_DESTROY, { where: { id: order.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await t.repos.productOrders.findOne({ id: order.id })).toBeUndefined();
      expect((await owner.post(ORDER_DATA, { orgId: 1392, productOrderOrgSpecificId: order.orgSpecificId })).status).toBe(404);
    });
    it('a guest discards their own such order; an employee may discard one too', async () => {
      const mine = await newOrder(guest);
      expect((await guest.post(ORDER_DESTROY, { where: { id: mine.id } })).status).toBe(200);
      const owners = await newOrder(owner);
      expect((await member.post(ORDER_DESTROY, { where: { id: owners.id } })).status).toBe(200);
    });
    it('a guest cannot discard an order they do not own (it answers like a missing one)', async () => {
      const owners = await newOrder(owner);
      expect((await guest.post(ORDER_DESTROY, { where: { id: owners.id } })).status).toBe(404);
      expect(await t.repos.productOrders.findOne({ id: owners.id })).toBeDefined();
    });
    it.each([
      ['it has items', async (id: number) => void (await newItem(id))],
      ['its project information was asked for', async (id: number) => void (await owner.post(ORDER_UPDATE, { where: { id }, props: { promptedForProjectInfo: 1 } }))],
      ['it has a title', async (id: number) => void (await owner.post(ORDER_UPDATE, { where: { id }, props: { title: 'Lobby' } }))],
    ])('an order is kept when %s (409, still there)', async (reason, prepare) => {
      const order = await newOrder();
      await prepare(order.id);
      const res = await owner.post(ORDER_DESTROY, { where: { id: order.id } });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(`This order is kept: ${reason}.`);
      expect(await t.repos.productOrders.findOne({ id: order.id })).toBeDefined();
    });
  });
});
