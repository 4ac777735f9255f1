import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startSignedIn, type Client, type TestApp } from './helpers.ts';

/**
 * A seeded demo order past its first step has the history its steps would have recorded (decision
 * 0088), written from 850's steps: Cliffside Villa reached the fifth (Order Started, Submitted for
 * Approval, Deposit Due, Deposit Received, In Production): the customer submitted, an owner approved,
 * the deposit was paid by wire and the order moved on twice. An order still at its first step has none.
 */
describe.each(databases)('demo order history on $name', (dbCase) => {
  let t: TestApp, owner: Client;

  beforeAll(async () => ({ t, owner } = await startSignedIn(dbCase, 850, ['owner'])));
  afterAll(async () => t?.close());

  const orderId = async (title: string) => Number((await t.db('product_orders').where({ org_id: 850, title }).first('id'))!.id);
  const history = async (title: string) => {
    const res = await owner.post('/api/configurator/get-order-status-events', { productOrderId: await orderId(title) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Array<{ action: string; userName: string | null; fromStatusKey: string | null; toStatusKey: string | null; amountInCents: number | null; paymentMethod: string | null; at: string }>;
  };

  it('lists the steps of an order in production: submit, approve, the wire deposit, then the moves', async () => {
    const events = await history('Cliffside Villa');
    expect(events.map((e) => [e.action, e.fromStatusKey, e.toStatusKey])).toEqual([
      ['submit', 'orderStarted', 'submittedForApproval'],
      ['approve', 'submittedForApproval', 'readyToPayDeposit'],
      ['paymentConfirmed', 'readyToPayDeposit', 'readyToPayDeposit'],
      ['setStatus', 'readyToPayDeposit', 'depositReceived'],
      ['setStatus', 'depositReceived', 'inProduction'],
    ]);
    const order = await t.repos.productOrders.findOne({ title: 'Cliffside Villa' });
    const deposit = Number((order as { statusData: Record<string, { paymentAmountInCents?: number }> }).statusData.readyToPayDeposit!.paymentAmountInCents);
    expect(deposit).toBeGreaterThan(0);
    expect(events[2]).toMatchObject({ amountInCents: deposit, paymentMethod: 'wire' });
    // Dated as the steps: in order, none in the future.
    const times = events.map((e) => Date.parse(`${e.at.replace(' ', 'T')}Z`));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Math.max(...times)).toBeLessThan(Date.now());
  });

  it('has none for an order still at its first step', async () => {
    expect(await history('Harbour View Residence')).toEqual([]);
  });
});
