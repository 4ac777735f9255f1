import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { SimulatedPaymentProvider, StripePaymentProvider, type PaymentProvider } from '../src/adapters/payments/index.ts';
import type { Mailer } from '../src/adapters/mail/index.ts';
import { signWebhook, startFakeStripe, type FakeStripe } from './adapters/fakeStripe.ts';
import { CONTACT, databases, startTestApp, type Client, type Res, type Served, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ORDER_UPDATE } from './paths.ts';

const C = '/api/configurator';
const WEBHOOK = '/api/webhooks/payments';
const WEBHOOK_SECRET = 'whsec_live_fake';
const LIVE_KEY = 'sk_live_fake';
const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
/** 850's steps up to its deposit step. */
const AT_DEPOSIT = ['orderStarted', 'submittedForApproval', 'readyToPayDeposit'];
/** What the orders below cost: below the $3,000 card upcharge threshold, with a deposit smaller than the total. */
const TOTAL = 100_000;
const DEPOSIT = 40_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TimelineEvent {
  action: string;
  amountInCents: number | null;
  paymentMethod: string | null;
  note: string | null;
}

/**
 * One payment lifecycle (docs/decisions/0067-one-payment-lifecycle.md), on both databases: asking for
 * the same payment many times at once makes one intent at the provider; every success the provider
 * reports, for any intent of the order, is recorded — as a payment while the order owes it, else as a
 * refund due on the order's timeline; a webhook delivered many times at once has one effect and no
 * 5xx; a wire confirmed many times at once is one event; the provider recorded is the one used.
 * Expected amounts come from the rules: the deposit and the balance of the order's costs.
 */
describe.each(databases)('payment lifecycle on $name', (dbCase) => {
  let t: TestApp;
  let fake: FakeStripe;
  let owner: Client;
  /** The same database served with the simulated provider. */
  let simulated: Served;
  let simOwner: Client;
  const mail: Array<{ subject: string }> = [];
  const mailer: Mailer = { send: async (m) => (mail.push({ subject: m.subject }), { messageId: String(mail.length) }) };
  const stripeProvider = (): PaymentProvider =>
    new StripePaymentProvider({ secretKeys: { live: LIVE_KEY, test: 'sk_test_fake' }, webhookSecrets: [WEBHOOK_SECRET], host: fake.host, port: fake.port, protocol: 'http', timeoutMs: 5000 });

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(dbCase, { payments: stripeProvider(), mailer, publicUrl: 'https://portal.test' });
    owner = await t.as('owner-850@demo.test');
    simulated = await t.serve({ payments: new SimulatedPaymentProvider(t.db, { delayMs: 50 }) });
    simOwner = await simulated.as('owner-850@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A new order of 850 at its deposit step, ready to pay: $1,000.00 with a $400.00 deposit. */
  async function orderAtDeposit(title: string): Promise<number> {
    const created = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, title, productCategoryId: 1 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    expect((await owner.post(ORDER_UPDATE, { where: { id }, props: CONTACT })).status).toBe(200);
    const statusData = Object.fromEntries(AT_DEPOSIT.map((k) => [k, { date: '2026-01-02 10:00:00' }]));
    await t.db('product_orders').where({ id }).update({
      status_data: JSON.stringify(statusData),
      last_completed_status_key: 'readyToPayDeposit',
      costs: JSON.stringify({ orderSubTotal: TOTAL, discount: 0, shipping: 0, shippingIsTbd: false, tax: 0, tariff: 0, orderTotal: TOTAL, depositAmount: DEPOSIT, depositPercentage: 40 }),
    });
    return id;
  }

  const orderRow = async (id: number) => (await t.repos.productOrders.findOne({ id }))!;
  const createIntent = (client: Client, productOrderId: number, payInFull: boolean) =>
    client.post(`${C}/create-stripe-payment-intent`, { productOrderId, isCardPayment: true, paymentEnvironment: 'live', payInFull });
  const timeline = async (id: number): Promise<TimelineEvent[]> => {
    const res = await owner.post(`${C}/get-order-status-events`, { productOrderId: id });
    expect(res.status).toBe(200);
    return res.body.data as TimelineEvent[];
  };
  /** Intents the fake Stripe made for an order (by the metadata the portal gives them). */
  const stripeIntentsOf = (id: number) => [...(fake.intents.get(LIVE_KEY)?.values() ?? [])].filter((i) => i.metadata.productOrderId === String(id));
  /** What Stripe.js does in the customer's browser: confirms the intent with Stripe directly. */
  const confirmInBrowser = (intentId: string) =>
    new Stripe(LIVE_KEY, { host: fake.host, port: fake.port, protocol: 'http' }).paymentIntents.confirm(intentId, { payment_method: 'pm_card_processing' });
  const deliver = (payload: string) =>
    fetch(`${t.url}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, WEBHOOK_SECRET) }, body: payload });
  const succeededEvent = (eventId: string, intentId: string) =>
    JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), livemode: true, data: { object: fake.settle(intentId, 'succeeded') } });
  const expectNo5xx = (answers: Array<{ status: number }>) => expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);

  it('ten parallel intent creations (two API processes) make one Stripe intent; another amount cancels the superseded one at Stripe', async () => {
    const id = await orderAtDeposit('Ten tabs');
    const second = await t.serve({ payments: stripeProvider() }, { separateDb: dbCase.name === 'mysql' });
    const owner2 = await second.as('owner-850@demo.test');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => createIntent(i % 2 ? owner2 : owner, id, false)));
    expectNo5xx(answers);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.body.data.paymentIntentId as string));
    expect(ids.size).toBe(1);
    expect(answers[0]!.body.data.amountInCents).toBe(DEPOSIT);
    expect(stripeIntentsOf(id)).toHaveLength(1);
    const [deposit] = [...ids];

    // The full amount instead: a new intent; the deposit's is cancelled at Stripe.
    const full = await createIntent(owner, id, true);
    expect(full.status).toBe(200);
    expect(full.body.data.amountInCents).toBe(TOTAL);
    expect(full.body.data.paymentIntentId).not.toBe(deposit);
    const atStripe = stripeIntentsOf(id);
    expect(atStripe.map((i) => [i.amount, i.status]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [DEPOSIT, 'canceled'],
      [TOTAL, 'requires_payment_method'],
    ]);
    // And asked again, in parallel: still that one.
    const again = await Promise.all(Array.from({ length: 10 }, () => createIntent(owner, id, true)));
    expect(new Set(again.map((a) => a.body.data.paymentIntentId))).toEqual(new Set([full.body.data.paymentIntentId]));
    expect(stripeIntentsOf(id)).toHaveLength(2);
  });

  it('ten parallel intent creations make one simulated intent', async () => {
    const id = await orderAtDeposit('Ten tabs, simulated');
    const answers = await Promise.all(Array.from({ length: 10 }, () => createIntent(simOwner, id, false)));
    expectNo5xx(answers);
    expect(new Set(answers.map((a) => a.body.data.paymentIntentId)).size).toBe(1);
    const rows = (await t.db('simulated_payment_intents').select('metadata')) as Array<{ metadata: string }>;
    expect(rows.filter((r) => (JSON.parse(r.metadata) as { productOrderId: string }).productOrderId === String(id))).toHaveLength(1);
  });

  it('several intents succeeding at Stripe: the full amount is recorded and the deposit taken on top is a refund due', async () => {
    const id = await orderAtDeposit('Two tabs paid');
    // Tab one prepares the deposit and the customer's browser confirms it with Stripe.
    const a = (await createIntent(owner, id, false)).body.data.paymentIntentId as string;
    await confirmInBrowser(a);
    // Tab two prepares the full amount: the deposit's intent is already with the bank, Stripe cannot cancel it.
    const b = (await createIntent(owner, id, true)).body.data.paymentIntentId as string;
    expect(b).not.toBe(a);
    await confirmInBrowser(b);
    expect(fake.charges).toBeGreaterThanOrEqual(2);

    const mailBefore = mail.length;
    // The full amount succeeds; Stripe delivers its event ten times at once.
    const full = succeededEvent(`evt_full_${id}`, b);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(full)));
    expectNo5xx(answers);
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const paid = await orderRow(id);
    expect(Number(paid.amountPaidInCents)).toBe(TOTAL);
    expect(paid.isProcessingPayment).toBe(0);
    // Paid in full at the deposit step: on to the next step.
    expect(paid.lastCompletedStatusKey).toBe('depositReceived');

    // Then the deposit succeeds too: nothing is owed any more, so it is a refund due, not lost.
    const deposit = succeededEvent(`evt_deposit_${id}`, a);
    expect((await deliver(deposit)).status).toBe(200);
    expect((await deliver(deposit)).status).toBe(200);
    const after = await orderRow(id);
    expect(Number(after.amountPaidInCents)).toBe(TOTAL);
    const events = await timeline(id);
    expect(events.filter((e) => e.action === 'paymentSucceeded').map((e) => [e.amountInCents, e.paymentMethod])).toEqual([[TOTAL, 'stripe']]);
    const refunds = events.filter((e) => e.action === 'refundDue');
    expect(refunds.map((e) => [e.amountInCents, e.paymentMethod])).toEqual([[DEPOSIT, 'stripe']]);
    expect(refunds[0]!.note).toContain(a);
    // Every cent taken is accounted for: recorded plus refunds due.
    const taken = stripeIntentsOf(id).filter((i) => i.status === 'succeeded').reduce((s, i) => s + i.amount, 0);
    expect(TOTAL + DEPOSIT).toBe(taken);
    expect(mail.slice(mailBefore).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  });

  it('several intents succeeding at Stripe, deposit first: the deposit and then the rest are recorded, the excess is a refund due', async () => {
    const id = await orderAtDeposit('Deposit then full');
    const a = (await createIntent(owner, id, false)).body.data.paymentIntentId as string;
    await confirmInBrowser(a);
    const b = (await createIntent(owner, id, true)).body.data.paymentIntentId as string;
    await confirmInBrowser(b);
    expect((await deliver(succeededEvent(`evt_a_${id}`, a))).status).toBe(200);
    expect(Number((await orderRow(id)).amountPaidInCents)).toBe(DEPOSIT);
    expect((await deliver(succeededEvent(`evt_b_${id}`, b))).status).toBe(200);
    const after = await orderRow(id);
    expect(Number(after.amountPaidInCents)).toBe(TOTAL);
    const events = await timeline(id);
    expect(events.filter((e) => e.action === 'paymentSucceeded').map((e) => e.amountInCents)).toEqual([DEPOSIT, TOTAL - DEPOSIT]);
    expect(events.filter((e) => e.action === 'refundDue').map((e) => e.amountInCents)).toEqual([DEPOSIT]);
  });

  it('ten parallel copies of the webhook of a payment confirmed through the portal: one payment, no 5xx', async () => {
    const id = await orderAtDeposit('Webhook storm');
    const intentId = (await createIntent(owner, id, false)).body.data.paymentIntentId as string;
    const confirmed = await owner.post(`${C}/confirm-order-payment`, {
      productOrderId: id,
      expectedStatusKey: 'readyToPayDeposit',
      paymentMethod: 'stripe',
      paymentData: { amount: DEPOSIT, paymentIntentId: intentId, paymentMethodId: 'pm_card_processing' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.isProcessingPayment).toBe(1);
    const mailBefore = mail.length;
    const payload = succeededEvent(`evt_storm_${id}`, intentId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expectNo5xx(answers);
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ received: boolean; duplicate?: boolean }>;
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    const paid = await orderRow(id);
    expect(paid).toMatchObject({ isProcessingPayment: 0, lastCompletedStatusKey: 'depositReceived' });
    expect(Number(paid.amountPaidInCents)).toBe(DEPOSIT);
    expect((await timeline(id)).filter((e) => e.action === 'paymentSucceeded')).toHaveLength(1);
    expect(await t.db('processed_webhook_events').where({ event_id: `evt_storm_${id}` })).toHaveLength(1);
    expect(mail.slice(mailBefore)).toHaveLength(1);
  });

  it('a webhook whose effect could not be written is not marked processed: Stripe\'s next delivery records the payment', async () => {
    const id = await orderAtDeposit('Webhook retried');
    const intentId = (await createIntent(owner, id, true)).body.data.paymentIntentId as string;
    await confirmInBrowser(intentId);
    const payload = succeededEvent(`evt_retried_${id}`, intentId);
    // The database refuses the order's timeline for a moment (a failure while the event is applied).
    const trigger = 'payment_lifecycle_test_failure';
    if (dbCase.name === 'mysql') {
      await t.db.raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON order_status_events FOR EACH ROW BEGIN IF NEW.product_order_id = ${id} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused for the test'; END IF; END`);
    } else {
      await t.db.raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON order_status_events WHEN NEW.product_order_id = ${id} BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
    }
    try {
      expect((await deliver(payload)).status).toBe(500);
    } finally {
      await t.db.raw(`DROP TRIGGER ${trigger}`);
    }
    expect(await t.db('processed_webhook_events').where({ event_id: `evt_retried_${id}` })).toHaveLength(0);
    expect(Number((await orderRow(id)).amountPaidInCents)).toBe(0);
    const retried = await deliver(payload);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true });
    expect(Number((await orderRow(id)).amountPaidInCents)).toBe(TOTAL);
  });

  it('twelve parallel wire confirmations of the same amount: one answer, one event', async () => {
    const id = await orderAtDeposit('Wire, twelve clicks');
    const body = { productOrderId: id, expectedStatusKey: 'readyToPayDeposit', paymentMethod: 'wire', paymentData: { amount: DEPOSIT }, payInFull: false };
    const answers: Res[] = await Promise.all(Array.from({ length: 12 }, () => owner.post(`${C}/confirm-order-payment`, body)));
    expectNo5xx(answers);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(answers[0]!.body.data.statusData.readyToPayDeposit).toMatchObject({ awaitingPaymentMethod: 'wire', awaitingAmountInCents: DEPOSIT });
    const once = (await timeline(id)).filter((e) => e.action === 'paymentConfirmed');
    expect(once.map((e) => [e.amountInCents, e.paymentMethod])).toEqual([[DEPOSIT, 'wire']]);
    // Confirmed again later: the same answer, nothing written.
    const later = await owner.post(`${C}/confirm-order-payment`, body);
    expect(later.status).toBe(200);
    expect(later.body.data).toEqual(answers[0]!.body.data);
    expect((await timeline(id)).filter((e) => e.action === 'paymentConfirmed')).toHaveLength(1);
    // Another method is a change, and is recorded.
    const cheque = await owner.post(`${C}/confirm-order-payment`, { ...body, paymentMethod: 'checkByMail' });
    expect(cheque.status).toBe(200);
    expect((await timeline(id)).filter((e) => e.action === 'paymentConfirmed').map((e) => e.paymentMethod)).toEqual(['wire', 'checkByMail']);
  });

  it('the provider recorded is the one that took the money: the simulated provider', async () => {
    const id = await orderAtDeposit('Simulated card');
    const intentId = (await createIntent(simOwner, id, false)).body.data.paymentIntentId as string;
    const confirmed = await simOwner.post(`${C}/confirm-order-payment`, { productOrderId: id, paymentMethod: 'stripe', paymentData: { amount: DEPOSIT, paymentIntentId: intentId, card: GOOD_CARD }, payInFull: false });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    for (let i = 0; i < 40 && (await orderRow(id)).isProcessingPayment === 1; i++) {
      await sleep(50);
      await simOwner.post(`${C}/get-stripe-payment-intent`, { paymentIntentId: intentId, paymentEnvironment: 'live' });
    }
    const paid = await orderRow(id);
    expect(Number(paid.amountPaidInCents)).toBe(DEPOSIT);
    expect((paid.statusData as Record<string, { paymentMethod?: string }>).readyToPayDeposit!.paymentMethod).toBe('simulated');
    const events = (await timeline(id)).filter((e) => e.action.startsWith('payment'));
    expect(events.map((e) => [e.action, e.paymentMethod])).toEqual([
      ['paymentStarted', 'simulated'],
      ['paymentSucceeded', 'simulated'],
    ]);
    expect((await t.db('order_payments').where({ product_order_id: id })).map((p: { provider: string }) => p.provider)).toEqual(['simulated']);
  });

  it('the provider recorded is the one that took the money: Stripe', async () => {
    const id = await orderAtDeposit('Stripe card');
    const intentId = (await createIntent(owner, id, false)).body.data.paymentIntentId as string;
    const confirmed = await owner.post(`${C}/confirm-order-payment`, { productOrderId: id, paymentMethod: 'stripe', paymentData: { amount: DEPOSIT, paymentIntentId: intentId, paymentMethodId: 'pm_card_visa' } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const paid = await orderRow(id);
    expect((paid.statusData as Record<string, { paymentMethod?: string }>).readyToPayDeposit!.paymentMethod).toBe('stripe');
    expect((await timeline(id)).filter((e) => e.action.startsWith('payment')).map((e) => e.paymentMethod)).toEqual(['stripe', 'stripe']);
  });
});
