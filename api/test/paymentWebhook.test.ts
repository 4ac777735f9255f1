import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../src/adapters/payments/index.ts';
import type { Mailer } from '../src/adapters/mail/index.ts';
import { signWebhook, startFakeStripe, type FakeStripe } from './adapters/fakeStripe.ts';
import { countRows, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { ORDER_UPDATE } from './paths.ts';

const C = '/api/configurator';
const WEBHOOK = '/api/webhooks/payments';
const WEBHOOK_SECRET = 'whsec_live_fake';

/**
 * The payment webhook with the Stripe adapter (official SDK) against a fake Stripe: a card payment
 * the bank settles later leaves the order processing until Stripe's signed event says it succeeded.
 * The event is applied once; the same event again, or another event about the same payment, changes
 * nothing; a body whose signature does not match answers 400 and changes nothing.
 */
describe.each(databases)('payment webhook (Stripe) on $name', (dbCase) => {
  let t: TestApp;
  let fake: FakeStripe;
  let owner: Client;
  const mail: Array<{ to: string[]; subject: string }> = [];
  const mailer: Mailer = { send: async (m) => (mail.push({ to: m.to, subject: m.subject }), { messageId: String(mail.length) }) };

  beforeAll(async () => {
    fake = await startFakeStripe();
    const payments = new StripePaymentProvider({
      secretKeys: { live: 'sk_live_fake', test: 'sk_test_fake' },
      webhookSecrets: [WEBHOOK_SECRET],
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      timeoutMs: 5000,
    });
    t = await startTestApp(dbCase, { payments, mailer, publicUrl: 'https://portal.test' });
    owner = await t.as('owner-850@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const deliver = (payload: string, signature: string | null) =>
    fetch(`${t.url}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });
  const event = (id: string, type: string, intent: unknown) => JSON.stringify({ id, object: 'event', type, api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), livemode: true, data: { object: intent } });

  it('applies a signed event once, ignores it again, and refuses a bad signature', async () => {
    // Atelier Noor Showroom (#3): 12 plates, at 850's deposit step.
    const order = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 3 }))!;
    expect(order.lastCompletedStatusKey).toBe('readyToPayDeposit');
    expect((await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { phone: '(207) 555-0142', clientEmails: ['studio@noor.test'] } })).status).toBe(200);
    const deposit = (await t.repos.productOrders.findOne({ id: order.id }))!.costs!.depositAmount as number;
    expect(deposit).toBeGreaterThan(0);

    const created = await owner.post(`${C}/create-stripe-payment-intent`, { productOrderId: order.id, isCardPayment: true, paymentEnvironment: 'live', payInFull: false });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const intentId = created.body.data.paymentIntentId as string;
    expect(created.body.data.amountInCents).toBe(deposit);

    const confirmed = await owner.post(`${C}/confirm-order-payment`, {
      productOrderId: order.id,
      expectedStatusKey: 'readyToPayDeposit',
      paymentMethod: 'stripe',
      paymentData: { amount: deposit, paymentIntentId: intentId, paymentMethodId: 'pm_card_processing' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.isProcessingPayment).toBe(1);
    expect(fake.charges).toBe(1);

    const succeeded = fake.settle(intentId, 'succeeded');
    const payload = event('evt_paid_1', 'payment_intent.succeeded', succeeded);
    const eventsBefore = await countRows(t.db, 'processed_webhook_events');

    // A signature made with another secret, then a body changed after signing: 400, nothing recorded.
    for (const [body, signature] of [
      [payload, signWebhook(payload, 'whsec_someone_else')],
      [payload.replace(String(succeeded.amount), String(succeeded.amount * 10)), signWebhook(payload, WEBHOOK_SECRET)],
      [payload, null],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^Webhook refused: /);
    }
    expect(await countRows(t.db, 'processed_webhook_events')).toBe(eventsBefore);
    const still = (await t.repos.productOrders.findOne({ id: order.id }))!;
    expect(still).toMatchObject({ isProcessingPayment: 1, amountPaidInCents: 0, lastCompletedStatusKey: 'readyToPayDeposit' });

    // The signed event: the order is paid and moves on to its next step, the customer is told once.
    const mailBefore = mail.length;
    const first = await deliver(payload, signWebhook(payload, WEBHOOK_SECRET));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const paid = (await t.repos.productOrders.findOne({ id: order.id }))!;
    expect(paid).toMatchObject({ isProcessingPayment: 0, amountPaidInCents: deposit, lastCompletedStatusKey: 'depositReceived' });
    expect((paid.statusData as Record<string, { paymentAmountInCents?: number; paymentMethod?: string }>).readyToPayDeposit).toMatchObject({ paymentAmountInCents: deposit, paymentMethod: 'stripe' });
    expect(mail.slice(mailBefore).map((m) => m.subject)).toEqual([`Payment received for order #3 “${order.title}”`]);

    // Stripe delivers the same event again: acknowledged, ignored.
    const again = await deliver(payload, signWebhook(payload, WEBHOOK_SECRET));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    // Another event about the same payment (a second endpoint, a replayed dashboard event): applied once only.
    const other = event('evt_paid_2', 'payment_intent.succeeded', succeeded);
    expect((await deliver(other, signWebhook(other, WEBHOOK_SECRET))).status).toBe(200);

    const after = (await t.repos.productOrders.findOne({ id: order.id }))!;
    expect(after).toMatchObject({ amountPaidInCents: deposit, lastCompletedStatusKey: 'depositReceived' });
    const paymentEvents = await t.db('order_status_events').where({ product_order_id: order.id, action: 'paymentSucceeded' });
    expect(paymentEvents).toHaveLength(1);
    expect(mail.length - mailBefore).toBe(1);
    expect(fake.charges).toBe(1);
  });
});
