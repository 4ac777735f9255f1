import path from 'node:path';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createDb } from '../src/db/knex.ts';
import { SimulatedPaymentProvider } from '../src/adapters/payments/index.ts';
import type { Mailer } from '../src/adapters/mail/index.ts';
import { Client, CONTACT, databases, startTestApp, type TestApp } from './helpers.ts';
import { ORDER_UPDATE } from './paths.ts';

const C = '/api/configurator';
/** The simulated provider completes a confirmed card payment after this long, on the clock below. */
const DELAY_MS = 60_000;
/**
 * The providers' clock: real time plus what a test skips. A confirmed payment settles only when a test
 * skips past its delay, so what a test sees right after confirming never depends on how fast the
 * request ran.
 */
const clock = { skipped: 0, now: () => Date.now() + clock.skipped, skip: (ms: number) => void (clock.skipped += ms) };
const provider = (db: Knex) => new SimulatedPaymentProvider(db, { delayMs: DELAY_MS, now: clock.now });

interface Sent {
  to: string[];
  subject: string;
  text: string;
}
function memoryMailer(): Mailer & { sent: Sent[] } {
  const sent: Sent[] = [];
  return { sent, send: async (m) => (sent.push({ to: m.to, subject: m.subject, text: m.text }), { messageId: String(sent.length) }) };
}

const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000000000000002' };


/**
 * Order status, approval and payment over HTTP, on both databases. Expected values come from the
 * rules (decisions 0041 and 0042): the submit checks in their order with their texts, the steps of
 * 850's status list, the deposit from the order's costs, one charge per payment.
 */
describe.each(databases)('order status and payments on $name', (dbCase) => {
  let t: TestApp;
  const mailer = memoryMailer();
  let owner: Client;
  let guest: Client;
  beforeAll(async () => {
    t = await startTestApp(dbCase, { mailer, publicUrl: 'https://portal.test', paymentsFor: provider });
    owner = await t.as('owner-850@demo.test');
    guest = await t.as('guest-850@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const orderRow = async (id: number) => (await t.repos.productOrders.findOne({ id }))!;
  const byNumber = async (orgSpecificId: number, orgId = 850) => (await t.repos.productOrders.findOne({ orgId, orgSpecificId }))!;
  const events = async (id: number) => (await t.db('order_status_events').where({ product_order_id: id }).orderBy('id')) as Array<{ action: string; from_status_key: string | null; to_status_key: string | null; amount_in_cents: number | null; user_id: number | null }>;

  it('submit runs the five checks in order, each with its message, then submits and mails the organisation', async () => {
    const created = await guest.post(`${C}/create-product-order`, { productOrderProps: { orgId: 850, title: 'Status checks', productCategoryId: 1 } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const expectRefusal = async (message: string) => {
      const res = await guest.post(`${C}/submit-order`, { productOrderId: id });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(message);
      expect((await orderRow(id)).lastCompletedStatusKey).toBe('orderStarted');
    };
    const update = async (props: Record<string, unknown>) => expect((await guest.post(ORDER_UPDATE, { where: { id }, props })).status).toBe(200);
    await update({ phone: '555-0142' });
    await expectRefusal('A valid, 10-digit contact phone number is required to proceed.');
    await update({ phone: CONTACT.phone, deliveryAddress: { ...CONTACT.deliveryAddress, zip: '' } });
    await expectRefusal('A complete delivery address is required to proceed.');
    await update({ deliveryAddress: CONTACT.deliveryAddress });
    await expectRefusal('Company is required to proceed.');
    await update({ firmName: CONTACT.firmName });
    await expectRefusal('A contact email is required to proceed.');
    await update({ clientEmails: CONTACT.clientEmails });
    const before = mailer.sent.length;
    const res = await guest.post(`${C}/submit-order`, { productOrderId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.lastCompletedStatusKey).toBe('submittedForApproval');
    expect(Object.keys(res.body.data.statusData)).toEqual(['orderStarted', 'submittedForApproval']);
    const stored = await orderRow(id);
    expect(stored.lastCompletedStatusKey).toBe('submittedForApproval');
    // Mailed to the organisation (its owner), not to the customer.
    const mail = mailer.sent.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toContain('owner-850@demo.test');
    expect(mail[0]!.text).toContain(`https://portal.test/orders/${stored.orgSpecificId}`);
    // A second submit is refused with a sentence, and nothing changes.
    const again = await guest.post(`${C}/submit-order`, { productOrderId: id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already been submitted/);
  });

  it('an item with an invalid configuration is the first check', async () => {
    const order = await byNumber(1); // Harbour View: plate 26/139 makes its first keypad's layout invalid
    const items = await t.repos.productInstances.find({ productOrderId: order.id });
    await t.db('product_instances').where({ id: items[0]!.id }).update({ is_valid: 0 });
    const res = await owner.post(`${C}/submit-order`, { productOrderId: order.id });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('It looks like an item has an invalid configuration.\n\nPlease review your items and update any red selections.');
  });

  it('requires changes with feedback, the guest resubmits, the owner approves; only employees review', async () => {
    const order = await byNumber(2); // Maple Street Renovation, the guest's, submitted for approval
    expect(order.lastCompletedStatusKey).toBe('submittedForApproval');
    const seeded = (await events(order.id)).length; // the demo's own history of how it got here
    expect((await guest.post(`${C}/approve-order`, { productOrderId: order.id })).status).toBe(403);
    expect((await guest.post(`${C}/product-order/action-required`, { productOrderId: order.id, feedbackNotes: 'x' })).status).toBe(403);
    // An empty note is refused by the schema, nothing changes.
    expect((await owner.post(`${C}/product-order/action-required`, { productOrderId: order.id, feedbackNotes: '   ' })).status).toBe(400);
    const before = mailer.sent.length;
    const sent = await owner.post(`${C}/product-order/action-required`, { productOrderId: order.id, feedbackNotes: 'Please choose the plate finish.' });
    expect(sent.status).toBe(200);
    expect(sent.body.data.lastCompletedStatusKey).toBe('orderStarted');
    expect(sent.body.data.feedbackNotes).toBe('Please choose the plate finish.');
    expect(Object.keys(sent.body.data.statusData)).toEqual(['orderStarted']);
    expect(mailer.sent.slice(before).map((m) => m.to)).toEqual([['guest-850@demo.test']]);
    expect(mailer.sent.at(-1)!.text).toContain('Please choose the plate finish.');

    await guest.post(ORDER_UPDATE, { where: { id: order.id }, props: CONTACT });
    const resubmitted = await guest.post(`${C}/submit-order`, { productOrderId: order.id });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body.data.feedbackNotes).toBeNull();
    const approved = await owner.post(`${C}/approve-order`, { productOrderId: order.id });
    expect(approved.status).toBe(200);
    expect(approved.body.data.lastCompletedStatusKey).toBe('readyToPayDeposit');
    const actions = (await events(order.id)).slice(seeded).map((e) => e.action);
    expect(actions).toEqual(['requireChanges', 'submit', 'approve']);
  });

  it('card payment of the deposit: a decline answers the provider message and clears processing; a good card processes, then pays once', async () => {
    const order = await byNumber(2);
    expect(order.lastCompletedStatusKey).toBe('readyToPayDeposit');
    const deposit = order.costs.depositAmount;
    expect(deposit).toBeGreaterThan(0);
    expect(deposit).toBeLessThan(order.costs.orderTotal);
    // Test payments are for staff.
    expect((await guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'test', payInFull: false })).status).toBe(403);
    const intent = await guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: false });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.data.amountInCents).toBe(deposit);
    const paymentIntentId = intent.body.data.paymentIntentId as string;
    // Asked again (a reload): the same intent.
    const again = await guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: false });
    expect(again.body.data.paymentIntentId).toBe(paymentIntentId);

    const confirm = (card: object, amount = deposit) => guest.post(`${C}/confirm-order-payment`, { productOrderId: order.id, paymentMethod: 'stripe', paymentData: { amount, paymentIntentId, card }, payInFull: false, paymentEnvironment: 'live' });
    // The amount the person saw must be the server's.
    expect((await confirm(GOOD_CARD, deposit + 1)).status).toBe(409);
    const declined = await confirm(DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Your card was declined.');
    expect((await orderRow(order.id)).isProcessingPayment).toBe(0);

    // A double click: two confirmations at once, one charge.
    const [a, b] = await Promise.all([confirm(GOOD_CARD), confirm(GOOD_CARD)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body.data.isProcessingPayment).toBe(1);
    // Polled before the provider completes: still processing, nothing paid.
    const early = await guest.post(`${C}/get-stripe-payment-intent`, { paymentIntentId, paymentEnvironment: 'live' });
    expect(early.status).toBe(200);
    expect(early.body.data.order.isProcessingPayment).toBe(1);
    expect(Number((await orderRow(order.id)).amountPaidInCents)).toBe(0);
    // Polled after it completes.
    clock.skip(DELAY_MS);
    const polled = await guest.post(`${C}/get-stripe-payment-intent`, { paymentIntentId, paymentEnvironment: 'live' });
    expect(polled.status).toBe(200);
    expect(polled.body.data.order.isProcessingPayment).toBe(0);
    expect(polled.body.data.paymentIntent.status).toBe('succeeded');
    const paid = await orderRow(order.id);
    expect(Number(paid.amountPaidInCents)).toBe(deposit);
    expect(paid.lastCompletedStatusKey).toBe('depositReceived');
    expect(paid.statusData.readyToPayDeposit!.paymentAmountInCents).toBe(deposit);
    // Polling again applies nothing twice.
    await guest.post(`${C}/get-stripe-payment-intent`, { paymentIntentId, paymentEnvironment: 'live' });
    expect(Number((await orderRow(order.id)).amountPaidInCents)).toBe(deposit);
    const payEvents = (await events(order.id)).filter((e) => e.action.startsWith('payment'));
    expect(payEvents.map((e) => e.action)).toEqual(['paymentStarted', 'paymentFailed', 'paymentStarted', 'paymentSucceeded']);
    expect(payEvents.at(-1)!.user_id).toBeNull();
    // Nothing can be cancelled once paid.
    const cancel = await guest.post(`${C}/product-order/cancel`, { productOrderId: order.id });
    expect(cancel.status).toBe(409);
  });

  it('an employee moves the order on (the customer is told unless asked not to); 850 ships without the final payment, then the balance is paid', async () => {
    const order = await byNumber(2);
    expect((await guest.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'inProduction' })).status).toBe(403);
    expect((await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'nowhere' })).status).toBe(409);
    const before = mailer.sent.length;
    const moved = await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'inProduction' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.lastCompletedStatusKey).toBe('inProduction');
    expect(mailer.sent.slice(before).map((m) => m.subject)).toEqual([expect.stringContaining('In Production')]);
    const quiet = await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'shipped', skipNotifyingGuest: true });
    expect(quiet.status).toBe(200);
    expect(mailer.sent.length).toBe(before + 1);
    // The final payment was not made: its step does not look reached (only the deposit's does).
    expect(quiet.body.data.statusData.finalPaymentReceived).toBeUndefined();
    expect(quiet.body.data.statusData.readyToPayDeposit.paymentAmountInCents).toBeGreaterThan(0);

    const shipped = await orderRow(order.id);
    const balance = shipped.costs.orderTotal - Number(shipped.amountPaidInCents);
    expect(balance).toBeGreaterThan(0);
    const intent = await guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: true });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.data.amountInCents).toBe(balance);
    const paymentIntentId = intent.body.data.paymentIntentId;
    const confirmed = await guest.post(`${C}/confirm-order-payment`, { productOrderId: order.id, paymentMethod: 'stripe', paymentData: { amount: balance, paymentIntentId, card: GOOD_CARD }, payInFull: true });
    expect(confirmed.status).toBe(200);
    clock.skip(DELAY_MS);
    await guest.post(`${C}/get-stripe-payment-intent`, { paymentIntentId, paymentEnvironment: 'live' });
    const done = await orderRow(order.id);
    expect(Number(done.amountPaidInCents)).toBe(done.costs.orderTotal);
    expect(done.lastCompletedStatusKey).toBe('shipped');
  });

  it('wire transfer: the customer confirms, sees the thank-you state; the employee moving on records the payment', async () => {
    const order = await byNumber(3); // Atelier Noor: member-850's, at readyToPayDeposit
    expect(order.lastCompletedStatusKey).toBe('readyToPayDeposit');
    const seeded = (await events(order.id)).length; // the demo's own history of how it got here
    const member = await t.as('member-850@demo.test');
    await member.post(ORDER_UPDATE, { where: { id: order.id }, props: CONTACT });
    const deposit = order.costs.depositAmount;
    const res = await member.post(`${C}/confirm-order-payment`, { productOrderId: order.id, paymentMethod: 'wire', paymentData: { amount: deposit }, payInFull: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.statusData.readyToPayDeposit.awaitingPaymentMethod).toBe('wire');
    expect(Number((await orderRow(order.id)).amountPaidInCents)).toBe(0);
    const moved = await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'depositReceived' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.amountPaidInCents).toBe(deposit);
    const timeline = await owner.post(`${C}/get-order-status-events`, { productOrderId: order.id });
    expect(timeline.status).toBe(200);
    // The new delivery address changed the approved quote's printed details: a new revision (decision 0122).
    expect(timeline.body.data.slice(seeded).map((e: { action: string }) => e.action)).toEqual(['amendRevision', 'paymentConfirmed', 'setStatus']);
    expect(timeline.body.data[seeded + 1]).toMatchObject({ paymentMethod: 'wire', amountInCents: deposit, fromStatusKey: 'readyToPayDeposit', toStatusKey: 'readyToPayDeposit' });
    expect(timeline.body.data[seeded + 2].userName).toBe('Eleanor Whitcombe');
  });

  it('cancel: only past the first step with nothing paid; it resets to the first step', async () => {
    const order = await byNumber(2, 1053); // Kitchen Fronts — Berg, the 1053 guest's, submitted
    const g = await t.as('guest-1053@demo.test');
    const res = await g.post(`${C}/product-order/cancel`, { productOrderId: order.id });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.statusData)).toEqual(['orderStarted']);
    expect(res.body.data.lastCompletedStatusKey).toBe('orderStarted');
    const twice = await g.post(`${C}/product-order/cancel`, { productOrderId: order.id });
    expect(twice.status).toBe(409);
  });

  it('get-tax-rate: the state table, 850 skips CA and NY', async () => {
    const me = await owner.post(`${C}/get-tax-rate`, { orgId: 850, deliveryAddress: { state: 'ME' } });
    expect(me.body.data).toEqual({ taxRate: 5.5, skippedReason: null });
    const ca = await owner.post(`${C}/get-tax-rate`, { orgId: 850, deliveryAddress: { state: 'CA' } });
    expect(ca.body.data).toEqual({ taxRate: null, skippedReason: 'organisationSkipsState' });
    const o1053 = await t.as('owner-1053@demo.test');
    const ca1053 = await o1053.post(`${C}/get-tax-rate`, { orgId: 1053, deliveryAddress: { state: 'CA' } });
    expect(ca1053.body.data).toEqual({ taxRate: 7.25, skippedReason: null });
    expect((await owner.post(`${C}/get-tax-rate`, { orgId: 850, deliveryAddress: { state: 'ZZ' } })).body.data).toEqual({ taxRate: null, skippedReason: 'unknownState' });
  });

  if (dbCase.name === 'mysql') {
    it('approve and cancel at once: exactly one wins, the other gets 409', async () => {
      const order = await byNumber(2, 1798); // Cafe Feature Wall: guest-1798's
      await t.db('product_orders').where({ id: order.id }).update({ status_data: JSON.stringify({ orderStarted: { date: '2026-01-01 00:00:00' }, submittedForApproval: { date: '2026-01-02 00:00:00' } }), last_completed_status_key: 'submittedForApproval' });
      const o = await t.as('owner-1798@demo.test');
      const g = await t.as('guest-1798@demo.test');
      // Both made on the same view of the order (the step each person saw is sent along).
      const seen = { productOrderId: order.id, expectedStatusKey: 'submittedForApproval' };
      const [approve, cancel] = await Promise.all([o.post(`${C}/approve-order`, seen), g.post(`${C}/product-order/cancel`, seen)]);
      expect([approve.status, cancel.status].sort()).toEqual([200, 409]);
      const after = await orderRow(order.id);
      expect(after.lastCompletedStatusKey).toBe(approve.status === 200 ? 'proofApproved' : 'orderStarted');
      const loser = approve.status === 409 ? approve : cancel;
      expect(loser.body.error.message).toBe("This order's status has just changed. Reload the order to see it.");
    });

    it('two API processes on one database: a payment confirmed through both at once is charged once; a crash after the provider took the money is repaired by a poll', async () => {
      // A second portal process on the same database.
      const conn = t.db.client.config.connection as Record<string, unknown>;
      const url = `mysql://${conn.user}@${conn.host}:${conn.port}/${conn.database}`;
      const second = createDb({ databaseUrl: url, sqliteFile: '' });
      const app2 = createApp({ db: second, repoRoot: path.join(os.tmpdir(), 'cpq-no-builds'), logError: () => {}, mailer, payments: provider(second) });
      const server: Server = await new Promise((resolve) => {
        const s = app2.listen(0, '127.0.0.1', () => resolve(s));
      });
      try {
        const guest2 = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        await guest2.post('/api/auth/login', { email: 'guest-850@demo.test', password: 'demo' });
        const order = await byNumber(4); // Cliffside Villa (multi@demo.test's), moved to its deposit step for the guest here
        await t.db('product_orders').where({ id: order.id }).update({ user_id: (await t.db('users').where({ email: 'guest-850@demo.test' }).first()).id, involved_users: JSON.stringify({ [String((await t.db('users').where({ email: 'guest-850@demo.test' }).first()).id)]: { role: 'owner', pricingIsHidden: 0 } }) });
        // Staff fill the contact details: the order is in production, so they are no longer the guest's to change.
        expect((await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: CONTACT })).status).toBe(200);
        await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'readyToPayDeposit' });
        // Its deposit was paid when it went past this step: what is due now is the balance.
        const fresh = await orderRow(order.id);
        const paidBefore = Number(fresh.amountPaidInCents);
        const intent = await guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: false });
        expect(intent.status, JSON.stringify(intent.body)).toBe(200);
        const deposit = intent.body.data.amountInCents as number;
        expect(deposit).toBe(fresh.costs.orderTotal - paidBefore);
        const paymentIntentId = intent.body.data.paymentIntentId;
        const body = { productOrderId: order.id, paymentMethod: 'stripe', paymentData: { amount: deposit, paymentIntentId, card: GOOD_CARD }, payInFull: false };
        const [a, b] = await Promise.all([guest.post(`${C}/confirm-order-payment`, body), guest2.post(`${C}/confirm-order-payment`, body)]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        clock.skip(DELAY_MS);
        await guest2.post(`${C}/get-stripe-payment-intent`, { paymentIntentId, paymentEnvironment: 'live' });
        await guest.post(`${C}/get-stripe-payment-intent`, { paymentIntentId, paymentEnvironment: 'live' });
        expect(Number((await orderRow(order.id)).amountPaidInCents)).toBe(paidBefore + deposit);
        expect((await events(order.id)).filter((e) => e.action === 'paymentSucceeded')).toHaveLength(1);

        // The crash: the provider took a payment but the process stopped before writing anything past
        // "processing". (An employee set the order's total higher meanwhile: a balance is due again.)
        await t.db('product_orders').where({ id: order.id }).update({ costs: JSON.stringify({ ...fresh.costs, orderTotal: fresh.costs.orderTotal + 5000 }) });
        await owner.post(`${C}/update-order-status`, { productOrderId: order.id, statusKey: 'finalPaymentReceived' });
        const balanceIntent = await guest.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: true });
        const balanceId = balanceIntent.body.data.paymentIntentId as string;
        const balance = balanceIntent.body.data.amountInCents as number;
        await t.db('product_orders').where({ id: order.id }).update({ is_processing_payment: 1 });
        await t.db('order_payments').where({ intent_id: balanceId }).update({ state: 'confirming' });
        await provider(t.db).confirmIntent('live', balanceId, { card: GOOD_CARD }, 'crashed-confirm');
        clock.skip(DELAY_MS);
        const poll = await guest2.post(`${C}/get-stripe-payment-intent`, { paymentIntentId: balanceId, paymentEnvironment: 'live' });
        expect(poll.body.data.order.isProcessingPayment).toBe(0);
        await guest.post(`${C}/get-stripe-payment-intent`, { paymentIntentId: balanceId, paymentEnvironment: 'live' });
        const repaired = await orderRow(order.id);
        expect(balance).toBe(5000);
        expect(Number(repaired.amountPaidInCents)).toBe(paidBefore + deposit + balance);
        expect(repaired.lastCompletedStatusKey).toBe('shipped');
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await second.destroy();
      }
    });
  }
});
