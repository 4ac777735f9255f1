import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentBackChanges, type SentBackSnapshot } from '@cpq/domain';
import { Client, CONTACT, databases, startSignedIn, type TestApp } from './helpers.ts';
import { ITEM_UPDATE, ORDER_UPDATE } from './paths.ts';

const C = '/api/configurator';
const SNAPSHOT = `${C}/get-order-sent-back-snapshot`;

/**
 * The copy kept when an order is sent back (decision 0097), on both databases: written with
 * "Requires Changes", read by employees only, compared with the order as it is now; parallel
 * send-backs of one order have one effect.
 */
describe.each(databases)('what changed since an order was sent back, on $name', (dbCase) => {
  let t: TestApp, owner: Client, member: Client, guest: Client;
  beforeAll(async () => ({ t, owner, member, guest } = await startSignedIn(dbCase, 850, ['owner', 'member', 'guest'])));
  afterAll(async () => t?.close());

  // Maple Street Renovation: the guest's order, submitted for approval in the demo.
  const maple = async () => (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 2 }))!;

  it('sent back, a quantity changed, submitted again: the employee sees the change, the guest gets nothing', async () => {
    const order = await maple();
    expect(order.lastCompletedStatusKey).toBe('submittedForApproval');
    // Never sent back: nothing kept yet.
    const none = await owner.post(SNAPSHOT, { productOrderId: order.id });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data).toBeNull();

    const items = await t.repos.productInstances.find({ productOrderId: order.id }, { orderBy: ['rank', 'id'] });
    expect(items.length).toBeGreaterThan(0);
    const first = items[0]!;
    const q = Number(first.quantity);
    const sent = await owner.post(`${C}/product-order/action-required`, { productOrderId: order.id, feedbackNotes: 'Two more of the first one, please.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    expect((await guest.post(ITEM_UPDATE, { where: { id: first.id }, props: { quantity: q + 2 } })).status).toBe(200);
    await guest.post(ORDER_UPDATE, { where: { id: order.id }, props: CONTACT });
    const again = await guest.post(`${C}/submit-order`, { productOrderId: order.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    for (const employee of [owner, member]) {
      const res = await employee.post(SNAPSHOT, { productOrderId: order.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const snap = res.body.data as SentBackSnapshot;
      // What the order held when it was sent back: every item, with its quantity and stored prices then, and the total then.
      expect(snap.items.map((i) => i.id)).toEqual(items.map((i) => Number(i.id)));
      expect(snap.items.map((i) => i.quantity)).toEqual(items.map((i) => Number(i.quantity)));
      expect(snap.items.map((i) => i.totalPriceInCents)).toEqual(items.map((i) => Number(i.totalPriceInCents)));
      expect(snap.orderTotalInCents).toBe(order.costs.orderTotal);
      expect(snap.items[0]!.options.every((o) => typeof o.property === 'string' && typeof o.value === 'string')).toBe(true);
      // Against the items now: the quantity line, nothing added or removed.
      const now = await t.repos.productInstances.find({ productOrderId: order.id }, { orderBy: ['rank', 'id'] });
      const current = snap.items.map((i) => ({ ...i, quantity: Number(now.find((n) => Number(n.id) === i.id)!.quantity) }));
      const changes = sentBackChanges(snap, { items: current });
      expect(changes).toEqual([{ kind: 'changed', item: snap.items[0]!.title, text: `Quantity ${q} → ${q + 2}` }]);
    }

    // A guest never receives it (the order is theirs), and it is not in anything else they read.
    const denied = await guest.post(SNAPSHOT, { productOrderId: order.id });
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).not.toContain('Two more');
    expect(JSON.stringify(denied.body)).not.toContain('"items"');
    // Bad input: a clear 400, nothing read.
    expect((await owner.post(SNAPSHOT, { productOrderId: 'x' })).status).toBe(400);
    expect((await owner.post(SNAPSHOT, { productOrderId: order.id, extra: 1 })).status).toBe(400);
  });

  it('ten parallel send-backs of one order: one status change, one copy, no server error', async () => {
    const order = await maple();
    expect(order.lastCompletedStatusKey).toBe('submittedForApproval');
    const eventsBefore = await t.db('order_status_events').where({ product_order_id: order.id, action: 'requireChanges' }).count({ n: '*' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => (n % 2 ? member : owner).post(`${C}/product-order/action-required`, { productOrderId: order.id, feedbackNotes: `Round ${n}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const eventsAfter = await t.db('order_status_events').where({ product_order_id: order.id, action: 'requireChanges' }).count({ n: '*' });
    expect(Number(eventsAfter[0]!.n)).toBe(Number(eventsBefore[0]!.n) + 1);
    const rows = await t.db('order_sent_back_snapshots').where({ product_order_id: order.id });
    expect(rows).toHaveLength(1);
    // The copy is the order as it was when the one send-back went through: the quantities it holds now.
    const items = await t.repos.productInstances.find({ productOrderId: order.id }, { orderBy: ['rank', 'id'] });
    const snap = (await owner.post(SNAPSHOT, { productOrderId: order.id })).body.data as SentBackSnapshot;
    expect(snap.items.map((i) => i.quantity)).toEqual(items.map((i) => Number(i.quantity)));
    expect(sentBackChanges(snap, { items: snap.items })).toEqual([]);
  });
});
