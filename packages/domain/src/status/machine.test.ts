import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { allowedEvents, decideStatus, orderStatusMachine } from './machine.ts';
import { amountChoices, amountDue, isShippedWithoutFinalPayment, paymentStepKey } from './amounts.ts';
import type { ProductOrderStatus, StatusActor, StatusDecision, StatusEvent, StatusGuard, StatusOptions } from './types.ts';
import {
  EARLIER,
  NOW,
  OPTIONS,
  SHIPPED_WITHOUT_FINAL,
  STATUSES_1798,
  STATUSES_850,
  order850,
  type Order,
} from './fixtures.test-utils.ts';

function decide(
  order: Order,
  actor: StatusActor,
  event: StatusEvent,
  statuses: readonly ProductOrderStatus[] = STATUSES_850,
  options: StatusOptions = OPTIONS,
): StatusDecision {
  return decideStatus(statuses, options, order, actor, event, { now: NOW });
}

/** The decision's result, failing the test when it was refused. */
function accepted(d: StatusDecision) {
  if (!d.ok) throw new Error(`refused: ${d.message}`);
  return d;
}

/** Applies the next fields of an accepted decision to the order. */
function after(order: Order, d: StatusDecision): Order {
  return { ...order, ...accepted(d).next };
}

const refusal = (message: string) => ({ ok: false, message });

const STAFF_APPROVE = "Only the organisation's staff can approve an order.";
const STAFF_STATUS = "Only the organisation's staff can change an order's status.";
const STAFF_CHANGES = "Only the organisation's staff can send an order back for changes.";
const PROVIDER_ONLY = 'Only the payment provider can report the outcome of a payment.';
const PROCESSING = 'A payment is already processing for this order.';
const AMOUNT_CHANGED = 'The amount to pay has changed. Reload the order and try again.';
const NOT_PAYMENT = 'This order is not at a payment step.';

describe('submit', () => {
  it.each<StatusActor>(['guest', 'employee'])('%s submits an order at its first step: it waits for approval, notes cleared', (actor) => {
    const d = accepted(decide(order850('orderStarted', { feedbackNotes: 'Pick a finish.' }), actor, { type: 'submit' }));
    expect(d.next).toStrictEqual({
      statusData: { orderStarted: { date: EARLIER }, submittedForApproval: { date: NOW } },
      lastCompletedStatusKey: 'submittedForApproval',
      amountPaidInCents: 0,
      isProcessingPayment: 0,
      feedbackNotes: null,
    });
    expect([d.fromStatusKey, d.toStatusKey]).toEqual(['orderStarted', 'submittedForApproval']);
  });

  it('the payment provider cannot submit', () => {
    expect(decide(order850('orderStarted'), 'provider', { type: 'submit' })).toEqual(
      refusal("Only the customer or the organisation's staff can submit an order."),
    );
  });

  it('is refused once submitted, or while a payment processes', () => {
    expect(decide(order850('submittedForApproval'), 'guest', { type: 'submit' })).toEqual(refusal('This order has already been submitted.'));
    expect(decide(order850('readyToPayDeposit'), 'employee', { type: 'submit' })).toEqual(refusal('This order has already been submitted.'));
    expect(decide(order850('orderStarted', { isProcessingPayment: 1 }), 'guest', { type: 'submit' })).toEqual(refusal(PROCESSING));
  });

  it('a stocked order is not reviewed: auto-approved, it goes on to the payment step', () => {
    const stocked = order850('orderStarted', { isStocked: 1, orderTotalInCents: 20000, depositAmountInCents: 20000 });
    const d = accepted(decide(stocked, 'guest', { type: 'submit' }));
    expect(d.next.statusData).toStrictEqual({
      orderStarted: { date: EARLIER },
      submittedForApproval: { date: NOW, autoApproved: true },
      readyToPayDeposit: { date: NOW },
    });
    expect(d.toStatusKey).toBe('readyToPayDeposit');
  });

  it("a stocked order of 1798 goes on to the step after review, whatever its type", () => {
    const d = accepted(decide(order850('orderStarted', { isStocked: 1 }, STATUSES_1798), 'guest', { type: 'submit' }, STATUSES_1798));
    expect(d.toStatusKey).toBe('proofApproved');
    expect(d.next.statusData['submittedForApproval']).toStrictEqual({ date: NOW, autoApproved: true });
  });

  it('a stocked order with nothing to pay passes the payment step as covered', () => {
    const free = order850('orderStarted', { isStocked: 1, orderTotalInCents: 0, depositAmountInCents: 0 });
    const d = accepted(decide(free, 'guest', { type: 'submit' }));
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({ date: NOW, paymentAmountInCents: 0, coveredByEarlierPayment: true });
    expect(d.toStatusKey).toBe('depositReceived');
  });

  it('without a review step, submit moves to the next step', () => {
    const steps: ProductOrderStatus[] = [STATUSES_850[0]!, STATUSES_850[2]!, STATUSES_850[6]!];
    const d = accepted(decide(order850('orderStarted', {}, steps), 'guest', { type: 'submit' }, steps));
    expect(d.next.statusData).toStrictEqual({ orderStarted: { date: EARLIER }, readyToPayDeposit: { date: NOW } });
  });

  it('an organisation with a single step has nowhere to submit to', () => {
    const steps = [STATUSES_850[0]!];
    expect(decide(order850('orderStarted', {}, steps), 'guest', { type: 'submit' }, steps)).toEqual(
      refusal('This order has no further step to move to.'),
    );
  });
});

describe('approve', () => {
  it('staff approve a submitted order: it moves to the next step', () => {
    const d = accepted(decide(order850('submittedForApproval'), 'employee', { type: 'approve' }));
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({ date: NOW });
    expect([d.fromStatusKey, d.toStatusKey]).toEqual(['submittedForApproval', 'readyToPayDeposit']);
    const calico = accepted(decide(order850('submittedForApproval', {}, STATUSES_1798), 'employee', { type: 'approve' }, STATUSES_1798));
    expect(calico.toStatusKey).toBe('proofApproved');
  });

  it.each<StatusActor>(['guest', 'provider'])('%s cannot approve', (actor) => {
    expect(decide(order850('submittedForApproval'), actor, { type: 'approve' })).toEqual(refusal(STAFF_APPROVE));
  });

  it('only a submitted order can be approved', () => {
    expect(decide(order850('orderStarted'), 'employee', { type: 'approve' })).toEqual(refusal('This order is not waiting for approval.'));
    expect(decide(order850('readyToPayDeposit'), 'employee', { type: 'approve' })).toEqual(refusal('This order is not waiting for approval.'));
  });

  it('an order with nothing to pay passes the payment step as covered', () => {
    const d = accepted(decide(order850('submittedForApproval', { orderTotalInCents: 0, depositAmountInCents: 0 }), 'employee', { type: 'approve' }));
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({ date: NOW, paymentAmountInCents: 0, coveredByEarlierPayment: true });
    expect(d.next.statusData['depositReceived']).toStrictEqual({ date: NOW });
    expect(d.toStatusKey).toBe('depositReceived');
  });
});

describe('requireChanges', () => {
  it('staff send a submitted order back to its start with notes for the customer', () => {
    const d = accepted(decide(order850('submittedForApproval'), 'employee', { type: 'requireChanges', feedbackNotes: 'Use brass plates.' }));
    expect(d.next.statusData).toStrictEqual({ orderStarted: { date: EARLIER } });
    expect(d.next.feedbackNotes).toBe('Use brass plates.');
    expect(d.toStatusKey).toBe('orderStarted');
  });

  it('the customer resubmits: the notes are cleared', () => {
    const back = after(order850('submittedForApproval'), decide(order850('submittedForApproval'), 'employee', { type: 'requireChanges', feedbackNotes: 'Fix it.' }));
    expect(accepted(decide(back, 'guest', { type: 'submit' })).next.feedbackNotes).toBeNull();
  });

  it.each<StatusActor>(['guest', 'provider'])('%s cannot send an order back', (actor) => {
    expect(decide(order850('submittedForApproval'), actor, { type: 'requireChanges', feedbackNotes: 'x' })).toEqual(refusal(STAFF_CHANGES));
  });

  it('needs feedback, and a submitted order', () => {
    const needs = refusal('Feedback for the customer is required to send an order back for changes.');
    expect(decide(order850('submittedForApproval'), 'employee', { type: 'requireChanges', feedbackNotes: '' })).toEqual(needs);
    expect(decide(order850('submittedForApproval'), 'employee', { type: 'requireChanges', feedbackNotes: '  \n ' })).toEqual(needs);
    expect(decide(order850('orderStarted'), 'employee', { type: 'requireChanges', feedbackNotes: 'x' })).toEqual(
      refusal('This order is not waiting for approval.'),
    );
  });
});

describe('cancel', () => {
  it.each<[StatusActor, string]>([
    ['guest', 'submittedForApproval'],
    ['employee', 'readyToPayDeposit'],
  ])('%s cancels an unpaid order at %s: back to the first step, notes cleared', (actor, at) => {
    const d = accepted(decide(order850(at, { feedbackNotes: 'old' }), actor, { type: 'cancel' }));
    expect(d.next.statusData).toStrictEqual({ orderStarted: { date: NOW } });
    expect(d.next.feedbackNotes).toBeNull();
    expect(d.toStatusKey).toBe('orderStarted');
  });

  it('the payment provider cannot cancel', () => {
    expect(decide(order850('submittedForApproval'), 'provider', { type: 'cancel' })).toEqual(
      refusal("Only the customer or the organisation's staff can cancel an order."),
    );
  });

  it('is refused at the first step, after a payment, and while a payment processes', () => {
    expect(decide(order850('orderStarted'), 'guest', { type: 'cancel' })).toEqual(
      refusal('This order has not been submitted yet, so there is nothing to cancel.'),
    );
    expect(decide(order850('depositReceived', { amountPaidInCents: 50000 }), 'employee', { type: 'cancel' })).toEqual(
      refusal('An order can only be cancelled before anything has been paid.'),
    );
    expect(decide(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'guest', { type: 'cancel' })).toEqual(refusal(PROCESSING));
  });
});

describe('setStatus', () => {
  it('moving forward marks the steps passed over as skipped, but an unpaid payment step and what follows it stay unreached', () => {
    const d = accepted(decide(order850('submittedForApproval'), 'employee', { type: 'setStatus', statusKey: 'inProduction' }));
    // Deposit Due is owed: neither it nor "Deposit Received" may look reached with $0 paid.
    expect(d.next.statusData).toStrictEqual({
      orderStarted: { date: EARLIER },
      submittedForApproval: { date: EARLIER },
      inProduction: { date: NOW },
    });
    expect(d.next.amountPaidInCents).toBe(0);
    expect(d.toStatusKey).toBe('inProduction');
  });

  it('steps passed over before any unpaid payment step are marked skipped', () => {
    const d = accepted(decide(order850('orderStarted'), 'employee', { type: 'setStatus', statusKey: 'readyToPayDeposit' }));
    expect(d.next.statusData).toStrictEqual({
      orderStarted: { date: EARLIER },
      submittedForApproval: { date: NOW, skipped: true },
      readyToPayDeposit: { date: NOW },
    });
  });

  it('a paid deposit lets the steps after it count as reached; the unpaid final payment does not', () => {
    const paid = order850('readyToPayDeposit', { amountPaidInCents: 50000 });
    paid.statusData['readyToPayDeposit'] = { date: EARLIER, paymentAmountInCents: 50000, paymentMethod: 'stripe', paidDate: EARLIER };
    const d = accepted(decide(paid, 'employee', { type: 'setStatus', statusKey: 'delivered' }, STATUSES_850, SHIPPED_WITHOUT_FINAL));
    expect(Object.keys(d.next.statusData)).toEqual(['orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'depositReceived', 'inProduction', 'delivered']);
    expect(d.next.statusData['depositReceived']).toStrictEqual({ date: NOW, skipped: true });
    expect(d.next.amountPaidInCents).toBe(50000);
  });

  it('Shipped with nothing paid: allowed where the organisation ships without final payment, and no payment step is reached', () => {
    const d = accepted(decide(order850('submittedForApproval'), 'employee', { type: 'setStatus', statusKey: 'shipped' }, STATUSES_850, SHIPPED_WITHOUT_FINAL));
    expect(d.next.statusData).toStrictEqual({
      orderStarted: { date: EARLIER },
      submittedForApproval: { date: EARLIER },
      shipped: { date: NOW },
    });
    expect(d.next.amountPaidInCents).toBe(0);
    const shipped = after(order850('submittedForApproval'), d);
    // The spec's own state: shipped without final payment, the balance asked for at the shipped step.
    expect(isShippedWithoutFinalPayment(STATUSES_850, SHIPPED_WITHOUT_FINAL, shipped)).toBe(true);
    expect(amountDue(STATUSES_850, SHIPPED_WITHOUT_FINAL, shipped, false)).toBe(100000);
  });

  it('Shipped with a balance due is refused where the organisation does not ship without final payment', () => {
    expect(decide(order850('inProduction'), 'employee', { type: 'setStatus', statusKey: 'shipped' })).toEqual(
      refusal('This order cannot be marked as shipped before it is paid in full.'),
    );
    expect(decide(order850('inProduction', { amountPaidInCents: 100000 }), 'employee', { type: 'setStatus', statusKey: 'delivered' }).ok).toBe(true);
    // A wire awaited on a step passed over counts as received, so it settles the balance.
    const wired = order850('finalPaymentReceived', { amountPaidInCents: 50000 });
    wired.statusData['finalPaymentReceived'] = { date: EARLIER, awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 };
    expect(decide(wired, 'employee', { type: 'setStatus', statusKey: 'shipped' }).ok).toBe(true);
  });

  it('moving past a step awaiting a wire counts the wire as received', () => {
    const waiting = order850('readyToPayDeposit');
    waiting.statusData['readyToPayDeposit'] = { date: EARLIER, awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 };
    const d = accepted(decide(waiting, 'employee', { type: 'setStatus', statusKey: 'inProduction' }));
    expect(d.next.amountPaidInCents).toBe(50000);
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({
      date: EARLIER,
      paymentAmountInCents: 50000,
      paymentMethod: 'wire',
      paidDate: NOW,
    });
    // The deposit was received, so the step saying so counts as reached.
    expect(d.next.statusData['depositReceived']).toStrictEqual({ date: NOW, skipped: true });
  });

  it('an awaited payment already recorded is not counted twice', () => {
    const paid = order850('readyToPayDeposit', { amountPaidInCents: 50000 });
    paid.statusData['readyToPayDeposit'] = { date: EARLIER, awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000, paymentAmountInCents: 50000 };
    expect(accepted(decide(paid, 'employee', { type: 'setStatus', statusKey: 'depositReceived' })).next.amountPaidInCents).toBe(50000);
  });

  it('landing on a payment step with nothing left to pay passes it as covered', () => {
    const d = accepted(decide(order850('inProduction', { amountPaidInCents: 100000 }), 'employee', { type: 'setStatus', statusKey: 'finalPaymentReceived' }));
    expect(d.next.statusData['finalPaymentReceived']).toStrictEqual({ date: NOW, paymentAmountInCents: 0, coveredByEarlierPayment: true });
    expect(d.toStatusKey).toBe('shipped');
  });

  it('moving back drops the later steps and keeps the target', () => {
    const d = accepted(decide(order850('inProduction'), 'employee', { type: 'setStatus', statusKey: 'submittedForApproval' }));
    expect(d.next.statusData).toStrictEqual({ orderStarted: { date: EARLIER }, submittedForApproval: { date: EARLIER } });
    expect([d.fromStatusKey, d.toStatusKey]).toEqual(['inProduction', 'submittedForApproval']);
  });

  it('moving back to a step never reached adds it; moving to the current step changes nothing', () => {
    const gap = order850('orderStarted');
    gap.statusData['inProduction'] = { date: EARLIER };
    const back = accepted(decide(gap, 'employee', { type: 'setStatus', statusKey: 'readyToPayDeposit' }));
    expect(back.next.statusData).toStrictEqual({ orderStarted: { date: EARLIER }, readyToPayDeposit: { date: NOW } });
    const same = accepted(decide(order850('inProduction'), 'employee', { type: 'setStatus', statusKey: 'inProduction' }));
    expect(same.next.statusData).toStrictEqual(order850('inProduction').statusData);
  });

  it('refuses unknown steps, a processing payment, and anyone but staff', () => {
    expect(decide(order850('inProduction'), 'employee', { type: 'setStatus', statusKey: 'nope' })).toEqual(refusal('Unknown status: nope.'));
    expect(decide(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'employee', { type: 'setStatus', statusKey: 'inProduction' })).toEqual(
      refusal(PROCESSING),
    );
    expect(decide(order850('inProduction'), 'guest', { type: 'setStatus', statusKey: 'shipped' })).toEqual(refusal(STAFF_STATUS));
    expect(decide(order850('inProduction'), 'provider', { type: 'setStatus', statusKey: 'shipped' })).toEqual(refusal(STAFF_STATUS));
  });
});

describe('confirmManualPayment', () => {
  it('the customer announces a wire for the deposit: the step awaits it, the order stays', () => {
    const d = accepted(decide(order850('readyToPayDeposit'), 'guest', { type: 'confirmManualPayment', method: 'wire', amountInCents: 50000, payInFull: false }));
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({ date: EARLIER, awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 });
    expect(d.toStatusKey).toBe('readyToPayDeposit');
    expect(d.next.amountPaidInCents).toBe(0);
  });

  it('staff may confirm a cheque for the full amount', () => {
    const d = accepted(decide(order850('readyToPayDeposit'), 'employee', { type: 'confirmManualPayment', method: 'checkByMail', amountInCents: 100000, payInFull: true }));
    expect(d.next.statusData['readyToPayDeposit']?.awaitingAmountInCents).toBe(100000);
  });

  it('refuses an amount that is not the one due, and a method that is not manual', () => {
    expect(decide(order850('readyToPayDeposit'), 'guest', { type: 'confirmManualPayment', method: 'wire', amountInCents: 100000, payInFull: false })).toEqual(
      refusal(AMOUNT_CHANGED),
    );
    expect(decide(order850('readyToPayDeposit'), 'guest', { type: 'confirmManualPayment', method: 'wire', amountInCents: 50000, payInFull: true })).toEqual(
      refusal(AMOUNT_CHANGED),
    );
    const cash = { type: 'confirmManualPayment', method: 'cash', amountInCents: 50000, payInFull: false } as unknown as StatusEvent;
    expect(decide(order850('readyToPayDeposit'), 'guest', cash)).toEqual(refusal('Unknown payment method: cash.'));
  });

  it('refuses away from a payment step, with nothing due, while processing, and for the provider', () => {
    const wire = { type: 'confirmManualPayment', method: 'wire', amountInCents: 50000, payInFull: false } as const;
    expect(decide(order850('submittedForApproval'), 'guest', wire)).toEqual(refusal(NOT_PAYMENT));
    expect(decide(order850('readyToPayDeposit', { amountPaidInCents: 100000 }), 'guest', wire)).toEqual(
      refusal('There is nothing left to pay on this order.'),
    );
    expect(decide(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'guest', wire)).toEqual(refusal(PROCESSING));
    expect(decide(order850('readyToPayDeposit'), 'provider', wire)).toEqual(
      refusal("Only the customer or the organisation's staff can confirm a payment."),
    );
  });
});

describe('paymentStarted and paymentFailed', () => {
  it.each<StatusActor>(['guest', 'employee'])('%s starts a card payment: processing, the last error forgotten', (actor) => {
    const failedBefore = order850('readyToPayDeposit');
    failedBefore.statusData['readyToPayDeposit'] = { date: EARLIER, lastPaymentError: 'Declined.' };
    const d = accepted(decide(failedBefore, actor, { type: 'paymentStarted', amountInCents: 50000, payInFull: false }));
    expect(d.next.isProcessingPayment).toBe(1);
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({ date: EARLIER });
  });

  it('refuses a second payment, a changed amount (the upcharge is not part of it), a step without payment, the provider', () => {
    const start = { type: 'paymentStarted', amountInCents: 50000, payInFull: false } as const;
    expect(decide(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'guest', start)).toEqual(refusal(PROCESSING));
    expect(decide(order850('readyToPayDeposit'), 'guest', { ...start, amountInCents: 51500 })).toEqual(refusal(AMOUNT_CHANGED));
    expect(decide(order850('inProduction'), 'guest', start)).toEqual(refusal(NOT_PAYMENT));
    expect(decide(order850('readyToPayDeposit'), 'provider', start)).toEqual(
      refusal("Only the customer or the organisation's staff can start a payment."),
    );
  });

  it('the provider reports a failure: processing stops, the message is kept', () => {
    const d = accepted(decide(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'provider', { type: 'paymentFailed', message: 'Your card was declined.' }));
    expect(d.next.isProcessingPayment).toBe(0);
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({ date: EARLIER, lastPaymentError: 'Your card was declined.' });
    expect(d.toStatusKey).toBe('readyToPayDeposit');
  });

  it('a failure is only for the provider, and only while processing', () => {
    const fail = { type: 'paymentFailed', message: 'x' } as const;
    expect(decide(order850('readyToPayDeposit'), 'provider', fail)).toEqual(refusal('No payment is processing for this order.'));
    expect(decide(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'guest', fail)).toEqual(refusal(PROVIDER_ONLY));
    expect(decide(order850('readyToPayDeposit', { isProcessingPayment: 1 }), 'employee', fail)).toEqual(refusal(PROVIDER_ONLY));
  });
});

describe('paymentSucceeded', () => {
  it('records the payment on the step, drops what was awaited, and moves on', () => {
    const processing = order850('readyToPayDeposit', { isProcessingPayment: 1 });
    processing.statusData['readyToPayDeposit'] = { date: EARLIER, awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000, lastPaymentError: 'x' };
    const d = accepted(decide(processing, 'provider', { type: 'paymentSucceeded', amountInCents: 50000, method: 'stripe' }));
    expect(d.next.statusData['readyToPayDeposit']).toStrictEqual({ date: EARLIER, paymentAmountInCents: 50000, paymentMethod: 'stripe', paidDate: NOW });
    expect(d.next.statusData['depositReceived']).toStrictEqual({ date: NOW });
    expect(d.next).toMatchObject({ amountPaidInCents: 50000, isProcessingPayment: 0, lastCompletedStatusKey: 'depositReceived' });
  });

  it('is only for the provider and only for whole cents; money taken is recorded even when nothing was processing', () => {
    const ok = { type: 'paymentSucceeded', amountInCents: 50000, method: 'stripe' } as const;
    const processing = order850('readyToPayDeposit', { isProcessingPayment: 1 });
    expect(accepted(decide(order850('readyToPayDeposit'), 'provider', ok)).next.amountPaidInCents).toBe(50000);
    expect(decide(processing, 'guest', ok)).toEqual(refusal(PROVIDER_ONLY));
    expect(decide(processing, 'employee', ok)).toEqual(refusal(PROVIDER_ONLY));
    const invalid = refusal('The amount paid is not a valid number of cents.');
    expect(decide(processing, 'provider', { ...ok, amountInCents: -1 })).toEqual(invalid);
    expect(decide(processing, 'provider', { ...ok, amountInCents: 10.5 })).toEqual(invalid);
  });
});

describe('payment paths of 850', () => {
  it('deposit (50% of $1,000.00) then the final $500.00', () => {
    let order = order850('submittedForApproval');
    order = after(order, decide(order, 'employee', { type: 'approve' }));
    expect(amountChoices(order)).toEqual({ deposit: 50000, full: 100000 });
    order = after(order, decide(order, 'guest', { type: 'paymentStarted', amountInCents: 50000, payInFull: false }));
    order = after(order, decide(order, 'provider', { type: 'paymentSucceeded', amountInCents: 50000, method: 'stripe' }));
    expect(order.lastCompletedStatusKey).toBe('depositReceived');
    order = after(order, decide(order, 'employee', { type: 'setStatus', statusKey: 'inProduction' }));
    order = after(order, decide(order, 'employee', { type: 'setStatus', statusKey: 'finalPaymentReceived' }));
    expect(order.lastCompletedStatusKey).toBe('finalPaymentReceived');
    expect(amountChoices(order)).toEqual({ deposit: null, full: 50000 });
    expect(decide(order, 'guest', { type: 'paymentStarted', amountInCents: 100000, payInFull: true })).toEqual(refusal(AMOUNT_CHANGED));
    order = after(order, decide(order, 'guest', { type: 'paymentStarted', amountInCents: 50000, payInFull: true }));
    order = after(order, decide(order, 'provider', { type: 'paymentSucceeded', amountInCents: 50000, method: 'stripe' }));
    expect(order.amountPaidInCents).toBe(100000);
    expect(order.statusData['finalPaymentReceived']?.paymentAmountInCents).toBe(50000);
    expect(order.lastCompletedStatusKey).toBe('shipped');
  });

  it('paid in full at the deposit step: the final payment step is covered and passed', () => {
    let order = order850('readyToPayDeposit');
    order = after(order, decide(order, 'guest', { type: 'paymentStarted', amountInCents: 100000, payInFull: true }));
    order = after(order, decide(order, 'provider', { type: 'paymentSucceeded', amountInCents: 100000, method: 'stripe' }));
    order = after(order, decide(order, 'employee', { type: 'setStatus', statusKey: 'inProduction' }));
    order = after(order, decide(order, 'employee', { type: 'setStatus', statusKey: 'finalPaymentReceived' }));
    expect(order.statusData['finalPaymentReceived']).toStrictEqual({ date: NOW, paymentAmountInCents: 0, coveredByEarlierPayment: true });
    expect(order.lastCompletedStatusKey).toBe('shipped');
  });

  it('1798: a single full payment at its payment step, after the proof step', () => {
    let order = order850('readyToPay', { depositAmountInCents: 0 }, STATUSES_1798);
    expect(amountChoices(order)).toEqual({ deposit: null, full: 100000 });
    const d = (o: Order, actor: StatusActor, e: StatusEvent) => decide(o, actor, e, STATUSES_1798);
    order = after(order, d(order, 'guest', { type: 'paymentStarted', amountInCents: 100000, payInFull: false }));
    order = after(order, d(order, 'provider', { type: 'paymentSucceeded', amountInCents: 100000, method: 'stripe' }));
    expect(order.lastCompletedStatusKey).toBe('inProduction');
  });
});

describe('shipped without final payment', () => {
  /** Shipped with the deposit paid and the final payment step passed over. */
  const shipped = (patch: Partial<Order> = {}): Order => {
    const o = order850('shipped', { amountPaidInCents: 50000, ...patch });
    o.statusData['finalPaymentReceived'] = { date: EARLIER, skipped: true };
    return o;
  };

  it('with the option, the balance is taken at the shipped step and recorded on the last payment step', () => {
    const o = shipped();
    expect(isShippedWithoutFinalPayment(STATUSES_850, SHIPPED_WITHOUT_FINAL, o)).toBe(true);
    expect(paymentStepKey(STATUSES_850, SHIPPED_WITHOUT_FINAL, o)).toBe('finalPaymentReceived');
    expect(allowedEvents(STATUSES_850, SHIPPED_WITHOUT_FINAL, o, 'guest')).toEqual(['confirmManualPayment', 'paymentStarted']);
    const started = after(o, decide(o, 'guest', { type: 'paymentStarted', amountInCents: 50000, payInFull: false }, STATUSES_850, SHIPPED_WITHOUT_FINAL));
    const d = accepted(decide(started, 'provider', { type: 'paymentSucceeded', amountInCents: 50000, method: 'stripe' }, STATUSES_850, SHIPPED_WITHOUT_FINAL));
    expect(d.next.statusData['finalPaymentReceived']).toMatchObject({ paymentAmountInCents: 50000, paymentMethod: 'stripe', paidDate: NOW });
    expect(d.next.amountPaidInCents).toBe(100000);
    expect(d.toStatusKey).toBe('shipped');
  });

  it('the balance only, even when the deposit was never paid', () => {
    const o = shipped({ amountPaidInCents: 0 });
    expect(amountDue(STATUSES_850, SHIPPED_WITHOUT_FINAL, o, false)).toBe(100000);
    expect(decide(o, 'guest', { type: 'paymentStarted', amountInCents: 50000, payInFull: false }, STATUSES_850, SHIPPED_WITHOUT_FINAL)).toEqual(
      refusal(AMOUNT_CHANGED),
    );
  });

  it('adds to an earlier part payment on that step, and creates the entry when missing', () => {
    const o = shipped({ isProcessingPayment: 1 });
    o.statusData['finalPaymentReceived'] = { date: EARLIER, paymentAmountInCents: 20000 };
    const d = accepted(decide({ ...o, amountPaidInCents: 70000 }, 'provider', { type: 'paymentSucceeded', amountInCents: 30000, method: 'stripe' }, STATUSES_850, SHIPPED_WITHOUT_FINAL));
    expect(d.next.statusData['finalPaymentReceived']?.paymentAmountInCents).toBe(50000);
    const gap = shipped();
    delete gap.statusData['finalPaymentReceived'];
    const wire = accepted(
      decide(gap, 'guest', { type: 'confirmManualPayment', method: 'wire', amountInCents: 50000, payInFull: true }, STATUSES_850, SHIPPED_WITHOUT_FINAL),
    );
    expect(wire.next.statusData['finalPaymentReceived']).toStrictEqual({ date: NOW, awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 });
    expect(wire.toStatusKey).toBe('shipped');
  });

  it('delivered counts too; a paid order or an earlier step does not', () => {
    const delivered = order850('delivered', { amountPaidInCents: 50000 });
    expect(isShippedWithoutFinalPayment(STATUSES_850, SHIPPED_WITHOUT_FINAL, delivered)).toBe(true);
    expect(isShippedWithoutFinalPayment(STATUSES_850, SHIPPED_WITHOUT_FINAL, shipped({ amountPaidInCents: 100000 }))).toBe(false);
    expect(isShippedWithoutFinalPayment(STATUSES_850, SHIPPED_WITHOUT_FINAL, order850('inProduction', { amountPaidInCents: 50000 }))).toBe(false);
  });

  it('without the option, a shipped order takes no payment', () => {
    const o = shipped();
    expect(isShippedWithoutFinalPayment(STATUSES_850, OPTIONS, o)).toBe(false);
    expect(paymentStepKey(STATUSES_850, OPTIONS, o)).toBeNull();
    expect(decide(o, 'guest', { type: 'paymentStarted', amountInCents: 50000, payInFull: false })).toEqual(refusal(NOT_PAYMENT));
  });
});

describe('plugin guards', () => {
  it('run after the built-in checks; the first sentence refuses; they see the step the order would reach', () => {
    const seen: Array<string | null> = [];
    const record: StatusGuard = (ctx) => {
      seen.push(ctx.toStatusKey);
      return null;
    };
    const noSamples: StatusGuard = (ctx) => (ctx.event.type === 'submit' ? 'Samples cannot be ordered this week.' : null);
    const second: StatusGuard = () => 'Never reached.';
    const options: StatusOptions = { shippedWithoutFinalPayment: false, guards: [record, noSamples, second] };
    expect(decide(order850('orderStarted'), 'guest', { type: 'submit' }, STATUSES_850, options)).toEqual(refusal('Samples cannot be ordered this week.'));
    expect(seen).toEqual(['submittedForApproval']);
    // A built-in refusal comes first: the guards are not asked.
    expect(decide(order850('submittedForApproval'), 'guest', { type: 'submit' }, STATUSES_850, options)).toEqual(
      refusal('This order has already been submitted.'),
    );
    expect(seen).toHaveLength(1);
    const onlyRecord = { ...options, guards: [record] };
    accepted(decide(order850('readyToPayDeposit'), 'guest', { type: 'paymentStarted', amountInCents: 50000, payInFull: false }, STATUSES_850, onlyRecord));
    expect(seen[1]).toBeNull();
  });
});

describe('allowedEvents', () => {
  const allowed = (o: Order, actor: StatusActor, options: StatusOptions = OPTIONS) => allowedEvents(STATUSES_850, options, o, actor);

  it('what each actor may do at each stage', () => {
    expect(allowed(order850('orderStarted'), 'guest')).toEqual(['submit']);
    expect(allowed(order850('orderStarted'), 'employee')).toEqual(['submit', 'setStatus']);
    expect(allowed(order850('submittedForApproval'), 'guest')).toEqual(['cancel']);
    expect(allowed(order850('submittedForApproval'), 'employee')).toEqual(['approve', 'requireChanges', 'cancel', 'setStatus']);
    expect(allowed(order850('readyToPayDeposit'), 'guest')).toEqual(['cancel', 'confirmManualPayment', 'paymentStarted']);
    expect(allowed(order850('depositReceived', { amountPaidInCents: 50000 }), 'guest')).toEqual([]);
    // The provider's word that money was taken is always heard.
    expect(allowed(order850('readyToPayDeposit'), 'provider')).toEqual(['paymentSucceeded']);
  });

  it('while a payment processes only the provider may act', () => {
    const processing = order850('readyToPayDeposit', { isProcessingPayment: 1 });
    expect(allowed(processing, 'employee')).toEqual([]);
    expect(allowed(processing, 'guest')).toEqual([]);
    expect(allowed(processing, 'provider')).toEqual(['paymentFailed', 'paymentSucceeded']);
  });

  it('a plugin refusal hides the action', () => {
    const noCancel: StatusGuard = (ctx) => (ctx.event.type === 'cancel' ? 'No.' : null);
    expect(allowed(order850('submittedForApproval'), 'guest', { shippedWithoutFinalPayment: false, guards: [noCancel] })).toEqual([]);
  });
});

describe('purity and serialisation', () => {
  const deepFreeze = <T>(o: T): T => {
    if (o && typeof o === 'object') {
      Object.values(o).forEach(deepFreeze);
      Object.freeze(o);
    }
    return o;
  };

  it('a decision survives a JSON round trip unchanged, and the order given is not touched', () => {
    const waiting = order850('readyToPayDeposit');
    waiting.statusData['readyToPayDeposit'] = { date: EARLIER, awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 };
    const before = structuredClone(waiting);
    deepFreeze(waiting);
    const decisions = [
      decide(waiting, 'employee', { type: 'setStatus', statusKey: 'shipped' }),
      decide(waiting, 'guest', { type: 'cancel' }),
      decide(waiting, 'guest', { type: 'submit' }),
    ];
    for (const d of decisions) expect(JSON.parse(JSON.stringify(d))).toStrictEqual(d);
    expect(waiting).toStrictEqual(before);
  });

  it('an unknown event is refused in words', () => {
    expect(decide(order850('orderStarted'), 'employee', { type: 'archive' } as unknown as StatusEvent)).toEqual(refusal('Unknown action: archive.'));
  });

  it('an organisation without steps refuses every event', () => {
    const none: ProductOrderStatus[] = [];
    const o = { ...order850('orderStarted'), statusData: {} };
    expect(decideStatus(none, OPTIONS, o, 'guest', { type: 'submit' }, { now: NOW })).toEqual(
      refusal('This organisation has not set up the steps of its orders.'),
    );
  });

  it('goes through the organisation’s XState machine (pure transition functions)', () => {
    const machine = orderStatusMachine(STATUSES_850);
    expect(orderStatusMachine(STATUSES_850)).toBe(machine);
    const [ready] = initialTransition(machine, { ...order850('orderStarted'), options: OPTIONS, actor: 'guest', now: NOW });
    expect(ready.value).toBe('ready');
    const [done] = transition(machine, ready, { type: 'submit' });
    expect(done.value).toBe('decided');
    expect(done.context.lastCompletedStatusKey).toBe('submittedForApproval');
    const [refused] = transition(machine, ready, { type: 'approve' });
    expect(refused.value).toBe('refused');
    expect(refused.context.refusal).toBe(STAFF_APPROVE);
  });
});
