import { revisionDiff, revisionDiffLines, sideWithoutPrices, type OrderStatusEventsResponse, type OrderStatusResponse, type StatusEvent } from '@cpq/domain';
import { listRevisions } from '../db/revisions.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import { pricingVisible, type Access } from '../policy.ts';
import type { WriteDeps } from './orderWrites.ts';
import {
  appendStatusEvent,
  assertSubmittable,
  conflict,
  lockReachableOrder,
  statusActor,
  statusContext,
  statusResponse,
  transition,
  type Transitioned,
} from './orderStatus.ts';
import { repriceIfDue } from './repricer.ts';
import { pricingContext } from './repricing.ts';
import { freezeRevision, type FreezeOptions } from './revisionFreeze.ts';
import { sendStatusMail, type StatusMail, type StatusMailDeps } from './statusMail.ts';

export type StatusDeps = WriteDeps & { mail: StatusMailDeps };

/** The person acted on a view of the order whose step has changed since: refused, they reload. */
export function assertSeenStatus(order: ProductOrderRow, expected: string | null | undefined): void {
  if (expected !== undefined && (order.lastCompletedStatusKey ?? null) !== expected) throw conflict("This order's status has just changed. Reload the order to see it.");
}

/** After the commit: the mail, then the organisation's hooks (a failing hook is logged). */
async function announce(deps: StatusDeps, t: Transitioned, event: StatusEvent, actor: ReturnType<typeof statusActor>, mail: StatusMail | null): Promise<void> {
  if (mail) await sendStatusMail(deps.mail, t.order, t.context.orgTitle, mail);
  for (const hook of t.context.rules.orderStatus.hooks) {
    try {
      await hook({ orgId: t.order.orgId, productOrderId: t.order.id, event, actor, fromStatusKey: t.fromStatusKey, toStatusKey: t.toStatusKey });
    } catch (err) {
      deps.mail.logError(err);
    }
  }
}

/** Runs one status event on an order the caller reaches, in one transaction; answers the new status fields. */
async function act(
  deps: StatusDeps,
  access: Access,
  productOrderId: number,
  event: StatusEvent,
  opts: {
    isGuestMode?: boolean;
    expectedStatusKey?: string | null;
    note?: string | null;
    before?: (order: ProductOrderRow, trx: Parameters<Parameters<WriteDeps['transaction']>[0]>[0]) => Promise<ProductOrderRow | void>;
    /** The order is frozen as a quote revision after the transition (it carries the step it entered), numbered on its timeline line. */
    freeze?: Pick<FreezeOptions, 'reason' | 'onlyIfChanged'>;
    mail: (t: Transitioned) => StatusMail | null;
  },
): Promise<OrderStatusResponse> {
  const actor = statusActor(access, opts.isGuestMode);
  const t = await deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, productOrderId);
    assertSeenStatus(order, opts.expectedStatusKey);
    const current = (await opts.before?.(order, trx)) ?? order;
    const done = await transition(deps, trx, current, actor, event, { action: event.type as 'submit' | 'approve' | 'requireChanges' | 'reopen' | 'cancel' | 'setStatus', userId: access.user.id, note: opts.note ?? null });
    if (opts.freeze) {
      const number = await freezeRevision(deps, trx, order.id, { ...opts.freeze, userId: access.user.id });
      if (number !== null) {
        await deps.repos.orderStatusEvents.update({ id: done.eventId }, { revisionNumber: number }, trx);
        done.order = { ...done.order, quoteRevision: number };
      }
    }
    return done;
  });
  await announce(deps, t, event, actor, opts.mail(t));
  return statusResponse(access, t.order, t.fields);
}

type Seen = { expectedStatusKey?: string | null };

export function submitOrder(deps: StatusDeps, access: Access, body: { productOrderId: number; isGuestMode?: boolean } & Seen): Promise<OrderStatusResponse> {
  return act(deps, access, body.productOrderId, { type: 'submit' }, {
    isGuestMode: body.isGuestMode,
    expectedStatusKey: body.expectedStatusKey,
    // The machine says whether submitting is possible at all; the checks only matter when it is.
    before: async (order, trx) => {
      const type = (await statusContext(deps, order.orgId, trx)).statuses.find((s) => s.key === order.lastCompletedStatusKey)?.type;
      if (type !== 'orderStarted') return order;
      const ctx = await pricingContext(deps, trx, order.orgId);
      await assertSubmittable(deps.repos, trx, order, ctx);
      // Submitting locks the prices: they are the current ones, as the page showed them, not older stored ones.
      return (await repriceIfDue(deps.repos, trx, order, ctx)).order;
    },
    // Every submission is a revision, the first included.
    freeze: { reason: 'submitted' },
    mail: () => ({ kind: 'submitted' }),
  });
}

export function approveOrder(deps: StatusDeps, access: Access, body: { productOrderId: number } & Seen): Promise<OrderStatusResponse> {
  return act(deps, access, body.productOrderId, { type: 'approve' }, {
    expectedStatusKey: body.expectedStatusKey,
    // What the customer accepts is a revision: the approver's own changes since the submission are one.
    freeze: { reason: 'approved', onlyIfChanged: true },
    mail: () => ({ kind: 'approved' }),
  });
}

export function requireChanges(deps: StatusDeps, access: Access, body: { productOrderId: number; feedbackNotes: string } & Seen): Promise<OrderStatusResponse> {
  const feedbackNotes = body.feedbackNotes.trim();
  return act(deps, access, body.productOrderId, { type: 'requireChanges', feedbackNotes }, {
    expectedStatusKey: body.expectedStatusKey,
    note: feedbackNotes,
    mail: () => ({ kind: 'requiresChanges', feedbackNotes }),
  });
}

/** Staff reopen an approved or paid order for changes: back to its first step, the reason on its timeline and told to the customer. */
export function reopenOrder(deps: StatusDeps, access: Access, body: { productOrderId: number; reason: string } & Seen): Promise<OrderStatusResponse> {
  const reason = body.reason.trim();
  return act(deps, access, body.productOrderId, { type: 'reopen', reason }, {
    expectedStatusKey: body.expectedStatusKey,
    note: reason,
    // The quote as it stood when reopened: the next submission is compared with it.
    freeze: { reason: 'reopened' },
    mail: () => ({ kind: 'reopened', reason }),
  });
}

export function cancelOrder(deps: StatusDeps, access: Access, body: { productOrderId: number } & Seen): Promise<OrderStatusResponse> {
  return act(deps, access, body.productOrderId, { type: 'cancel' }, { expectedStatusKey: body.expectedStatusKey, mail: () => ({ kind: 'cancelled' }) });
}

export function updateOrderStatus(deps: StatusDeps, access: Access, body: { productOrderId: number; statusKey: string; skipNotifyingGuest?: boolean } & Seen): Promise<OrderStatusResponse> {
  return act(deps, access, body.productOrderId, { type: 'setStatus', statusKey: body.statusKey }, {
    expectedStatusKey: body.expectedStatusKey,
    note: body.skipNotifyingGuest ? 'Customer not notified' : null,
    mail: (t) => {
      if (body.skipNotifyingGuest || t.toStatusKey === t.fromStatusKey) return null;
      const to = t.context.statuses.find((s) => s.key === t.toStatusKey);
      // Steps hidden from guests are internal: the customer is not told about them.
      if (!to || to.isVisibleToGuest !== 1) return null;
      return { kind: 'statusChanged', statusTitle: t.order.isStocked && to.stockedOrderTitle ? to.stockedOrderTitle : to.title };
    },
  });
}

/** A customer asks for news: mail to the organisation and a line in the timeline; the status does not change. */
export async function requestStatusUpdate(deps: StatusDeps, access: Access, body: { productOrderId: number }): Promise<{ message: string }> {
  const order = await deps.transaction(async (trx) => {
    const o = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const type = (await statusContext(deps, o.orgId, trx)).statuses.find((s) => s.key === o.lastCompletedStatusKey)?.type;
    if (type === 'orderStarted' || type === undefined) throw conflict('This order has not been submitted yet.');
    await appendStatusEvent(deps.repos, trx, o, { action: 'requestStatusUpdate', userId: access.user.id, fromStatusKey: o.lastCompletedStatusKey, toStatusKey: o.lastCompletedStatusKey });
    return o;
  });
  const ctx = await statusContext(deps, order.orgId);
  const me = await deps.repos.users.findOne({ id: access.user.id });
  const name = [me?.firstName, me?.lastName].filter(Boolean).join(' ') || access.user.email;
  await sendStatusMail(deps.mail, order, ctx.orgTitle, { kind: 'statusUpdateRequested', requestedBy: name });
  return { message: 'Requested a status update successfully' };
}

/** The order's timeline, oldest first (employees; amounts only where prices are visible to them). */
export async function orderStatusEvents(deps: WriteDeps, access: Access, productOrderId: number): Promise<OrderStatusEventsResponse> {
  return deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, productOrderId);
    const priced = pricingVisible(access, order);
    const rows = await deps.repos.orderStatusEvents.timeline(order.id, trx);
    // What each revision changed since the one before, in words, amounts only for a reader who sees prices.
    const sides = new Map((rows.some((r) => r.revisionNumber != null) ? await listRevisions(trx, order.id) : []).map((r) => [r.number, priced ? r.side : sideWithoutPrices(r.side)]));
    const changesOf = (n: unknown): string[] | undefined => {
      const now = n == null ? undefined : sides.get(Number(n));
      const before = n == null ? undefined : sides.get(Number(n) - 1);
      return now && before ? revisionDiffLines(revisionDiff(before, now)) : undefined;
    };
    // The revision a line froze and what it changed (an acceptance names its revision only).
    const revisionFields = (n: unknown, action: string) => {
      if (n == null) return {};
      const changes = action === 'acceptQuote' ? undefined : changesOf(n);
      return { revisionNumber: Number(n), ...(changes ? { changes } : {}) };
    };
    return rows.map((r) => ({
      id: Number(r.id),
      at: r.created ?? '',
      action: r.action,
      userId: r.userId == null ? null : Number(r.userId),
      userName: r.userId == null ? null : [r.firstName, r.lastName].filter(Boolean).join(' ') || (r.email as string),
      fromStatusKey: r.fromStatusKey ?? null,
      toStatusKey: r.toStatusKey ?? null,
      amountInCents: priced && r.amountInCents != null ? Number(r.amountInCents) : null,
      paymentMethod: r.paymentMethod ?? null,
      note: r.note ?? null,
      ...revisionFields(r.revisionNumber, r.action),
    }));
  });
}
