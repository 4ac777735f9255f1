import type {
  OrderStatusFacts,
  OrderStatusFields,
  ProductOrderStatus,
  StatusActor,
  StatusEntry,
  StatusEvent,
  StatusOptions,
} from './types.ts';
import { AFTER_SHIPPING, amountDue, balanceDue, isShippedWithoutFinalPayment, paymentStepByPosition } from './amounts.ts';
import { currentStatus, hasEntry, lastCompletedKey, newStatusData, stepIndex } from './steps.ts';
import { changeRefusal, LOCK_REFUSALS } from './locks.ts';

/** Everything a status decision reads: the order, the organisation's steps and rules, who acts and when. */
export type StatusContext = OrderStatusFields &
  OrderStatusFacts & {
    statuses: readonly ProductOrderStatus[];
    options: StatusOptions;
    actor: StatusActor;
    now: string;
  };

export type StatusEventType = StatusEvent['type'];
export const STATUS_EVENT_TYPES: readonly StatusEventType[] = [
  'submit',
  'approve',
  'requireChanges',
  'reopen',
  'cancel',
  'setStatus',
  'confirmManualPayment',
  'paymentStarted',
  'paymentFailed',
  'paymentSucceeded',
];

/** The sentences a refused transition answers with. */
export const STATUS_REFUSALS = {
  noSteps: 'This organisation has not set up the steps of its orders.',
  unknownStep: "This order's status is not one of the organisation's steps.",
  alreadySubmitted: 'This order has already been submitted.',
  notWaitingForApproval: 'This order is not waiting for approval.',
  feedbackRequired: 'Feedback for the customer is required to send an order back for changes.',
  reopenReasonRequired: 'A reason is required to reopen an order for changes.',
  unpaidShipping: 'This order cannot be marked as shipped before it is paid in full.',
  nothingToCancel: 'This order has not been submitted yet, so there is nothing to cancel.',
  cancelAfterPayment: 'An order can only be cancelled before anything has been paid.',
  noNextStep: 'This order has no further step to move to.',
  unknownStatus: (key: string) => `Unknown status: ${key}.`,
  notAtPaymentStep: 'This order is not at a payment step.',
  nothingDue: 'There is nothing left to pay on this order.',
  processing: 'A payment is already processing for this order.',
  notProcessing: 'No payment is processing for this order.',
  amountChanged: 'The amount to pay has changed. Reload the order and try again.',
  invalidPaymentAmount: 'The amount paid is not a valid number of cents.',
  unknownPaymentMethod: (method: string) => `Unknown payment method: ${method}.`,
  unknownAction: (type: string) => `Unknown action: ${type}.`,
} as const;

const ACTOR_REFUSALS: Record<StatusEventType, { may: readonly StatusActor[]; message: string }> = {
  submit: { may: ['guest', 'employee'], message: "Only the customer or the organisation's staff can submit an order." },
  approve: { may: ['employee'], message: "Only the organisation's staff can approve an order." },
  requireChanges: { may: ['employee'], message: "Only the organisation's staff can send an order back for changes." },
  reopen: { may: ['employee'], message: LOCK_REFUSALS.reopenGuest },
  cancel: { may: ['guest', 'employee'], message: "Only the customer or the organisation's staff can cancel an order." },
  setStatus: { may: ['employee'], message: "Only the organisation's staff can change an order's status." },
  confirmManualPayment: { may: ['guest', 'employee'], message: "Only the customer or the organisation's staff can confirm a payment." },
  paymentStarted: { may: ['guest', 'employee'], message: "Only the customer or the organisation's staff can start a payment." },
  paymentFailed: { may: ['provider'], message: 'Only the payment provider can report the outcome of a payment.' },
  paymentSucceeded: { may: ['provider'], message: 'Only the payment provider can report the outcome of a payment.' },
};

export function isStatusEventType(type: unknown): type is StatusEventType {
  return typeof type === 'string' && (STATUS_EVENT_TYPES as readonly string[]).includes(type);
}

export function actorRefusal(actor: StatusActor, type: StatusEventType): string | null {
  const rule = ACTOR_REFUSALS[type];
  return rule.may.includes(actor) ? null : rule.message;
}

const isWholeCents = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** Why the order's position and money forbid the event; null when they allow it. */
export function ruleRefusal(ctx: StatusContext, event: StatusEvent): string | null {
  const { statuses } = ctx;
  if (statuses.length === 0) return STATUS_REFUSALS.noSteps;
  const current = currentStatus(statuses, ctx.statusData);
  const at = stepIndex(statuses, current?.key ?? null);
  switch (event.type) {
    case 'submit': {
      if (!current) return STATUS_REFUSALS.unknownStep;
      if (current.type !== 'orderStarted') return STATUS_REFUSALS.alreadySubmitted;
      if (ctx.isProcessingPayment === 1) return STATUS_REFUSALS.processing;
      if (at === statuses.length - 1) return STATUS_REFUSALS.noNextStep;
      return null;
    }
    case 'approve':
      if (current?.type !== 'submittedForApproval') return STATUS_REFUSALS.notWaitingForApproval;
      if (at === statuses.length - 1) return STATUS_REFUSALS.noNextStep;
      return null;
    case 'requireChanges':
      if (current?.type !== 'submittedForApproval') return STATUS_REFUSALS.notWaitingForApproval;
      if (typeof event.feedbackNotes !== 'string' || event.feedbackNotes.trim() === '') return STATUS_REFUSALS.feedbackRequired;
      return null;
    case 'reopen': {
      if (ctx.isProcessingPayment === 1) return STATUS_REFUSALS.processing;
      const locked = changeRefusal(statuses, ctx, 'employee', 'reopen');
      if (locked !== null) return locked;
      if (typeof event.reason !== 'string' || event.reason.trim() === '') return STATUS_REFUSALS.reopenReasonRequired;
      return null;
    }
    case 'cancel': {
      if (at <= 0) return STATUS_REFUSALS.nothingToCancel;
      if (ctx.isProcessingPayment === 1) return STATUS_REFUSALS.processing;
      if (ctx.amountPaidInCents !== 0) return STATUS_REFUSALS.cancelAfterPayment;
      // A customer cancels while the order awaits review or payment, not once it is being made.
      return ctx.actor === 'provider' ? null : changeRefusal(statuses, ctx, ctx.actor, 'cancel');
    }
    case 'setStatus': {
      const target = stepIndex(statuses, typeof event.statusKey === 'string' ? event.statusKey : null);
      if (target < 0) return STATUS_REFUSALS.unknownStatus(String(event.statusKey));
      if (ctx.isProcessingPayment === 1) return STATUS_REFUSALS.processing;
      // Shipping with a balance due is the organisation's choice (shipped without final payment).
      if (target > at && AFTER_SHIPPING.has(statuses[target]!.type) && !ctx.options.shippedWithoutFinalPayment && balanceDue(afterAwaited(ctx, target)) > 0) {
        return STATUS_REFUSALS.unpaidShipping;
      }
      return null;
    }
    case 'confirmManualPayment':
    case 'paymentStarted': {
      if (event.type === 'confirmManualPayment' && event.method !== 'wire' && event.method !== 'checkByMail') {
        return STATUS_REFUSALS.unknownPaymentMethod(String(event.method));
      }
      if (paymentStepByPosition(statuses, ctx.options, ctx) === null) return STATUS_REFUSALS.notAtPaymentStep;
      if (ctx.isProcessingPayment === 1) return STATUS_REFUSALS.processing;
      if (balanceDue(ctx) === 0) return STATUS_REFUSALS.nothingDue;
      if (event.amountInCents !== amountDue(statuses, ctx.options, ctx, event.payInFull === true)) return STATUS_REFUSALS.amountChanged;
      return null;
    }
    case 'paymentFailed':
      return ctx.isProcessingPayment === 1 ? null : STATUS_REFUSALS.notProcessing;
    case 'paymentSucceeded':
      // Money the provider took is a fact, whichever payment of the order it was: never refused.
      if (!isWholeCents(event.amountInCents)) return STATUS_REFUSALS.invalidPaymentAmount;
      return null;
  }
}

/** The money of the order once the wires and cheques awaited on the steps before `target` count as received. */
function afterAwaited(ctx: StatusContext, target: number): { orderTotalInCents: number; amountPaidInCents: number } {
  let paid = ctx.amountPaidInCents;
  for (const step of ctx.statuses.slice(0, target)) {
    const e = ctx.statusData[step.key];
    if (step.type === 'payment' && e && e.paymentAmountInCents === undefined && typeof e.awaitingPaymentMethod === 'string' && isWholeCents(e.awaitingAmountInCents)) {
      paid += e.awaitingAmountInCents;
    }
  }
  return { orderTotalInCents: ctx.orderTotalInCents, amountPaidInCents: paid };
}

/** The order being changed: a deep copy, so the caller's order is never touched. */
type Draft = OrderStatusFields & OrderStatusFacts;

function draftOf(ctx: StatusContext): Draft {
  return {
    statusData: structuredClone(ctx.statusData),
    lastCompletedStatusKey: ctx.lastCompletedStatusKey,
    amountPaidInCents: ctx.amountPaidInCents,
    isProcessingPayment: ctx.isProcessingPayment,
    feedbackNotes: ctx.feedbackNotes,
    isStocked: ctx.isStocked,
    orderTotalInCents: ctx.orderTotalInCents,
    depositAmountInCents: ctx.depositAmountInCents,
  };
}

/**
 * Enters the step after `fromIndex`. A payment step with nothing left to pay (everything was paid
 * earlier) is marked covered and passed at once, as often as needed.
 */
function enterAfter(d: Draft, statuses: readonly ProductOrderStatus[], fromIndex: number, now: string): void {
  for (let i = fromIndex + 1; i < statuses.length; i++) {
    const step = statuses[i]!;
    if (step.type === 'payment' && balanceDue(d) === 0) {
      d.statusData[step.key] = { date: now, paymentAmountInCents: 0, coveredByEarlierPayment: true };
      continue;
    }
    d.statusData[step.key] = { date: now };
    return;
  }
}

/** Forgets the steps after `index` (steps the organisation no longer has are left alone). */
function dropAfter(d: Draft, statuses: readonly ProductOrderStatus[], index: number): void {
  statuses.slice(index + 1).forEach((s) => delete d.statusData[s.key]);
}

function entryFor(d: Draft, key: string, now: string): StatusEntry {
  const entry = d.statusData[key] ?? { date: now };
  d.statusData[key] = entry;
  return entry;
}

/** A wire or cheque the customer announced counts as received once staff move the order past its step. */
function receiveAwaitedPayment(d: Draft, entry: StatusEntry, now: string): void {
  const method = entry.awaitingPaymentMethod;
  const amount = entry.awaitingAmountInCents;
  if (typeof method !== 'string' || !isWholeCents(amount) || entry.paymentAmountInCents !== undefined) return;
  d.amountPaidInCents += amount;
  entry.paymentAmountInCents = amount;
  entry.paymentMethod = method;
  entry.paidDate = now;
  delete entry.awaitingPaymentMethod;
  delete entry.awaitingAmountInCents;
  delete entry.lastPaymentError;
}

/** Where a payment's outcome is written: the payment step by position, else the last payment step already reached. */
function outcomeStepKey(ctx: StatusContext): string | null {
  const byPosition = paymentStepByPosition(ctx.statuses, ctx.options, ctx);
  if (byPosition !== null) return byPosition;
  const at = stepIndex(ctx.statuses, lastCompletedKey(ctx.statuses, ctx.statusData));
  for (let i = at; i >= 0; i--) {
    const step = ctx.statuses[i]!;
    if (step.type === 'payment' && hasEntry(ctx.statusData, step.key)) return step.key;
  }
  return null;
}

/** The order's status fields after an allowed event (ruleRefusal returned null). */
export function applyEvent(ctx: StatusContext, event: StatusEvent): OrderStatusFields {
  const { statuses, now } = ctx;
  const d = draftOf(ctx);
  const at = stepIndex(statuses, lastCompletedKey(statuses, ctx.statusData));
  switch (event.type) {
    case 'submit': {
      d.feedbackNotes = null;
      const review = statuses.findIndex((s, i) => i > at && s.type === 'submittedForApproval');
      if (review < 0) {
        enterAfter(d, statuses, at, now);
      } else if (ctx.isStocked) {
        // Stocked items are not reviewed: the order goes on as if approved.
        d.statusData[statuses[review]!.key] = { date: now, autoApproved: true };
        enterAfter(d, statuses, review, now);
      } else {
        d.statusData[statuses[review]!.key] = { date: now };
      }
      break;
    }
    case 'approve':
      enterAfter(d, statuses, at, now);
      break;
    case 'requireChanges': {
      const started = Math.max(0, statuses.findIndex((s) => s.type === 'orderStarted'));
      dropAfter(d, statuses, started);
      entryFor(d, statuses[started]!.key, now);
      d.feedbackNotes = event.feedbackNotes;
      break;
    }
    case 'reopen': {
      const started = Math.max(0, statuses.findIndex((s) => s.type === 'orderStarted'));
      dropAfter(d, statuses, started);
      entryFor(d, statuses[started]!.key, now);
      // The customer sees why, as with Requires Changes, until the order is submitted again.
      d.feedbackNotes = event.reason.trim();
      break;
    }
    case 'cancel':
      d.statusData = newStatusData(statuses, now);
      d.feedbackNotes = null;
      break;
    case 'setStatus': {
      const target = stepIndex(statuses, event.statusKey);
      if (target <= at) {
        dropAfter(d, statuses, target);
        entryFor(d, event.statusKey, now);
        break;
      }
      // A step passed over counts as reached only when no payment before it is still owed: moving an
      // unpaid order on never lights a payment step, nor the steps that say its money arrived.
      let owed = false;
      for (let i = Math.max(at, 0); i < target; i++) {
        const step = statuses[i]!;
        const entry = d.statusData[step.key];
        if (step.type === 'payment') {
          if (entry) receiveAwaitedPayment(d, entry, now);
          else if (balanceDue(d) === 0) d.statusData[step.key] = { date: now, paymentAmountInCents: 0, coveredByEarlierPayment: true };
          const recorded = d.statusData[step.key]?.paymentAmountInCents !== undefined;
          if (!recorded && balanceDue(d) > 0) owed = true;
        } else if (!entry && !owed) {
          d.statusData[step.key] = { date: now, skipped: true };
        }
      }
      // Landing on a payment step with nothing left to pay goes on, as any other advance does.
      enterAfter(d, statuses, target - 1, now);
      break;
    }
    case 'confirmManualPayment': {
      const entry = entryFor(d, paymentStepByPosition(statuses, ctx.options, ctx)!, now);
      entry.awaitingPaymentMethod = event.method;
      entry.awaitingAmountInCents = event.amountInCents;
      break;
    }
    case 'paymentStarted': {
      d.isProcessingPayment = 1;
      const entry = d.statusData[paymentStepByPosition(statuses, ctx.options, ctx)!];
      if (entry) delete entry.lastPaymentError;
      break;
    }
    case 'paymentFailed': {
      d.isProcessingPayment = 0;
      const key = outcomeStepKey(ctx);
      if (key !== null) entryFor(d, key, now).lastPaymentError = String(event.message);
      break;
    }
    case 'paymentSucceeded': {
      // Decided before the money is counted: afterwards the balance may be nil.
      const stays = isShippedWithoutFinalPayment(statuses, ctx.options, ctx);
      const key = outcomeStepKey(ctx);
      if (event.keepsProcessing !== true) d.isProcessingPayment = 0;
      // Nothing owed of it (a refund is due instead): only the processing ends.
      if (event.amountInCents === 0) break;
      d.amountPaidInCents += event.amountInCents;
      if (key !== null) {
        const entry = entryFor(d, key, now);
        entry.paymentAmountInCents = (isWholeCents(entry.paymentAmountInCents) ? entry.paymentAmountInCents : 0) + event.amountInCents;
        entry.paymentMethod = event.method;
        entry.paidDate = now;
        delete entry.awaitingPaymentMethod;
        delete entry.awaitingAmountInCents;
        delete entry.lastPaymentError;
      }
      if (!stays && key !== null && statuses[at]?.key === key) enterAfter(d, statuses, at, now);
      break;
    }
  }
  return {
    statusData: d.statusData,
    lastCompletedStatusKey: lastCompletedKey(statuses, d.statusData),
    amountPaidInCents: d.amountPaidInCents,
    isProcessingPayment: d.isProcessingPayment,
    feedbackNotes: d.feedbackNotes,
  };
}
