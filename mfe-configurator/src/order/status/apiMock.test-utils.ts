/** The client's calls the status views make, as spies (for `vi.mock('@cpq/client', ...)` in component tests). */
import { vi } from 'vitest';

export const MOCKED_CALLS = [
  'submitOrder',
  'approveOrder',
  'actionRequired',
  'reopenOrder',
  'cancelOrder',
  'updateOrderStatus',
  'requestStatusUpdate',
  'confirmOrderPayment',
  'createStripePaymentIntent',
  'getStripePaymentIntent',
  'updateStripePaymentIntent',
  'getOrderStatusEvents',
  'orderData',
  'updatePreferences',
] as const;

export function mockClient<T extends { api: object }>(actual: T): T {
  return { ...actual, api: { ...actual.api, ...Object.fromEntries(MOCKED_CALLS.map((k) => [k, vi.fn()])) } };
}

/** Answers every status view needs to draw (an empty timeline, a card intent); tests override what they look at. */
export function defaultAnswers(api: object): void {
  const m = api as unknown as Record<(typeof MOCKED_CALLS)[number], ReturnType<typeof vi.fn>>;
  m.getOrderStatusEvents.mockResolvedValue([]);
  m.createStripePaymentIntent.mockResolvedValue({ paymentIntentId: 'pi_1', stripePaymentIntentClientSecret: 'pi_1_secret_x', amountInCents: 0, upchargeInCents: 0 });
  m.updateStripePaymentIntent.mockResolvedValue({});
  m.requestStatusUpdate.mockResolvedValue({});
  m.updatePreferences.mockResolvedValue({});
}
