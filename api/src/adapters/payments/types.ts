/** What every card payment provider offers the API (a simulated one by default, Stripe in production). */

export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled' | 'failed';

export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  /** In cents. */
  amount: number;
  currency: 'usd';
  clientSecret: string;
  /** The provider's message for the last failed attempt, shown to the person paying. */
  lastPaymentError: string | null;
  metadata: Record<string, string>;
}

export type PaymentEnvironment = 'live' | 'test';

export interface CardInput {
  card?: { number: string; expMonth: number; expYear: number; cvc: string };
  paymentMethodId?: string;
}

/** A refusal from the provider; `message` is what a person is shown (the provider's own words). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: 'simulated' | 'stripe';
  createIntent(env: PaymentEnvironment, input: { amount: number; metadata: Record<string, string>; idempotencyKey: string }): Promise<ProviderIntent>;
  updateIntentAmount(env: PaymentEnvironment, id: string, amount: number, idempotencyKey: string): Promise<ProviderIntent>;
  /** Throws PaymentProviderError on a decline or a provider error. */
  confirmIntent(env: PaymentEnvironment, id: string, card: CardInput, idempotencyKey: string): Promise<ProviderIntent>;
  retrieveIntent(env: PaymentEnvironment, id: string): Promise<ProviderIntent>;
  /** Cancels an intent that has taken no money; throws PaymentProviderError when it cannot be (processing, succeeded). */
  cancelIntent(env: PaymentEnvironment, id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Webhook: verifies the signature on the raw body and answers the event, or throws. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): { eventId: string; type: string; intent: ProviderIntent | null };
}
