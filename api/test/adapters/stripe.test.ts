import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../../src/adapters/payments/stripe.ts';
import { PaymentProviderError } from '../../src/adapters/payments/types.ts';
import { signWebhook, startFakeStripe, type FakeStripe } from './fakeStripe.ts';

const LIVE_KEY = 'sk_live_fake';
const TEST_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_live_fake';
const TEST_WEBHOOK_SECRET = 'whsec_test_fake';

async function refusal(work: Promise<unknown>): Promise<PaymentProviderError> {
  const e = await work.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PaymentProviderError);
  return e as PaymentProviderError;
}

/**
 * The Stripe adapter through the official SDK against a fake Stripe: keys make create and confirm
 * safe to repeat (one intent, one charge, even when a response is lost), Stripe's decline message
 * reaches the customer, raw card numbers are never sent, each environment uses its own key, and a
 * webhook is trusted only with a valid signature.
 */
describe('Stripe payment provider', () => {
  let fake: FakeStripe;
  let stripe: StripePaymentProvider;
  let n = 0;
  const key = (what: string) => `${what}-${++n}`;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = new StripePaymentProvider({
      secretKeys: { live: LIVE_KEY, test: TEST_KEY },
      webhookSecrets: [WEBHOOK_SECRET, TEST_WEBHOOK_SECRET],
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      timeoutMs: 5000,
    });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.charges = 0;
  });

  const create = (env: 'live' | 'test' = 'test', amount = 25_000, idempotencyKey = key('create')) => stripe.createIntent(env, { amount, metadata: { productOrderId: '42', statusKey: 'readyToPay' }, idempotencyKey });

  describe('createIntent', () => {
    it('creates a card payment in dollars with the metadata, sending the idempotency key', async () => {
      const intent = await create('test', 25_000, 'create-order-42');
      expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 25_000, currency: 'usd', lastPaymentError: null, metadata: { productOrderId: '42', statusKey: 'readyToPay' } });
      expect(intent.id).toMatch(/^pi_/);
      expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
      const request = fake.requests.at(-1)!;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents', secretKey: TEST_KEY, idempotencyKey: 'create-order-42' });
      expect(request.body).toMatchObject({ amount: '25000', currency: 'usd', allowed_payment_method_types: ['card'], metadata: { productOrderId: '42', statusKey: 'readyToPay' } });
    });

    it('the same key twice answers one intent', async () => {
      const before = fake.intents.get(TEST_KEY)?.size ?? 0;
      const idempotencyKey = key('create');
      const a = await create('test', 25_000, idempotencyKey);
      const b = await create('test', 25_000, idempotencyKey);
      expect(b.id).toBe(a.id);
      expect(fake.intents.get(TEST_KEY)!.size).toBe(before + 1);
    });
  });

  describe('confirmIntent', () => {
    it('pays with a payment method from Stripe’s form', async () => {
      const intent = await create();
      const paid = await stripe.confirmIntent('test', intent.id, { paymentMethodId: 'pm_card_visa' }, key('confirm'));
      expect(paid).toMatchObject({ id: intent.id, status: 'succeeded', lastPaymentError: null });
      expect(fake.requests.at(-1)).toMatchObject({ path: `/v1/payment_intents/${intent.id}/confirm`, body: { payment_method: 'pm_card_visa' } });
      expect(fake.charges).toBe(1);
    });

    it('repeated with the same key charges once', async () => {
      const intent = await create();
      const confirmKey = key('confirm');
      const first = await stripe.confirmIntent('test', intent.id, { paymentMethodId: 'pm_card_visa' }, confirmKey);
      const second = await stripe.confirmIntent('test', intent.id, { paymentMethodId: 'pm_card_visa' }, confirmKey);
      expect(second).toEqual(first);
      expect(fake.charges).toBe(1);
      expect(fake.requests.filter((r) => r.path.endsWith('/confirm') && r.idempotencyKey === confirmKey)).toHaveLength(2);
    });

    it('when answers are lost on the way back, the SDK asks again with the same key (twice) and the card is charged once', async () => {
      const intent = await create();
      const confirmKey = key('confirm');
      fake.dropResponses = 2;
      const paid = await stripe.confirmIntent('test', intent.id, { paymentMethodId: 'pm_card_visa' }, confirmKey);
      expect(paid.status).toBe('succeeded');
      expect(fake.requests.filter((r) => r.path.endsWith('/confirm') && r.idempotencyKey === confirmKey)).toHaveLength(3);
      expect(fake.charges).toBe(1);
    });

    it('passes Stripe’s decline message through, and the intent keeps it as the last payment error', async () => {
      const intent = await create();
      const e = await refusal(stripe.confirmIntent('test', intent.id, { paymentMethodId: 'pm_card_chargeDeclined' }, key('confirm')));
      expect([e.message, e.code]).toEqual(['Your card was declined.', 'card_declined']);
      expect(await stripe.retrieveIntent('test', intent.id)).toMatchObject({ status: 'requires_payment_method', lastPaymentError: 'Your card was declined.' });
    });

    it('refuses raw card details without sending anything to Stripe', async () => {
      const intent = await create();
      const sent = fake.requests.length;
      const e = await refusal(stripe.confirmIntent('test', intent.id, { card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } }, key('confirm')));
      expect([e.message, e.code]).toEqual(["Card details must be entered in the payment provider's form.", 'card_details_not_accepted']);
      expect(fake.requests.length).toBe(sent);
      expect(JSON.stringify(fake.requests)).not.toContain('4242424242424242');
    });
  });

  it('updateIntentAmount changes the amount, sending the idempotency key', async () => {
    const intent = await create('test', 400_000);
    const updated = await stripe.updateIntentAmount('test', intent.id, 412_000, 'update-7-412000');
    expect(updated).toMatchObject({ id: intent.id, amount: 412_000 });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${intent.id}`, idempotencyKey: 'update-7-412000', body: { amount: '412000' } });
    expect((await stripe.retrieveIntent('test', intent.id)).amount).toBe(412_000);
  });

  it('uses each environment’s own key: a test intent is unknown to the live account', async () => {
    const intent = await create('test');
    const e = await refusal(stripe.retrieveIntent('live', intent.id));
    expect(e.code).toBe('resource_missing');
    expect(e.message).toContain(intent.id);
    expect(fake.requests.at(-1)!.secretKey).toBe(LIVE_KEY);
  });

  describe('parseWebhook', () => {
    const intentJson = {
      id: 'pi_123',
      object: 'payment_intent',
      amount: 5000,
      currency: 'usd',
      status: 'succeeded',
      client_secret: 'pi_123_secret_abc',
      last_payment_error: null,
      metadata: { productOrderId: '42' },
    };
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: intentJson } });

    it('accepts a correctly signed event and answers its id, type and intent', () => {
      const event = stripe.parseWebhook(Buffer.from(payload), signWebhook(payload, WEBHOOK_SECRET));
      expect(event).toEqual({
        eventId: 'evt_1',
        type: 'payment_intent.succeeded',
        intent: { id: 'pi_123', status: 'succeeded', amount: 5000, currency: 'usd', clientSecret: 'pi_123_secret_abc', lastPaymentError: null, metadata: { productOrderId: '42' } },
      });
    });

    it('accepts an event signed with the test endpoint’s secret', () => {
      expect(stripe.parseWebhook(Buffer.from(payload), signWebhook(payload, TEST_WEBHOOK_SECRET)).eventId).toBe('evt_1');
    });

    it('maps a failed payment: requires_payment_method with the error message', () => {
      const failed = JSON.stringify({
        id: 'evt_2',
        object: 'event',
        type: 'payment_intent.payment_failed',
        data: { object: { ...intentJson, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } },
      });
      expect(stripe.parseWebhook(Buffer.from(failed), signWebhook(failed, WEBHOOK_SECRET)).intent).toMatchObject({ status: 'requires_payment_method', lastPaymentError: 'Your card was declined.' });
    });

    it('answers no intent for other events', () => {
      const other = JSON.stringify({ id: 'evt_3', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge' } } });
      expect(stripe.parseWebhook(Buffer.from(other), signWebhook(other, WEBHOOK_SECRET))).toEqual({ eventId: 'evt_3', type: 'charge.refunded', intent: null });
    });

    it('refuses a wrong signature, a changed body and a missing signature', () => {
      expect(() => stripe.parseWebhook(Buffer.from(payload), signWebhook(payload, 'whsec_someone_else'))).toThrow(PaymentProviderError);
      expect(() => stripe.parseWebhook(Buffer.from(payload.replace('5000', '1')), signWebhook(payload, WEBHOOK_SECRET))).toThrow(PaymentProviderError);
      expect(() => stripe.parseWebhook(Buffer.from(payload), undefined)).toThrow(PaymentProviderError);
    });

    it('refuses an old signature (a replayed delivery)', () => {
      const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
      expect(() => stripe.parseWebhook(Buffer.from(payload), signWebhook(payload, WEBHOOK_SECRET, anHourAgo))).toThrow(PaymentProviderError);
    });
  });
});
