import Stripe from 'stripe';
import { PaymentProviderError, type CardInput, type IntentStatus, type PaymentEnvironment, type PaymentProvider, type ProviderIntent } from './types.ts';

export interface StripeProviderConfig {
  /** Secret keys per environment (sk_live_… and sk_test_…). */
  secretKeys: Record<PaymentEnvironment, string>;
  /** Webhook signing secrets (whsec_…) tried in turn: live and test endpoints sign with different ones. */
  webhookSecrets: string[];
  /** Where the API is (tests point these at a fake server); Stripe's own address when unset. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
  /** Per request, in ms. */
  timeoutMs?: number;
}

const KNOWN_STATUSES: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled'];

function statusOf(status: string): IntentStatus {
  if ((KNOWN_STATUSES as string[]).includes(status)) return status as IntentStatus;
  // requires_capture (we never ask for manual capture) or a status newer than this code: not paid
  // yet, so treat it as still in progress and let a later read or webhook settle it.
  return 'processing';
}

export function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    status: statusOf(pi.status),
    amount: pi.amount,
    currency: 'usd',
    clientSecret: pi.client_secret ?? '',
    lastPaymentError: pi.last_payment_error?.message ?? null,
    metadata: { ...(pi.metadata ?? {}) },
  };
}

/** Stripe's refusals become PaymentProviderError with Stripe's own message (shown to the customer). */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Stripe.errors.StripeError) throw new PaymentProviderError(e.message, e.code ?? null);
    throw e;
  }
}

/** Card payments through Stripe's API with the official SDK, one client per environment. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly clients: Record<PaymentEnvironment, Stripe>;

  constructor(private readonly config: StripeProviderConfig) {
    const make = (key: string) =>
      new Stripe(key, {
        host: config.host,
        port: config.port,
        protocol: config.protocol,
        // The SDK retries network failures and 409/5xx with the same idempotency key.
        maxNetworkRetries: 2,
        timeout: config.timeoutMs ?? 20_000,
      });
    this.clients = { live: make(config.secretKeys.live), test: make(config.secretKeys.test) };
  }

  createIntent(env: PaymentEnvironment, input: { amount: number; metadata: Record<string, string>; idempotencyKey: string }): Promise<ProviderIntent> {
    return call(async () =>
      toProviderIntent(
        await this.clients[env].paymentIntents.create(
          // Cards only: wire and check payments are handled outside the provider.
          { amount: input.amount, currency: 'usd', metadata: input.metadata, allowed_payment_method_types: ['card'] },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );
  }

  updateIntentAmount(env: PaymentEnvironment, id: string, amount: number, idempotencyKey: string): Promise<ProviderIntent> {
    return call(async () => toProviderIntent(await this.clients[env].paymentIntents.update(id, { amount }, { idempotencyKey })));
  }

  confirmIntent(env: PaymentEnvironment, id: string, card: CardInput, idempotencyKey: string): Promise<ProviderIntent> {
    if (!card.paymentMethodId) {
      // Raw card numbers never leave our server for Stripe: cards are entered in Stripe's own form.
      return Promise.reject(new PaymentProviderError("Card details must be entered in the payment provider's form.", 'card_details_not_accepted'));
    }
    const paymentMethod = card.paymentMethodId;
    return call(async () => toProviderIntent(await this.clients[env].paymentIntents.confirm(id, { payment_method: paymentMethod }, { idempotencyKey })));
  }

  cancelIntent(env: PaymentEnvironment, id: string, idempotencyKey: string): Promise<ProviderIntent> {
    return call(async () => toProviderIntent(await this.clients[env].paymentIntents.cancel(id, {}, { idempotencyKey })));
  }

  retrieveIntent(env: PaymentEnvironment, id: string): Promise<ProviderIntent> {
    return call(async () => toProviderIntent(await this.clients[env].paymentIntents.retrieve(id)));
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): { eventId: string; type: string; intent: ProviderIntent | null } {
    if (!signature) throw new PaymentProviderError('No signatures found matching the expected signature for payload.', 'signature_missing');
    let event: Stripe.Event | undefined;
    let failure: unknown;
    for (const secret of this.config.webhookSecrets) {
      try {
        event = this.clients.live.webhooks.constructEvent(rawBody, signature, secret);
        break;
      } catch (e) {
        failure = e;
      }
    }
    if (!event) {
      if (failure instanceof Stripe.errors.StripeError) throw new PaymentProviderError(failure.message, 'signature_verification_failed');
      throw failure ?? new PaymentProviderError('No webhook signing secret is configured.', 'signature_verification_failed');
    }
    const intent = event.type.startsWith('payment_intent.') ? toProviderIntent(event.data.object as Stripe.PaymentIntent) : null;
    return { eventId: event.id, type: event.type, intent };
  }
}
