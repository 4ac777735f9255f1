import { describe, expect, it } from 'vitest';
import { decideStatus } from './machine.ts';
import {
  CONFIRMATION_LOST,
  decidePayment,
  isLivePayment,
  PAYMENT_FAILED,
  PAYMENT_STATES,
  paymentEventOf,
  settlePayment,
  type PaymentDecision,
  type PaymentEvent,
  type PaymentFacts,
  type PaymentState,
} from './paymentMachine.ts';
import type { OrderStatusFacts, OrderStatusFields, ProductOrderStatus } from './types.ts';

const payment = (state: PaymentState, more: Partial<PaymentFacts> = {}): PaymentFacts => ({ state, provider: 'simulated', amountInCents: 50000, upchargeInCents: 0, payInFull: false, ...more });
const owing = (owedInCents: number, isProcessingPayment: 0 | 1 = 0) => ({ owedInCents, isProcessingPayment });
const changed = (d: PaymentDecision) => {
  if (!d.ok || !d.changed) throw new Error(`expected a change, got ${JSON.stringify(d)}`);
  return d;
};

describe('payment transitions', () => {
  it('intent made, card sent, accepted by the provider, then the money recorded on the order', () => {
    const made = changed(decidePayment(payment('creating'), owing(100000), { type: 'intentCreated' }));
    expect([made.next, made.orderEvent]).toEqual(['created', null]);
    const sent = changed(decidePayment(payment('created'), owing(100000), { type: 'confirm' }));
    expect(sent.next).toBe('confirming');
    // The order decides whether a payment may start now (its own machine).
    expect(sent.orderEvent).toEqual({ type: 'paymentStarted', amountInCents: 50000, payInFull: false });
    expect(sent.lastError).toBeNull();
    expect(changed(decidePayment(payment('confirming'), owing(100000, 1), { type: 'providerAccepted' })).next).toBe('processing');
    const paid = changed(decidePayment(payment('processing'), owing(100000, 1), { type: 'providerSucceeded' }));
    expect(paid.next).toBe('succeeded');
    expect(paid.settlement).toEqual({ recordedInCents: 50000, refundInCents: 0 });
    expect(paid.orderEvent).toEqual({ type: 'paymentSucceeded', amountInCents: 50000, method: 'simulated' });
  });

  it('the provider that made the intent is the method recorded', () => {
    const paid = changed(decidePayment(payment('processing', { provider: 'stripe' }), owing(50000, 1), { type: 'providerSucceeded' }));
    expect(paid.orderEvent).toMatchObject({ method: 'stripe' });
  });

  it('a failure keeps the provider’s message, ends the order’s processing, and the intent takes another card', () => {
    const failed = changed(decidePayment(payment('processing'), owing(100000, 1), { type: 'providerFailed', message: 'Your card was declined.' }));
    expect([failed.next, failed.lastError]).toEqual(['failed', 'Your card was declined.']);
    expect(failed.orderEvent).toEqual({ type: 'paymentFailed', message: 'Your card was declined.' });
    expect(changed(decidePayment(payment('failed'), owing(100000), { type: 'confirm' })).next).toBe('confirming');
    // A confirmation never answered is given up with our own words.
    const lost = changed(decidePayment(payment('confirming'), owing(100000, 1), { type: 'confirmationLost' }));
    expect([lost.next, lost.lastError, lost.orderEvent]).toEqual(['failed', CONFIRMATION_LOST, { type: 'paymentFailed', message: CONFIRMATION_LOST }]);
    // A failure of an intent the order does not wait on leaves the order alone.
    expect(changed(decidePayment(payment('created'), owing(100000), { type: 'providerFailed', message: 'x' })).orderEvent).toBeNull();
  });

  it('a person may not confirm twice, nor a payment being prepared or replaced; superseding spares a payment with the bank', () => {
    for (const state of ['confirming', 'processing', 'succeeded', 'refundDue'] as const) {
      expect(decidePayment(payment(state), owing(100000), { type: 'confirm' })).toEqual({ ok: false, message: 'This payment has already been confirmed.' });
    }
    expect(decidePayment(payment('creating'), owing(100000), { type: 'confirm' })).toEqual({ ok: false, message: 'This payment is still being prepared. Please try again.' });
    expect(decidePayment(payment('cancelled'), owing(100000), { type: 'confirm' })).toEqual({ ok: false, message: 'This payment was replaced by another one. Reload the order and try again.' });
    for (const state of ['creating', 'created', 'failed'] as const) expect(changed(decidePayment(payment(state), owing(100000), { type: 'supersede' })).next).toBe('cancelled');
    expect(decidePayment(payment('processing'), owing(100000, 1), { type: 'supersede' })).toEqual({ ok: false, message: 'A payment is already processing for this order.' });
  });

  it('what the provider says again changes nothing', () => {
    const again: Array<[PaymentState, PaymentEvent]> = [
      ['succeeded', { type: 'providerSucceeded' }],
      ['refundDue', { type: 'providerSucceeded' }],
      ['succeeded', { type: 'providerFailed', message: 'x' }],
      ['failed', { type: 'providerFailed', message: 'x' }],
      ['created', { type: 'intentCreated' }],
      ['processing', { type: 'providerAccepted' }],
      ['cancelled', { type: 'providerCancelled' }],
    ];
    for (const [state, event] of again) expect(decidePayment(payment(state), owing(100000), event)).toEqual({ ok: true, changed: false });
  });

  it('every state the table names is reachable and only succeeded, refundDue and cancelled give up the order’s slot', () => {
    expect(PAYMENT_STATES.filter((s) => !isLivePayment(s))).toEqual(['succeeded', 'refundDue', 'cancelled']);
  });
});

describe('money the provider took, from any payment of the order', () => {
  it('a replaced intent that still succeeded is recorded while the order owes it, leaving the processing one processing', () => {
    const d = changed(decidePayment(payment('cancelled'), owing(100000, 1), { type: 'providerSucceeded' }));
    expect(d.next).toBe('succeeded');
    expect(d.orderEvent).toEqual({ type: 'paymentSucceeded', amountInCents: 50000, method: 'simulated', keepsProcessing: true });
  });

  it('nothing owed: a refund due for all of it, and the order is not touched unless it waited on this payment', () => {
    const d = changed(decidePayment(payment('created'), owing(0), { type: 'providerSucceeded' }));
    expect([d.next, d.settlement, d.orderEvent]).toEqual(['refundDue', { recordedInCents: 0, refundInCents: 50000 }, null]);
    // It was the payment the order waited on: its processing ends, with nothing recorded.
    const waited = changed(decidePayment(payment('processing'), owing(0, 1), { type: 'providerSucceeded' }));
    expect(waited.orderEvent).toEqual({ type: 'paymentSucceeded', amountInCents: 0, method: 'simulated' });
  });

  it('owed in part: the owed part recorded, the rest refunded with its share of the card fee', () => {
    expect(settlePayment({ amountInCents: 400000, upchargeInCents: 12000 }, 400000)).toEqual({ recordedInCents: 400000, refundInCents: 0 });
    expect(settlePayment({ amountInCents: 400000, upchargeInCents: 12000 }, 100000)).toEqual({ recordedInCents: 100000, refundInCents: 300000 + 9000 });
    expect(settlePayment({ amountInCents: 400000, upchargeInCents: 12000 }, 0)).toEqual({ recordedInCents: 0, refundInCents: 412000 });
    // Whole cents, and every cent taken is accounted for.
    for (const owed of [0, 1, 33333, 99999, 100000, 250000]) {
      const s = settlePayment({ amountInCents: 100000, upchargeInCents: 3001 }, owed);
      expect(Number.isInteger(s.recordedInCents) && Number.isInteger(s.refundInCents)).toBe(true);
      expect(s.recordedInCents).toBe(Math.min(owed, 100000));
      expect(s.refundInCents).toBeGreaterThanOrEqual(0);
      expect(s.refundInCents).toBeLessThanOrEqual(103001 - s.recordedInCents);
    }
  });
});

describe("the provider's word about an intent", () => {
  it('maps to a payment event by the payment’s state', () => {
    expect(paymentEventOf({ status: 'succeeded', lastPaymentError: null }, 'cancelled', false)).toEqual({ type: 'providerSucceeded' });
    expect(paymentEventOf({ status: 'processing', lastPaymentError: null }, 'confirming', false)).toEqual({ type: 'providerAccepted' });
    expect(paymentEventOf({ status: 'processing', lastPaymentError: null }, 'processing', false)).toBeNull();
    expect(paymentEventOf({ status: 'failed', lastPaymentError: null }, 'processing', false)).toEqual({ type: 'providerFailed', message: PAYMENT_FAILED });
    expect(paymentEventOf({ status: 'requires_payment_method', lastPaymentError: 'Declined.' }, 'processing', false)).toEqual({ type: 'providerFailed', message: 'Declined.' });
    expect(paymentEventOf({ status: 'requires_payment_method', lastPaymentError: 'Declined.' }, 'failed', false)).toBeNull();
    expect(paymentEventOf({ status: 'requires_payment_method', lastPaymentError: null }, 'confirming', false)).toBeNull();
    expect(paymentEventOf({ status: 'requires_payment_method', lastPaymentError: null }, 'confirming', true)).toEqual({ type: 'confirmationLost' });
    expect(paymentEventOf({ status: 'canceled', lastPaymentError: null }, 'created', false)).toEqual({ type: 'providerCancelled' });
    expect(paymentEventOf({ status: 'requires_payment_method', lastPaymentError: null }, 'creating', false)).toEqual({ type: 'intentCreated' });
  });
});

describe("the order's side of a provider success", () => {
  const statuses: ProductOrderStatus[] = [
    { key: 'orderStarted', type: 'orderStarted', title: 'Started', isMilestone: true, isVisibleToGuest: 1 },
    { key: 'deposit', type: 'payment', title: 'Deposit', isMilestone: true, isVisibleToGuest: 1 },
    { key: 'received', type: 'static', title: 'Received', isMilestone: false, isVisibleToGuest: 1 },
  ] as ProductOrderStatus[];
  const order = (isProcessingPayment: 0 | 1, amountPaidInCents = 0): OrderStatusFields & OrderStatusFacts => ({
    statusData: { orderStarted: { date: 'a' }, deposit: { date: 'a' } },
    lastCompletedStatusKey: 'deposit',
    amountPaidInCents,
    isProcessingPayment,
    feedbackNotes: null,
    isStocked: 0,
    orderTotalInCents: 100000,
    depositAmountInCents: 40000,
  });
  const options = { shippedWithoutFinalPayment: false, guards: [] };
  const at = { now: 'b' };

  it('is recorded whether or not the order waited on it; another payment processing keeps the order waiting', () => {
    const notWaiting = decideStatus(statuses, options, order(0), 'provider', { type: 'paymentSucceeded', amountInCents: 40000, method: 'stripe' }, at);
    expect(notWaiting.ok && notWaiting.next).toMatchObject({ amountPaidInCents: 40000, isProcessingPayment: 0, lastCompletedStatusKey: 'received' });
    const other = decideStatus(statuses, options, order(1), 'provider', { type: 'paymentSucceeded', amountInCents: 40000, method: 'stripe', keepsProcessing: true }, at);
    expect(other.ok && other.next).toMatchObject({ amountPaidInCents: 40000, isProcessingPayment: 1 });
  });

  it("a plugin's guards rule on people's actions, not on what the provider reports", () => {
    const refuseAll = { shippedWithoutFinalPayment: false, guards: [() => 'No.'] };
    const d = decideStatus(statuses, refuseAll, order(1), 'provider', { type: 'paymentSucceeded', amountInCents: 40000, method: 'stripe' }, at);
    expect(d.ok).toBe(true);
    expect(decideStatus(statuses, refuseAll, order(0), 'guest', { type: 'paymentStarted', amountInCents: 40000, payInFull: false }, at)).toEqual({ ok: false, message: 'No.' });
  });

  it('with nothing owed of it, only the processing ends: no amount, no entry, no step', () => {
    const d = decideStatus(statuses, options, order(1, 100000), 'provider', { type: 'paymentSucceeded', amountInCents: 0, method: 'stripe' }, at);
    expect(d.ok && d.next).toMatchObject({ amountPaidInCents: 100000, isProcessingPayment: 0, lastCompletedStatusKey: 'deposit' });
    expect(d.ok && d.next.statusData['deposit']).toEqual({ date: 'a' });
  });
});
