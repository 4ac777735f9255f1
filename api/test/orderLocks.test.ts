import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, CONTACT, databases, startSignedIn, startTestApp, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ITEM_UPDATE, ORDER_UPDATE } from './paths.ts';

const C = '/api/configurator';

/**
 * What each status allows, over HTTP on both databases. Expected results are written here from the
 * rule, not read from the code: a customer edits freely until the order is submitted; after
 * submission its items and prices are locked for them until it is sent back; once approved (any
 * later step, payments included) they are locked for everyone until staff reopen it with a reason.
 * Contact details stay the customer's to fix until payment; costs are staff's (a guest never sends
 * them: 403). A refused write is 409 with the reason and changes nothing.
 */

// 850's steps: orderStarted, submittedForApproval, readyToPayDeposit (payment), depositReceived (static), inProduction, ...
type Step = 'orderStarted' | 'submittedForApproval' | 'readyToPayDeposit' | 'depositReceived' | 'inProduction';
type Write = 'addItem' | 'option' | 'quantity' | 'details' | 'costs';
type Who = 'guest' | 'member';

//                               addItem option quantity details costs
const EXPECTED: Record<Step, Record<Who, [number, number, number, number, number]>> = {
  orderStarted: /*        */ { guest: [200, 200, 200, 200, 403], member: [200, 200, 200, 200, 200] },
  submittedForApproval: /**/ { guest: [409, 409, 409, 200, 403], member: [200, 200, 200, 200, 200] },
  readyToPayDeposit: /*   */ { guest: [409, 409, 409, 200, 403], member: [409, 409, 409, 200, 409] },
  // Paid: the deposit was received.
  depositReceived: /*     */ { guest: [409, 409, 409, 409, 403], member: [409, 409, 409, 200, 409] },
  inProduction: /*        */ { guest: [409, 409, 409, 409, 403], member: [409, 409, 409, 200, 409] },
};
const WRITES: readonly Write[] = ['addItem', 'option', 'quantity', 'details', 'costs'];
const STEPS_850 = ['orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'depositReceived', 'inProduction'];

describe.each(databases)('what each status allows on $name', (dbCase) => {
  let t: TestApp, owner: Client, member: Client, guest: Client;
  beforeAll(async () => ({ t, owner, member, guest } = await startSignedIn(dbCase, 850, ['owner', 'member', 'guest'])));
  afterAll(async () => t?.close());

  const orderRow = async (id: number) => (await t.repos.productOrders.findOne({ id }))!;
  const userId = async (email: string) => (await t.repos.users.findOne({ email }))!.id;
  const events = async (id: number) => (await t.db('order_status_events').where({ product_order_id: id }).orderBy('id')) as Array<{ action: string; user_id: number | null; note: string | null; from_status_key: string | null; to_status_key: string | null }>;

  /** A guest's 850 order with one keypad, its contact details filled, put at `step` (set directly: this is the test's setup). */
  async function orderAt(step: Step, paidInCents = 0): Promise<{ id: number; itemId: number }> {
    const created = await guest.post(CREATE_ORDER, { productOrderProps: { orgId: 850, title: `Locks at ${step}`, productCategoryId: 1 } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect((await guest.post(ORDER_UPDATE, { where: { id }, props: CONTACT })).status).toBe(200);
    const item = await guest.post(ITEM_CREATE, { props: { productOrderId: id, productId: 98, title: 'Hall' } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    const upTo = STEPS_850.indexOf(step);
    const statusData: Record<string, Record<string, unknown>> = Object.fromEntries(STEPS_850.slice(0, upTo + 1).map((k) => [k, { date: '2026-11-01 10:00:00' }]));
    if (paidInCents) statusData['readyToPayDeposit'] = { date: '2026-11-01 10:00:00', paymentAmountInCents: paidInCents, paymentMethod: 'wire', paidDate: '2026-11-01 10:00:00' };
    await t.repos.productOrders.update({ id }, { statusData, lastCompletedStatusKey: step, amountPaidInCents: paidInCents });
    return { id, itemId: item.body.data.id as number };
  }

  function send(who: Client, write: Write, o: { id: number; itemId: number }) {
    switch (write) {
      case 'addItem':
        return who.post(ITEM_CREATE, { props: { productOrderId: o.id, productId: 98, title: 'Added' } });
      case 'option':
        return who.post(ITEM_UPDATE, { where: { id: o.itemId }, props: { properties: { '7': { optionId: 23 } } } });
      case 'quantity':
        return who.post(ITEM_UPDATE, { where: { id: o.itemId }, props: { quantity: 3 } });
      case 'details':
        return who.post(ORDER_UPDATE, { where: { id: o.id }, props: { projectName: 'Changed' } });
      case 'costs':
        return who.post(ORDER_UPDATE, { where: { id: o.id }, props: { discountPercentage: 5 } });
    }
  }

  for (const step of Object.keys(EXPECTED) as Step[]) {
    for (const who of ['guest', 'member'] as const) {
      it(`${who} at ${step}: ${WRITES.map((w, i) => `${w} ${EXPECTED[step][who][i]}`).join(', ')}`, async () => {
        const o = await orderAt(step, step === 'depositReceived' || step === 'inProduction' ? 10000 : 0);
        const client = who === 'guest' ? guest : member;
        for (const [i, write] of WRITES.entries()) {
          const before = await orderRow(o.id);
          const items = await t.repos.productInstances.count({ productOrderId: o.id });
          const res = await send(client, write, o);
          const expected = EXPECTED[step][who][i]!;
          expect(res.status, `${write}: ${JSON.stringify(res.body)}`).toBe(expected);
          if (expected === 409) {
            expect(res.body.error.code).toBe('orderLocked');
            expect(res.body.error.message).toMatch(/^This order (has been|is past)/);
          }
          if (expected !== 200) {
            // Refused whole: nothing written.
            const after = await orderRow(o.id);
            expect(after.revision).toBe(before.revision);
            expect(after.costs).toEqual(before.costs);
            expect(await t.repos.productInstances.count({ productOrderId: o.id })).toBe(items);
          }
        }
      });
    }
  }

  it('a customer reads why, in words for them', async () => {
    const submitted = await orderAt('submittedForApproval');
    const res = await guest.post(ITEM_UPDATE, { where: { id: submitted.itemId }, props: { quantity: 2 } });
    expect(res.body.error.message).toBe('This order has been submitted for review, so its items and prices can no longer be changed. If something needs to change, ask for the order to be sent back for changes.');
    const paid = await orderAt('depositReceived', 10000);
    const again = await guest.post(ITEM_UPDATE, { where: { id: paid.itemId }, props: { quantity: 2 } });
    expect(again.body.error.message).toBe('This order has been approved, so its items and prices are locked. If something needs to change, contact us: staff can reopen the order for changes.');
  });

  it('a customer with hidden prices cannot cancel an order in production; staff can while nothing is paid', async () => {
    const o = await orderAt('inProduction');
    const res = await guest.post(`${C}/product-order/cancel`, { productOrderId: o.id });
    expect(res.status).toBe(409);
    expect((await orderRow(o.id)).lastCompletedStatusKey).toBe('inProduction');
    expect((await owner.post(`${C}/product-order/cancel`, { productOrderId: o.id })).status).toBe(200);
    expect((await orderRow(o.id)).lastCompletedStatusKey).toBe('orderStarted');
  });

  it('reopen: staff only, with a reason, on a locked order; back to the first step, the money kept, the reason on the timeline; a higher total makes a balance due', async () => {
    const created = await orderAt('depositReceived');
    // A real deposit of half the order's total (850's terms).
    const deposit = Number((await orderRow(created.id)).costs!.depositAmount);
    expect(deposit).toBeGreaterThan(0);
    await t.repos.productOrders.update({ id: created.id }, { amountPaidInCents: deposit, statusData: { ...(await orderRow(created.id)).statusData, readyToPayDeposit: { date: '2026-11-01 10:00:00', paymentAmountInCents: deposit, paymentMethod: 'wire' } } });
    const reopen = (who: Client, body: Record<string, unknown>) => who.post(`${C}/product-order/reopen`, { productOrderId: created.id, ...body });

    expect((await reopen(guest, { reason: 'Please' })).status).toBe(403);
    const blank = await reopen(member, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect((await orderRow(created.id)).lastCompletedStatusKey).toBe('depositReceived');

    const done = await reopen(member, { reason: 'The customer wants three keypads.', expectedStatusKey: 'depositReceived' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.lastCompletedStatusKey).toBe('orderStarted');
    expect(done.body.data.feedbackNotes).toBe('The customer wants three keypads.');
    const reopened = await orderRow(created.id);
    expect(Number(reopened.amountPaidInCents)).toBe(deposit);
    const last = (await events(created.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'reopen', note: 'The customer wants three keypads.', from_status_key: 'depositReceived', to_status_key: 'orderStarted', user_id: await userId('member-850@demo.test') });
    // The timeline as staff read it names who and when.
    const timeline = await owner.post(`${C}/get-order-status-events`, { productOrderId: created.id });
    expect(timeline.body.data.at(-1)).toMatchObject({ action: 'reopen', note: 'The customer wants three keypads.' });
    expect(timeline.body.data.at(-1).userName).toBeTruthy();
    expect(timeline.body.data.at(-1).at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Open again: the customer changes the quantity; the total rises and the paid amount does not move.
    const before = Number(reopened.costs!.orderTotal);
    expect((await guest.post(ITEM_UPDATE, { where: { id: created.itemId }, props: { quantity: 3 } })).status).toBe(200);
    const changed = await orderRow(created.id);
    expect(Number(changed.costs!.orderTotal)).toBeGreaterThan(before);
    expect(Number(changed.amountPaidInCents)).toBe(deposit);
    // Reopening an open order has no sense.
    const twice = await reopen(owner, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This order is not locked: it can be changed without reopening it.');
  });

  it('ten reopen calls at once: one takes effect, the others are refused, no 5xx', async () => {
    const o = await orderAt('inProduction');
    const answers = await Promise.all(Array.from({ length: 10 }, () => member.post(`${C}/product-order/reopen`, { productOrderId: o.id, reason: 'Same click ten times.', expectedStatusKey: 'inProduction' })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await events(o.id)).filter((e) => e.action === 'reopen')).toHaveLength(1);
  });

  it('ten parallel item writes to a paid order: all refused, nothing written, no 5xx', async () => {
    const o = await orderAt('depositReceived', 10000);
    const before = await orderRow(o.id);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? guest : member).post(ITEM_UPDATE, { where: { id: o.itemId }, props: { quantity: 4 } })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(409));
    expect((await orderRow(o.id)).revision).toBe(before.revision);
  });

  it('a status dot to Shipped on an unpaid order reaches no payment step (850 ships without final payment: the balance stays due)', async () => {
    const o = await orderAt('submittedForApproval');
    const res = await owner.post(`${C}/update-order-status`, { productOrderId: o.id, statusKey: 'shipped' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await orderRow(o.id);
    expect(row.lastCompletedStatusKey).toBe('shipped');
    expect(Number(row.amountPaidInCents)).toBe(0);
    const data = row.statusData as Record<string, unknown>;
    for (const key of ['readyToPayDeposit', 'depositReceived', 'finalPaymentReceived']) expect(data[key], key).toBeUndefined();
    const moved = (await events(o.id)).at(-1)!;
    expect(moved).toMatchObject({ action: 'setStatus', to_status_key: 'shipped', user_id: await userId('owner-850@demo.test') });
  });
});

describe.each(databases)('shipping with a balance due on $name', (dbCase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an organisation that does not ship without final payment refuses Shipped while a balance is due, and changes nothing', async () => {
    const owner = await t.as('owner-1392@demo.test');
    const seeded = (await t.repos.productOrders.findOne({ orgId: 1392, orgSpecificId: 2 }))!; // In Production
    expect(seeded.lastCompletedStatusKey).toBe('inProduction');
    // Setup: nothing paid yet (the demo paid it by wire).
    const statusData = { ...(seeded.statusData as Record<string, unknown>), readyToPay: { date: '2026-11-01 10:00:00' } };
    await t.repos.productOrders.update({ id: seeded.id }, { amountPaidInCents: 0, statusData });
    const order = (await t.repos.productOrders.findOne({ id: seeded.id }))!;
    const res = await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'shipped' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This order cannot be marked as shipped before it is paid in full.');
    expect((await t.repos.productOrders.findOne({ id: order.id }))!.revision).toBe(order.revision);
    // Once the balance is recorded (a wire received), it ships.
    await t.repos.productOrders.update({ id: order.id }, { amountPaidInCents: Number(order.costs!.orderTotal) });
    expect((await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'shipped' })).status).toBe(200);
  });
});
