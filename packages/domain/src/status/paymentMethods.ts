import type { PaymentMethod, PaymentSettings } from './types.ts';

export const MANUAL_PAYMENT_DEFAULT = 'We will contact you to arrange payment.';

/**
 * The payment methods a person may choose, in rank order with the preferred one first (and labelled
 * so). Employee-only methods are for employees not in guest mode.
 */
export function paymentMethodChoices(
  methods: readonly PaymentMethod[] | undefined,
  viewer: { employee: boolean },
): Array<PaymentMethod & { label: string }> {
  const offered = (methods ?? [])
    .filter((m) => !m.disabled && !m.isHidden && (!m.isEmployeeOnly || viewer.employee))
    .sort((a, b) => a.rank - b.rank);
  const preferred = offered.findIndex((m) => m.isPreferred);
  if (preferred > 0) offered.unshift(...offered.splice(preferred, 1));
  return offered.map((m, i) => ({ ...m, label: i === 0 && preferred >= 0 ? `${m.title} (Preferred)` : m.title }));
}

/** What the payment panel says when no method can be offered. */
export function manualPaymentMessage(settings: Partial<PaymentSettings> | null | undefined): string {
  const own = settings?.manualPaymentMessage;
  return typeof own === 'string' && own.trim() !== '' ? own : MANUAL_PAYMENT_DEFAULT;
}

/** The adapters that take card payments; what was paid by card names the one that took the money. */
export const CARD_PROVIDERS: readonly string[] = ['stripe', 'simulated'];

/**
 * How a payment method recorded on an order reads: the organisation's title for it, and for a card
 * payment (recorded by the provider that took it) the title of its card method.
 */
export function paymentMethodTitle(key: string, methods: readonly PaymentMethod[] | undefined): string {
  const own = methods?.find((m) => m.key === key)?.title;
  if (own) return own;
  if (CARD_PROVIDERS.includes(key)) return methods?.find((m) => m.key === 'stripe')?.title ?? 'Card';
  return key;
}
