import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentConfigurationError, paymentProviderFromEnv, simulatedDelayMs, SIMULATED_DELAY_MS } from '../../src/adapters/payments/index.ts';
import { adapterDatabases, type AdapterDb } from './db.ts';
import { startFakeStripe, type FakeStripe } from './fakeStripe.ts';

const STRIPE_ENV = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_TEST_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

/** Choosing the provider from the environment: simulated unless PAYMENT_PROVIDER=stripe, whose keys are then required. */
describe('paymentProviderFromEnv', () => {
  let db: AdapterDb;
  let fake: FakeStripe;
  beforeAll(async () => {
    db = await adapterDatabases[0]!.open();
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await db?.close();
    await fake?.close();
  });

  it('is the simulated provider when PAYMENT_PROVIDER is unset or "simulated"', () => {
    expect(paymentProviderFromEnv({}, db.knex).name).toBe('simulated');
    expect(paymentProviderFromEnv({ PAYMENT_PROVIDER: 'simulated' }, db.knex).name).toBe('simulated');
  });

  it('the simulated provider completes after PAYMENT_SIMULATED_DELAY_MS', async () => {
    const provider = paymentProviderFromEnv({ PAYMENT_SIMULATED_DELAY_MS: '0' }, db.knex);
    const intent = await provider.createIntent('test', { amount: 1000, metadata: {}, idempotencyKey: 'env-create-1' });
    await provider.confirmIntent('test', intent.id, { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } }, 'env-confirm-1');
    expect((await provider.retrieveIntent('test', intent.id)).status).toBe('succeeded');
  });

  it('SIMULATED_DELAY_MS comes from PAYMENT_SIMULATED_DELAY_MS, 3000 by default', () => {
    expect(SIMULATED_DELAY_MS).toBe(process.env.PAYMENT_SIMULATED_DELAY_MS ? Number(process.env.PAYMENT_SIMULATED_DELAY_MS) : 3000);
    expect(simulatedDelayMs({})).toBe(3000);
    expect(simulatedDelayMs({ PAYMENT_SIMULATED_DELAY_MS: '250' })).toBe(250);
    expect(() => simulatedDelayMs({ PAYMENT_SIMULATED_DELAY_MS: 'soon' })).toThrow(/PAYMENT_SIMULATED_DELAY_MS/);
  });

  it('is Stripe when PAYMENT_PROVIDER=stripe, talking to STRIPE_API_HOST/PORT/PROTOCOL', async () => {
    const provider = paymentProviderFromEnv({ ...STRIPE_ENV, STRIPE_API_HOST: fake.host, STRIPE_API_PORT: String(fake.port), STRIPE_API_PROTOCOL: 'http' }, db.knex);
    expect(provider.name).toBe('stripe');
    const intent = await provider.createIntent('live', { amount: 1000, metadata: {}, idempotencyKey: 'env-stripe-1' });
    expect(fake.requests.at(-1)).toMatchObject({ secretKey: 'sk_live_x', idempotencyKey: 'env-stripe-1' });
    expect(intent.amount).toBe(1000);
  });

  it('with PAYMENT_PROVIDER=stripe, names each missing key', () => {
    const attempt = (env: Record<string, string>) => () => paymentProviderFromEnv(env, db.knex);
    expect(attempt({ PAYMENT_PROVIDER: 'stripe' })).toThrow(PaymentConfigurationError);
    expect(attempt({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY, STRIPE_TEST_SECRET_KEY, STRIPE_WEBHOOK_SECRET/);
    const { STRIPE_TEST_SECRET_KEY: _t, ...withoutTestKey } = STRIPE_ENV;
    expect(attempt(withoutTestKey)).toThrow(/not set: STRIPE_TEST_SECRET_KEY\.$/);
    const { STRIPE_WEBHOOK_SECRET: _w, ...withoutWebhookSecret } = STRIPE_ENV;
    expect(attempt({ ...withoutWebhookSecret, STRIPE_WEBHOOK_SECRET: '  ' })).toThrow(/not set: STRIPE_WEBHOOK_SECRET\.$/);
  });

  it('refuses an unknown PAYMENT_PROVIDER or Stripe address settings', () => {
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'strip' }, db.knex)).toThrow(/PAYMENT_PROVIDER/);
    expect(() => paymentProviderFromEnv({ ...STRIPE_ENV, STRIPE_API_PORT: 'eighty' }, db.knex)).toThrow(/STRIPE_API_PORT/);
    expect(() => paymentProviderFromEnv({ ...STRIPE_ENV, STRIPE_API_PROTOCOL: 'ftp' }, db.knex)).toThrow(/STRIPE_API_PROTOCOL/);
  });
});
