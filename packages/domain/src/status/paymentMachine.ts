import { assign, setup, transition } from 'xstate';
import type { PaymentIntentStatus } from '../schemas/orderStatus.ts';
import { paymentStepByPosition } from './amounts.ts';
import type { OrderStatusFacts, OrderStatusFields, ProductOrderStatus, StatusEvent, StatusOptions } from './types.ts';

/**
 * One card payment the portal asked a provider for (a row of order_payments), from its intent being
 * made to the money taken. The API decides every change of a payment with `decidePayment`, in the
 * transaction that locks its order, and applies the order event it answers with the order's own
 * machine (docs/decisions/0067-one-payment-lifecycle.md).
 *
 * - creating: the row exists, the provider has not answered with an intent yet;
 * - created: an intent waits for a card;
 * - confirming: the card was sent to the provider, its answer is not known yet;
 * - processing: the provider accepted the card and will settle it;
 * - failed: the last attempt failed; the intent takes another card;
 * - succeeded: the money was taken and recorded on the order (a part may be a refund due);
 * - refundDue: the money was taken when the order owed none of it: an employee refunds it;
 * - cancelled: replaced by another payment (or cancelled at the provider). Money it still takes is recorded.
 */
export type PaymentState = 'creating' | 'created' | 'confirming' | 'processing' | 'failed' | 'succeeded' | 'refundDue' | 'cancelled';

export const PAYMENT_STATES: readonly PaymentState[] = ['creating', 'created', 'confirming', 'processing', 'failed', 'succeeded', 'refundDue', 'cancelled'];

/** A payment that may still take money through the portal: one per order, step, amount, environment and provider. */
export const LIVE_PAYMENT_STATES: readonly PaymentState[] = ['creating', 'created', 'confirming', 'processing', 'failed'];

/** The payment the order waits on (the order's isProcessingPayment): at most one per order. */
export const PROCESSING_PAYMENT_STATES: readonly PaymentState[] = ['confirming', 'processing'];

/** Payments another payment of the order may replace: nothing was sent to the bank through the portal. */
export const SUPERSEDABLE_PAYMENT_STATES: readonly PaymentState[] = ['creating', 'created', 'failed'];

/** A confirmation the provider never answered (the process stopped) is given up after this long. */
export const UNANSWERED_CONFIRMATION_MS = 60_000;

export type PaymentEvent =
  /** The provider answered the intent asked for. */
  | { type: 'intentCreated' }
  /** Another payment of the order replaces this one (another amount, step or environment). */
  | { type: 'supersede' }
  /** The person sends the card. */
  | { type: 'confirm' }
  /** Another amount for the same intent (a method change puts the card upcharge on or off). */
  | { type: 'changeAmount' }
  /** The provider took the card and will settle it. */
  | { type: 'providerAccepted' }
  | { type: 'providerFailed'; message: string }
  /** A confirmation the provider never received, given up. */
  | { type: 'confirmationLost' }
  | { type: 'providerCancelled' }
  | { type: 'providerSucceeded' };

/** What a decision reads of the payment. */
export interface PaymentFacts {
  state: PaymentState;
  /** The adapter that made the intent (and so takes the money): 'simulated', 'stripe'. */
  provider: string;
  /** Before the card upcharge. */
  amountInCents: number;
  upchargeInCents: number;
  payInFull: boolean;
}

/** What a decision reads of the payment's order (locked in the same transaction). */
export interface PaymentOrderFacts {
  isProcessingPayment: 0 | 1;
  /** What the order owes now (balanceDue): a success is recorded up to it, the rest is a refund due. */
  owedInCents: number;
}

/** How money the provider took is accounted for: recorded on the order, refunded, or kept as the card fee of what was recorded. */
export interface PaymentSettlement {
  recordedInCents: number;
  refundInCents: number;
}

export type PaymentDecision =
  | { ok: false; message: string }
  /** Nothing to change: the event was already applied, or says nothing new. */
  | { ok: true; changed: false }
  | {
      ok: true;
      changed: true;
      next: PaymentState;
      /** The payment's last error: a message, null to clear it, undefined to leave it. */
      lastError: string | null | undefined;
      /** The event the order's machine must decide in the same transaction, if any. */
      orderEvent: StatusEvent | null;
      settlement: PaymentSettlement | null;
    };

export const PAYMENT_REFUSALS = {
  alreadyConfirmed: 'This payment has already been confirmed.',
  preparing: 'This payment is still being prepared. Please try again.',
  replaced: 'This payment was replaced by another one. Reload the order and try again.',
  processing: 'A payment is already processing for this order.',
  unchangeable: 'This payment can no longer be changed.',
} as const;

export const PAYMENT_FAILED = 'The payment did not go through.';
export const CONFIRMATION_LOST = 'The payment was not completed. Please try again.';

/**
 * The money a provider took, accounted for: what the order owes of the amount is recorded, the rest
 * is refunded with its share of the card upcharge (the fee stays with what was recorded).
 */
export function settlePayment(payment: Pick<PaymentFacts, 'amountInCents' | 'upchargeInCents'>, owedInCents: number): PaymentSettlement {
  const amount = Math.max(0, payment.amountInCents);
  const recorded = Math.max(0, Math.min(amount, owedInCents));
  const keptUpcharge = amount > 0 ? Math.round((payment.upchargeInCents * recorded) / amount) : 0;
  return { recordedInCents: recorded, refundInCents: amount + payment.upchargeInCents - recorded - keptUpcharge };
}

interface PaymentMachineContext {
  facts: PaymentFacts;
  order: PaymentOrderFacts;
  lastError: string | null | undefined;
}

/** Why an attempt ended without the money: the provider's words, else ours. */
function failureOf(event: PaymentEvent): string {
  if (event.type === 'providerFailed') return event.message;
  return event.type === 'confirmationLost' ? CONFIRMATION_LOST : PAYMENT_FAILED;
}

const failed = { target: 'failed', actions: 'keepFailure' } as const;
const settle = { target: 'settling' } as const;
const cancelled = { target: 'cancelled' } as const;
/** Cancelled at the provider while the bank had the card: the order hears it as a failure. */
const cancelledWhileProcessing = { target: 'cancelled', actions: 'keepFailure' } as const;
const confirm = { target: 'confirming', actions: 'clearError' } as const;

/** The transition table. Events a state does not list change nothing. */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentMachineContext,
    events: {} as PaymentEvent,
    input: {} as PaymentMachineContext,
  },
  guards: {
    owesSome: ({ context }) => settlePayment(context.facts, context.order.owedInCents).recordedInCents > 0,
  },
  actions: {
    keepFailure: assign({ lastError: ({ event }) => failureOf(event) }),
    clearError: assign({ lastError: null }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => input,
  initial: 'creating',
  states: {
    creating: {
      on: { intentCreated: 'created', supersede: cancelled, providerSucceeded: settle, providerFailed: failed, providerCancelled: cancelled },
    },
    created: {
      on: { confirm, changeAmount: 'created', supersede: cancelled, providerSucceeded: settle, providerFailed: failed, providerCancelled: cancelled },
    },
    confirming: {
      on: {
        providerAccepted: 'processing',
        providerFailed: failed,
        confirmationLost: failed,
        providerSucceeded: settle,
        providerCancelled: cancelledWhileProcessing,
      },
    },
    processing: {
      on: { providerFailed: failed, providerSucceeded: settle, providerCancelled: cancelledWhileProcessing },
    },
    // Another card may be tried on the same intent.
    failed: {
      on: { confirm, changeAmount: 'failed', supersede: cancelled, providerSucceeded: settle, providerCancelled: cancelled },
    },
    // Replaced, but its intent may still take money (confirmed in the customer's browser before it was cancelled).
    cancelled: { on: { providerSucceeded: settle } },
    settling: { always: [{ guard: 'owesSome', target: 'succeeded' }, { target: 'refundDue' }] },
    succeeded: { type: 'final' },
    refundDue: { type: 'final' },
  },
});

/** Why a person's event is refused in a state (provider events are never refused: they are facts). */
function refusal(state: PaymentState, event: PaymentEvent): string | null {
  if (event.type !== 'confirm' && event.type !== 'supersede' && event.type !== 'changeAmount') return null;
  if (event.type === 'changeAmount') return PAYMENT_REFUSALS.unchangeable;
  if (state === 'creating') return PAYMENT_REFUSALS.preparing;
  if (state === 'cancelled') return PAYMENT_REFUSALS.replaced;
  if (event.type === 'supersede' && (state === 'confirming' || state === 'processing')) return PAYMENT_REFUSALS.processing;
  return PAYMENT_REFUSALS.alreadyConfirmed;
}

/**
 * Decides one event for a payment: its next state, the order event to decide with it (the order's
 * machine has the last word on the order), and for money taken how it is accounted for. Pure.
 */
export function decidePayment(payment: PaymentFacts, order: PaymentOrderFacts, event: PaymentEvent): PaymentDecision {
  const from = payment.state;
  const start = paymentMachine.resolveState({ value: from, context: { facts: payment, order, lastError: undefined } });
  if (!start.can(event)) {
    const message = refusal(from, event);
    return message === null ? { ok: true, changed: false } : { ok: false, message };
  }
  const [done] = transition(paymentMachine, start, event);
  const next = done.value as PaymentState;
  const wasProcessing = PROCESSING_PAYMENT_STATES.includes(from);
  let orderEvent: StatusEvent | null = null;
  let settlement: PaymentSettlement | null = null;
  if (event.type === 'confirm') {
    orderEvent = { type: 'paymentStarted', amountInCents: payment.amountInCents, payInFull: payment.payInFull };
  } else if (next === 'succeeded' || next === 'refundDue') {
    settlement = settlePayment(payment, order.owedInCents);
    // A payment other than the one the order waits on leaves the order waiting.
    const keepsProcessing = !wasProcessing;
    if (settlement.recordedInCents > 0 || (wasProcessing && order.isProcessingPayment === 1)) {
      orderEvent = { type: 'paymentSucceeded', amountInCents: settlement.recordedInCents, method: payment.provider, ...(keepsProcessing ? { keepsProcessing } : {}) };
    }
  } else if ((next === 'failed' || next === 'cancelled') && wasProcessing && order.isProcessingPayment === 1) {
    orderEvent = { type: 'paymentFailed', message: done.context.lastError ?? PAYMENT_FAILED };
  }
  return { ok: true, changed: true, next, lastError: done.context.lastError, orderEvent, settlement };
}

/**
 * What a provider's word about an intent means for a payment in `state`; null when it says nothing
 * new (still waiting for a card, or still processing). `stale`: the confirmation has waited longer
 * than UNANSWERED_CONFIRMATION_MS.
 */
export function paymentEventOf(intent: { status: PaymentIntentStatus; lastPaymentError: string | null }, state: PaymentState, stale: boolean): PaymentEvent | null {
  switch (intent.status) {
    case 'succeeded':
      return { type: 'providerSucceeded' };
    case 'canceled':
      return { type: 'providerCancelled' };
    case 'failed':
      return { type: 'providerFailed', message: intent.lastPaymentError ?? PAYMENT_FAILED };
    case 'processing':
    case 'requires_action':
      return state === 'confirming' ? { type: 'providerAccepted' } : null;
    case 'requires_payment_method':
    case 'requires_confirmation':
      if (intent.lastPaymentError && state !== 'failed') return { type: 'providerFailed', message: intent.lastPaymentError };
      // The intent exists: a payment whose making was interrupted is ready for a card.
      if (state === 'creating') return { type: 'intentCreated' };
      return state === 'confirming' && stale ? { type: 'confirmationLost' } : null;
  }
}

/** Whether a payment in this state holds its order's slot (one live payment per order, step, amount, environment and provider). */
export function isLivePayment(state: PaymentState): boolean {
  return LIVE_PAYMENT_STATES.includes(state);
}

/**
 * A wire or cheque confirmation the order's payment step already awaits (the same method and amount):
 * a repeat (a double click, a retry, a second tab), answered as the order stands with nothing written.
 */
export function manualConfirmationRepeats(
  statuses: readonly ProductOrderStatus[],
  options: Pick<StatusOptions, 'shippedWithoutFinalPayment'>,
  order: OrderStatusFields & OrderStatusFacts,
  method: string,
  amountInCents: number,
): boolean {
  const key = paymentStepByPosition(statuses, options, order);
  const entry = key === null ? undefined : order.statusData[key];
  return entry !== undefined && entry.paymentAmountInCents === undefined && entry.awaitingPaymentMethod === method && entry.awaitingAmountInCents === amountInCents;
}
