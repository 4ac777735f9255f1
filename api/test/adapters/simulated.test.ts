import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { SimulatedPaymentProvider, settleDueIntents } from '../../src/adapters/payments/simulated.ts';
import { PaymentProviderError, type CardInput } from '../../src/adapters/payments/types.ts';
import { adapterDatabases, type AdapterDb } from './db.ts';

const TABLE = 'simulated_payment_intents';
const START = Date.UTC(2026, 5, 15, 12, 0, 0); // 15 June 2026
const DELAY = 3000;

const card = (number: string, expMonth = 12, expYear = 2030, cvc = '123'): CardInput => ({ card: { number, expMonth, expYear, cvc } });

async function refusal(work: Promise<unknown>): Promise<PaymentProviderError> {
  const e = await work.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PaymentProviderError);
  return e as PaymentProviderError;
}

/**
 * The simulated provider, on each database: Stripe's test cards decide the outcome, a confirmed
 * payment is processing until its completion time and settles when read after it, keys make create
 * and confirm safe to repeat, and an intent belongs to one environment.
 */
describe.each(adapterDatabases)('simulated payment provider on $name', (dbCase) => {
  let db: AdapterDb;
  let knex: Knex;
  let now = START;
  let provider: SimulatedPaymentProvider;
  let keyCounter = 0;
  const key = (what: string) => `${what}-${++keyCounter}`;
  const newIntent = (amount = 12_345, env: 'live' | 'test' = 'test') => provider.createIntent(env, { amount, metadata: { productOrderId: '42' }, idempotencyKey: key('create') });
  const rowOf = async (id: string) => knex(TABLE).where({ id }).first();

  beforeAll(async () => {
    db = await dbCase.open();
    knex = db.knex;
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(() => {
    now = START;
    provider = new SimulatedPaymentProvider(knex, { delayMs: DELAY, now: () => now });
  });

  describe('createIntent', () => {
    it('creates an intent waiting for a card, with a pi_sim_ id, a client secret and the metadata', async () => {
      const intent = await newIntent(12_345);
      expect(intent.id).toMatch(/^pi_sim_[0-9A-Za-z]{24}$/);
      expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[0-9A-Za-z]{24}$`));
      expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 12_345, currency: 'usd', lastPaymentError: null, metadata: { productOrderId: '42' } });
      expect(await rowOf(intent.id)).toMatchObject({ environment: 'test', status: 'requires_payment_method', card_last4: null });
    });

    it('answers the same intent for the same key, with one row', async () => {
      const input = { amount: 5000, metadata: { productOrderId: '7' }, idempotencyKey: key('create') };
      const first = await provider.createIntent('live', input);
      const second = await provider.createIntent('live', input);
      expect(second).toEqual(first);
      expect(Number((await knex(TABLE).where({ create_idempotency_key: input.idempotencyKey }).count('* as n').first())!.n)).toBe(1);
    });

    it('answers one intent when two processes create with the same key at the same moment', async () => {
      const other = new SimulatedPaymentProvider(db.another(), { delayMs: DELAY, now: () => now });
      const input = { amount: 5000, metadata: {}, idempotencyKey: key('create') };
      const [a, b] = await Promise.all([provider.createIntent('live', input), other.createIntent('live', input)]);
      expect(a.id).toBe(b.id);
      expect(Number((await knex(TABLE).where({ create_idempotency_key: input.idempotencyKey }).count('* as n').first())!.n)).toBe(1);
    });

    it('refuses a key already used in the other environment', async () => {
      const idempotencyKey = key('create');
      await provider.createIntent('live', { amount: 5000, metadata: {}, idempotencyKey });
      const e = await refusal(provider.createIntent('test', { amount: 5000, metadata: {}, idempotencyKey }));
      expect(e.code).toBe('idempotency_key_in_use');
    });

    it('refuses amounts a card cannot be charged', async () => {
      expect((await refusal(newIntent(0))).code).toBe('parameter_invalid_integer');
      expect((await refusal(newIntent(12.5))).code).toBe('parameter_invalid_integer');
      expect((await refusal(newIntent(49))).code).toBe('amount_too_small');
    });
  });

  describe('a card that pays', () => {
    it('is processing once confirmed, still processing just before its completion time, and succeeded from then on', async () => {
      const intent = await newIntent();
      const confirmed = await provider.confirmIntent('test', intent.id, card('4242 4242 4242 4242'), key('confirm'));
      expect(confirmed).toMatchObject({ id: intent.id, status: 'processing', lastPaymentError: null });
      now = START + DELAY - 1;
      expect((await provider.retrieveIntent('test', intent.id)).status).toBe('processing');
      now = START + DELAY;
      expect(await provider.retrieveIntent('test', intent.id)).toMatchObject({ status: 'succeeded', lastPaymentError: null, amount: 12_345 });
      // The settled status is stored, not only answered.
      expect(await rowOf(intent.id)).toMatchObject({ status: 'succeeded' });
    });

    it('stores only the last 4 digits of the number', async () => {
      const intent = await newIntent();
      await provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm'));
      const row = await rowOf(intent.id);
      expect(row.card_last4).toBe('4242');
      expect(JSON.stringify(row)).not.toContain('42424242');
    });

    // The provider's own clock is the real one. Only "settled once the delay has passed" is checked
    // here: "processing until then" is checked on the injected clock above, since on a busy machine
    // the confirmation itself may take longer than any short delay.
    it('completes by itself after a real delay, without timers', async () => {
      const quick = new SimulatedPaymentProvider(knex, { delayMs: 40 });
      const intent = await quick.createIntent('live', { amount: 900, metadata: {}, idempotencyKey: key('create') });
      expect(['processing', 'succeeded']).toContain((await quick.confirmIntent('live', intent.id, card('4242424242424242'), key('confirm'))).status);
      await new Promise((r) => setTimeout(r, 60));
      expect((await quick.retrieveIntent('live', intent.id)).status).toBe('succeeded');
    });

    it('accepts any other number that passes the Luhn check, and Stripe test payment method ids', async () => {
      const a = await newIntent();
      expect((await provider.confirmIntent('test', a.id, card('5555555555554444'), key('confirm'))).status).toBe('processing');
      const b = await newIntent();
      expect((await provider.confirmIntent('test', b.id, { paymentMethodId: 'pm_card_visa' }, key('confirm'))).status).toBe('processing');
    });

    it('accepts a card that expires this month', async () => {
      const intent = await newIntent();
      expect((await provider.confirmIntent('test', intent.id, card('4242424242424242', 6, 2026), key('confirm'))).status).toBe('processing');
    });
  });

  describe('cards that are declined at once', () => {
    it.each([
      ['4000000000000002', 'Your card was declined.', 'card_declined'],
      ['4000000000009995', 'Your card has insufficient funds.', 'insufficient_funds'],
      ['4000000000000069', 'Your card has expired.', 'expired_card'],
      ['4000000000000119', 'An error occurred while processing your card. Try again in a little bit.', 'processing_error'],
    ])('%s: "%s" (%s), and the intent waits for another card with that message', async (number, message, code) => {
      const intent = await newIntent();
      const e = await refusal(provider.confirmIntent('test', intent.id, card(number), key('confirm')));
      expect([e.message, e.code]).toEqual([message, code]);
      expect(await provider.retrieveIntent('test', intent.id)).toMatchObject({ status: 'requires_payment_method', lastPaymentError: message });
      expect((await rowOf(intent.id)).card_last4).toBe(number.slice(-4));
      // Another card may follow.
      expect((await provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm'))).status).toBe('processing');
    });

    it('a declining Stripe test payment method id is declined the same way', async () => {
      const intent = await newIntent();
      const e = await refusal(provider.confirmIntent('test', intent.id, { paymentMethodId: 'pm_card_chargeDeclined' }, key('confirm')));
      expect([e.message, e.code]).toEqual(['Your card was declined.', 'card_declined']);
    });
  });

  it('4000000000000341 is accepted, then fails when it completes with "Your card was declined."', async () => {
    const intent = await newIntent();
    expect((await provider.confirmIntent('test', intent.id, card('4000 0000 0000 0341'), key('confirm'))).status).toBe('processing');
    now = START + DELAY;
    expect(await provider.retrieveIntent('test', intent.id)).toMatchObject({ status: 'failed', lastPaymentError: 'Your card was declined.' });
    expect(await rowOf(intent.id)).toMatchObject({ status: 'failed', last_payment_error: 'Your card was declined.' });
    // The customer may then pay with another card.
    expect((await provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm'))).status).toBe('processing');
  });

  describe('card details that cannot be charged', () => {
    it('a number failing the Luhn check: "Your card number is incorrect."', async () => {
      const intent = await newIntent();
      for (const number of ['4242424242424241', '4242-4242-4242-4242', '', '42']) {
        const e = await refusal(provider.confirmIntent('test', intent.id, card(number), key('confirm')));
        expect([e.message, e.code]).toEqual(['Your card number is incorrect.', 'incorrect_number']);
      }
      expect((await provider.retrieveIntent('test', intent.id)).status).toBe('requires_payment_method');
    });

    it("an expiry in the past: \"Your card's expiration date is in the past.\"", async () => {
      const intent = await newIntent();
      for (const [month, year] of [
        [5, 2026],
        [12, 2025],
      ] as const) {
        const e = await refusal(provider.confirmIntent('test', intent.id, card('4242424242424242', month, year), key('confirm')));
        expect(e.message).toBe("Your card's expiration date is in the past.");
      }
    });

    it('no card and no payment method, or an unknown payment method', async () => {
      const intent = await newIntent();
      expect((await refusal(provider.confirmIntent('test', intent.id, {}, key('confirm')))).code).toBe('payment_intent_unexpected_state');
      expect((await refusal(provider.confirmIntent('test', intent.id, { paymentMethodId: 'pm_nope' }, key('confirm')))).code).toBe('resource_missing');
    });
  });

  describe('confirming again', () => {
    it('with the same key answers the confirmed intent unchanged: no second charge', async () => {
      const intent = await newIntent();
      const confirmKey = key('confirm');
      const first = await provider.confirmIntent('test', intent.id, card('4242424242424242'), confirmKey);
      const rowAfterFirst = await rowOf(intent.id);
      now = START + 1000;
      const again = await provider.confirmIntent('test', intent.id, card('4242424242424242'), confirmKey);
      expect(again).toEqual(first);
      expect(await rowOf(intent.id)).toEqual(rowAfterFirst);
      // And once it has settled, the same key answers the settled intent.
      now = START + DELAY;
      expect((await provider.confirmIntent('test', intent.id, card('4242424242424242'), confirmKey)).status).toBe('succeeded');
      expect(Number((await rowOf(intent.id)).completes_at)).toBe(START + DELAY);
    });

    it('with another key, while processing or once succeeded: "This payment has already been confirmed."', async () => {
      const intent = await newIntent();
      await provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm'));
      for (const at of [START + 10, START + DELAY]) {
        now = at;
        const e = await refusal(provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm')));
        expect([e.message, e.code]).toEqual(['This payment has already been confirmed.', 'payment_intent_unexpected_state']);
      }
      expect((await rowOf(intent.id)).status).toBe('succeeded');
    });

    it('from two processes at once with different keys: one is charged, the other refused', async () => {
      const intent = await newIntent();
      const other = new SimulatedPaymentProvider(db.another(), { delayMs: DELAY, now: () => now });
      const results = await Promise.allSettled([
        provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm')),
        other.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm')),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ message: 'This payment has already been confirmed.' });
    });
  });

  describe('environments', () => {
    it('an intent of the other environment is unknown, like an id that does not exist', async () => {
      const intent = await newIntent(5000, 'test');
      // Each call started only when its refusal is awaited: a call started early could be refused
      // before anything listens, an unhandled rejection that fails the run.
      for (const work of [
        () => provider.retrieveIntent('live', intent.id),
        () => provider.confirmIntent('live', intent.id, card('4242424242424242'), key('confirm')),
        () => provider.updateIntentAmount('live', intent.id, 6000, key('update')),
      ]) {
        const e = await refusal(work());
        expect([e.message, e.code]).toEqual([`No such payment_intent: ${intent.id}`, 'resource_missing']);
      }
      const e = await refusal(provider.retrieveIntent('test', 'pi_sim_doesnotexist'));
      expect(e.message).toBe('No such payment_intent: pi_sim_doesnotexist');
      expect((await rowOf(intent.id)).status).toBe('requires_payment_method');
    });
  });

  describe('updateIntentAmount', () => {
    it('changes the amount before payment, and is refused once the payment is processing', async () => {
      const intent = await newIntent(10_000);
      expect((await provider.updateIntentAmount('test', intent.id, 10_300, key('update'))).amount).toBe(10_300);
      await provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm'));
      const e = await refusal(provider.updateIntentAmount('test', intent.id, 20_000, key('update')));
      expect(e.code).toBe('payment_intent_unexpected_state');
      expect(Number((await rowOf(intent.id)).amount)).toBe(10_300);
    });
  });

  describe('settleDueIntents', () => {
    it('settles every intent whose completion time has passed, answers their ids, and each only once', async () => {
      await settleDueIntents(knex, Number.MAX_SAFE_INTEGER); // earlier tests' leftovers
      const pays = await newIntent();
      const fails = await newIntent();
      const later = await newIntent();
      await provider.confirmIntent('test', pays.id, card('4242424242424242'), key('confirm'));
      await provider.confirmIntent('test', fails.id, card('4000000000000341'), key('confirm'));
      now = START + 2000;
      await provider.confirmIntent('test', later.id, card('4242424242424242'), key('confirm'));
      expect(await provider.settleDueIntents(START + DELAY - 1)).toEqual([]);
      expect((await provider.settleDueIntents(START + DELAY)).sort()).toEqual([pays.id, fails.id].sort());
      expect(await provider.settleDueIntents(START + DELAY)).toEqual([]);
      expect((await rowOf(pays.id)).status).toBe('succeeded');
      expect(await rowOf(fails.id)).toMatchObject({ status: 'failed', last_payment_error: 'Your card was declined.' });
      expect((await rowOf(later.id)).status).toBe('processing');
      expect(await settleDueIntents(knex, START + 2000 + DELAY)).toEqual([later.id]);
    });

    it('two processes sweeping at once answer each intent once between them', async () => {
      await settleDueIntents(knex, Number.MAX_SAFE_INTEGER);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const intent = await newIntent();
        await provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm'));
        ids.push(intent.id);
      }
      const other = db.another();
      const [a, b] = await Promise.all([settleDueIntents(knex, START + DELAY), settleDueIntents(other, START + DELAY)]);
      expect([...a, ...b].sort()).toEqual([...ids].sort());
    });

    it('an intent settled by a read is not answered again by the sweeper', async () => {
      await settleDueIntents(knex, Number.MAX_SAFE_INTEGER);
      const intent = await newIntent();
      await provider.confirmIntent('test', intent.id, card('4242424242424242'), key('confirm'));
      now = START + DELAY;
      await provider.retrieveIntent('test', intent.id);
      expect(await provider.settleDueIntents()).toEqual([]);
    });
  });

  it('has no webhooks: parseWebhook throws', () => {
    expect(() => provider.parseWebhook()).toThrow(PaymentProviderError);
  });
});
