import type { Knex } from 'knex';
import { DEFAULT_SIMULATED_DELAY_MS, SimulatedPaymentProvider } from './simulated.ts';
import { StripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export * from './types.ts';
export { SimulatedPaymentProvider, settleDueIntents, DEFAULT_SIMULATED_DELAY_MS, type SimulatedProviderOptions } from './simulated.ts';
export { StripePaymentProvider, toProviderIntent, type StripeProviderConfig } from './stripe.ts';

type Env = Record<string, string | undefined>;

/** A setting that keeps the API from starting: the message names the variable to fix. */
export class PaymentConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentConfigurationError';
  }
}

export function simulatedDelayMs(env: Env): number {
  const raw = env.PAYMENT_SIMULATED_DELAY_MS?.trim();
  if (!raw) return DEFAULT_SIMULATED_DELAY_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new PaymentConfigurationError(`PAYMENT_SIMULATED_DELAY_MS must be a whole number of milliseconds, got "${raw}".`);
  return ms;
}

/** How long a simulated payment stays processing (PAYMENT_SIMULATED_DELAY_MS, default 3000). */
export const SIMULATED_DELAY_MS = simulatedDelayMs(process.env);

function stripeFromEnv(env: Env): StripePaymentProvider {
  const required = ['STRIPE_SECRET_KEY', 'STRIPE_TEST_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length) {
    throw new PaymentConfigurationError(`PAYMENT_PROVIDER=stripe needs environment variables that are not set: ${missing.join(', ')}.`);
  }
  const portText = env.STRIPE_API_PORT?.trim();
  const port = portText ? Number(portText) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port <= 0 || port > 65535)) {
    throw new PaymentConfigurationError(`STRIPE_API_PORT must be a port number, got "${portText}".`);
  }
  const protocol = env.STRIPE_API_PROTOCOL?.trim() || undefined;
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') {
    throw new PaymentConfigurationError(`STRIPE_API_PROTOCOL must be http or https, got "${protocol}".`);
  }
  return new StripePaymentProvider({
    secretKeys: { live: env.STRIPE_SECRET_KEY!.trim(), test: env.STRIPE_TEST_SECRET_KEY!.trim() },
    // Stripe signs test-mode events with the test endpoint's own secret, when one is given.
    webhookSecrets: [env.STRIPE_WEBHOOK_SECRET!.trim(), ...(env.STRIPE_TEST_WEBHOOK_SECRET?.trim() ? [env.STRIPE_TEST_WEBHOOK_SECRET.trim()] : [])],
    host: env.STRIPE_API_HOST?.trim() || undefined,
    port,
    protocol,
  });
}

/** PAYMENT_PROVIDER=stripe: Stripe (keys required); unset or "simulated": the simulated provider. */
export function paymentProviderFromEnv(env: Env, knex: Knex): PaymentProvider {
  const choice = (env.PAYMENT_PROVIDER ?? '').trim().toLowerCase();
  if (choice === 'stripe') return stripeFromEnv(env);
  // A misspelt provider must not quietly take pretend payments.
  if (choice !== '' && choice !== 'simulated') throw new PaymentConfigurationError(`PAYMENT_PROVIDER must be stripe or simulated, got "${env.PAYMENT_PROVIDER}".`);
  return new SimulatedPaymentProvider(knex, { delayMs: simulatedDelayMs(env) });
}
