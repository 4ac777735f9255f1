import type { Knex } from 'knex';
import {
  amountChoices,
  balanceDue,
  cardUpcharge,
  decidePayment,
  isLivePayment,
  manualConfirmationRepeats,
  paymentBlock,
  paymentEventOf,
  paymentMethodChoices,
  paymentStepKey,
  UNANSWERED_CONFIRMATION_MS,
  type ConfirmOrderPaymentBody,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
  type GetPaymentIntentBody,
  type OrderStatusResponse,
  type PaymentEnvironment,
  type PaymentEvent,
  type PaymentIntentView,
  type PaymentSettlement,
  type StatusActor,
  type StatusEvent,
  type UpdatePaymentIntentBody,
  PAYMENT_NEEDS_ACCEPTANCE,
  paymentAwaitsAcceptance,
} from '@cpq/domain';
import { PaymentProviderError, type PaymentProvider, type ProviderIntent } from '../adapters/payments/types.ts';
import type { Row } from '../db/repository.ts';
import type { OrderPaymentRow, ProductOrderRow } from '../db/rows.ts';
import { dbDateAgo, normaliseDbDate } from '../db/time.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { pricingVisible, type Access } from '../policy.ts';
import { getOrg } from './orgs.ts';
import {
  conflict,
  lockReachableOrder,
  statusActor,
  statusContext,
  statusFacts,
  statusFields,
  statusOptions,
  statusResponse,
  transition,
  type StatusContext,
  type StatusEventRow,
  type Transitioned,
} from './orderStatus.ts';
import { assertSeenStatus, type StatusDeps } from './statusActions.ts';
import { sendStatusMail } from './statusMail.ts';

/**
 * Payments (docs/decisions/0042-payments.md, 0067-one-payment-lifecycle.md). The amount is always
 * the server's (deposit or balance from the order's costs, plus the card upcharge). Each card payment
 * is a row of order_payments whose every change is decided by the payment machine of packages/domain
 * (`decidePayment`) on the order's locked row, written with the order's own transition and its
 * timeline in that one transaction; mail goes after the commit. Provider calls happen outside
 * transactions: the payment's state (confirming, processing) and the order's isProcessingPayment,
 * set under the lock before the provider is asked, make a second confirmation a 409, not a charge.
 */
export type PaymentDeps = StatusDeps & { payments: PaymentProvider };

const paymentFailed = (message: string) => new ApiError(402, 'paymentFailed', message);
const AMOUNT_CHANGED = 'The amount to pay has changed. Reload the order and try again.';

function intentView(i: ProviderIntent): PaymentIntentView {
  return { id: i.id, status: i.status, amount: i.amount, lastPaymentError: i.lastPaymentError };
}

/** What the caller may pay now, or the reason they may not (checked under the order's lock). */
async function payable(deps: PaymentDeps, trx: Knex.Transaction, access: Access, order: ProductOrderRow, method: string, env: PaymentEnvironment, isGuestMode?: boolean) {
  const actor = statusActor(access, isGuestMode);
  if (!pricingVisible(access, order)) throw forbidden('Prices are hidden from you on this order, so it cannot be paid from your account.');
  if (env === 'test' && actor !== 'employee') throw forbidden('Only staff can make test payments.');
  const ctx = await statusContext(deps, order.orgId, trx);
  const org = (await getOrg(deps.repos, order.orgId, trx))!;
  const methods = paymentMethodChoices(org.appData.designEngine.paymentMethods, { employee: actor === 'employee' });
  const chosen = methods.find((m) => m.key === method);
  if (!chosen) throw conflict('This payment method is not available for this order.');
  const state = { ...statusFields(order), ...statusFacts(order) };
  const stepKey = paymentStepKey(ctx.statuses, statusOptions(ctx.rules), state);
  if (!stepKey) throw conflict('This order is not at a payment step.');
  const block = paymentBlock({
    phone: (order.phone as string | null) ?? null,
    deliveryAddress: (order.deliveryAddress as Row | null) ?? null,
    clientEmails: order.clientEmails ?? null,
    requireContactEmail: ctx.rules.orderStatus.paymentRequiresContactEmail,
  });
  if (block) throw conflict(block);
  if (paymentAwaitsAcceptance({ required: org.appData.designEngine.acceptanceRequiredBeforePayment === true, customer: actor === 'guest', order })) throw conflict(PAYMENT_NEEDS_ACCEPTANCE);
  return { actor, ctx, stepKey, chosen, state, stripeMethod: methods.find((m) => m.key === 'stripe') };
}

function amountFor(state: Parameters<typeof amountChoices>[0], payInFull: boolean): number {
  const choices = amountChoices(state);
  const amount = payInFull || choices.deposit === null ? choices.full : choices.deposit;
  if (amount <= 0) throw conflict('Nothing is due on this order.');
  return amount;
}

/** What one payment event wrote: the order as it now stands, and money to tell the customer about. */
interface Written {
  changed: boolean;
  order: ProductOrderRow;
  payment: OrderPaymentRow;
  transitioned: Transitioned | null;
  settlement: PaymentSettlement | null;
}

/** The timeline line of an order event a payment led to. */
function auditOf(payment: OrderPaymentRow, orderEvent: StatusEvent, userId: number | null): Omit<StatusEventRow, 'fromStatusKey' | 'toStatusKey'> {
  const method = payment.provider;
  switch (orderEvent.type) {
    case 'paymentStarted':
      return { action: 'paymentStarted', userId, amountInCents: payment.amountInCents, paymentMethod: method };
    case 'paymentFailed':
      return { action: 'paymentFailed', userId: null, amountInCents: payment.amountInCents, paymentMethod: method, note: orderEvent.message };
    default:
      return { action: 'paymentSucceeded', userId: null, amountInCents: orderEvent.type === 'paymentSucceeded' ? orderEvent.amountInCents : payment.amountInCents, paymentMethod: method };
  }
}

/** The refund an employee owes the customer, as the order's timeline says it. */
function refundAudit(payment: OrderPaymentRow, settlement: PaymentSettlement): Omit<StatusEventRow, 'fromStatusKey' | 'toStatusKey'> {
  const what = payment.intentId ?? `#${payment.id}`;
  const note =
    settlement.recordedInCents > 0
      ? `Payment ${what} took more than the order owed: refund the rest to the customer.`
      : `Payment ${what} was taken when the order owed nothing more: refund it to the customer.`;
  return { action: 'refundDue', userId: null, amountInCents: settlement.refundInCents, paymentMethod: payment.provider, note };
}

/**
 * Decides `event` for a payment of an order (both locked in `trx`) with the payment machine, and
 * writes the outcome: the order's transition the payment leads to (decided by the order's machine,
 * which may still refuse it: 409, nothing written), a refund due on the timeline, the payment row.
 */
async function writePaymentEvent(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  order: ProductOrderRow,
  payment: OrderPaymentRow,
  event: PaymentEvent,
  by: { actor: StatusActor; userId: number | null; context?: StatusContext },
): Promise<Written> {
  const fields = statusFields(order);
  const facts = statusFacts(order);
  const decision = decidePayment(
    { state: payment.state, provider: payment.provider, amountInCents: payment.amountInCents, upchargeInCents: payment.upchargeInCents, payInFull: payment.payInFull === 1 },
    { isProcessingPayment: fields.isProcessingPayment, owedInCents: balanceDue({ orderTotalInCents: facts.orderTotalInCents, amountPaidInCents: fields.amountPaidInCents }) },
    event,
  );
  if (!decision.ok) throw conflict(decision.message);
  if (!decision.changed) return { changed: false, order, payment, transitioned: null, settlement: null };
  const { settlement, orderEvent } = decision;
  let transitioned: Transitioned | null = null;
  let refundWritten = false;
  if (orderEvent) {
    const actor = orderEvent.type === 'paymentStarted' ? by.actor : 'provider';
    // Money taken that the order did not owe at all only ends its processing: the refund is the line.
    const onlyRefund = orderEvent.type === 'paymentSucceeded' && orderEvent.amountInCents === 0 && settlement !== null;
    const audit = onlyRefund ? refundAudit(payment, settlement) : auditOf(payment, orderEvent, by.userId);
    transitioned = await transition(deps, trx, order, actor, orderEvent, audit, by.context);
    refundWritten = onlyRefund;
  }
  if (settlement && settlement.refundInCents > 0 && !refundWritten) {
    await deps.repos.orderStatusEvents.append({ orgId: order.orgId, productOrderId: order.id, ...refundAudit(payment, settlement), fromStatusKey: null, toStatusKey: null }, trx);
  }
  const patch: Partial<OrderPaymentRow> = { state: decision.next, live: isLivePayment(decision.next) ? 1 : null };
  // The column holds 255 characters; the provider's words are shown from the order's entry in full.
  if (decision.lastError !== undefined) patch.lastError = decision.lastError?.slice(0, 255) ?? null;
  if (event.type === 'confirm') patch.attempts = payment.attempts + 1;
  if (settlement) Object.assign(patch, { recordedInCents: settlement.recordedInCents, refundInCents: settlement.refundInCents, applied: 1 });
  await deps.repos.orderPayments.update({ id: payment.id }, patch, trx);
  return { changed: true, order: transitioned?.order ?? order, payment: { ...payment, ...patch }, transitioned, settlement };
}

/** After the commit: the customer is told about money recorded on their order. */
async function announcePaid(deps: PaymentDeps, written: Pick<Written, 'transitioned' | 'settlement'>): Promise<void> {
  const t = written.transitioned;
  if (t && written.settlement && written.settlement.recordedInCents > 0) {
    await sendStatusMail(deps.mail, t.order, t.context.orgTitle, { kind: 'paymentReceived', amountInCents: written.settlement.recordedInCents });
  }
}

/**
 * Replaced payments: their intents are cancelled at the provider. One the provider cannot cancel
 * (the customer's browser confirmed it already) is read back and applied: money it took is recorded.
 */
async function cancelReplaced(deps: PaymentDeps, replaced: readonly OrderPaymentRow[]): Promise<void> {
  for (const p of replaced) {
    if (!p.intentId) continue;
    try {
      await deps.payments.cancelIntent(p.environment, p.intentId, `cancel-payment-${p.id}`);
    } catch (err) {
      try {
        await applyIntentOutcome(deps, await deps.payments.retrieveIntent(p.environment, p.intentId), p.environment);
      } catch (again) {
        deps.mail.logError(again);
      }
      if (!(err instanceof PaymentProviderError)) deps.mail.logError(err);
    }
  }
}

/**
 * create-stripe-payment-intent: the order's live payment for this step, amount, environment and
 * provider, made once however many callers ask at the same moment (the unique live key and the
 * order's lock find them one row; its one idempotency key makes them one intent at the provider).
 * Any other live payment of the order is replaced and its intent cancelled.
 */
export async function createPaymentIntent(deps: PaymentDeps, access: Access, body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
  if (!body.isCardPayment) throw conflict('A payment intent is only needed for a card payment.');
  const prepared = await deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const p = await payable(deps, trx, access, order, 'stripe', body.paymentEnvironment, body.isGuestMode);
    if (order.isProcessingPayment) throw conflict('A payment is already processing for this order.');
    const amount = amountFor(p.state, body.payInFull);
    const upcharge = cardUpcharge(amount, p.stripeMethod);
    const live = await deps.repos.orderPayments.lockLiveOfOrder(order.id, trx);
    const same = live.find(
      (x) => x.statusKey === p.stepKey && x.amountInCents === amount && x.upchargeInCents === upcharge && x.environment === body.paymentEnvironment && x.provider === deps.payments.name,
    );
    const replaced: OrderPaymentRow[] = [];
    for (const other of live) {
      if (other === same) continue;
      await writePaymentEvent(deps, trx, order, other, { type: 'supersede' }, { actor: p.actor, userId: access.user.id, context: p.ctx });
      replaced.push(other);
    }
    const payment =
      same ??
      (await deps.repos.orderPayments.insertLive(
        {
          orgId: order.orgId,
          productOrderId: order.id,
          userId: access.user.id,
          provider: deps.payments.name,
          environment: body.paymentEnvironment,
          intentId: null,
          statusKey: p.stepKey,
          amountInCents: amount,
          upchargeInCents: upcharge,
          payInFull: body.payInFull ? 1 : 0,
          state: 'creating',
          attempts: 0,
          recordedInCents: null,
          refundInCents: null,
          lastError: null,
          applied: 0,
        },
        trx,
      ));
    return { payment, replaced };
  });
  await cancelReplaced(deps, prepared.replaced);
  const payment = prepared.payment;
  let intent: ProviderIntent;
  try {
    intent = payment.intentId
      ? await deps.payments.retrieveIntent(payment.environment, payment.intentId)
      : await deps.payments.createIntent(payment.environment, {
          amount: payment.amountInCents + payment.upchargeInCents,
          metadata: { orgId: String(payment.orgId), productOrderId: String(payment.productOrderId), paymentId: String(payment.id), statusKey: payment.statusKey },
          // Every caller of this payment sends the same key: the provider makes one intent.
          idempotencyKey: `create-payment-${payment.id}`,
        });
  } catch (err) {
    if (err instanceof PaymentProviderError) throw paymentFailed(err.message);
    throw err;
  }
  if (payment.state === 'creating') {
    const recorded = await deps.transaction(async (trx) => {
      const order = (await deps.repos.productOrders.lockOne({ id: payment.productOrderId }, trx)) as ProductOrderRow;
      const current = (await deps.repos.orderPayments.lockOne({ id: payment.id }, trx))!;
      // Kept even on a payment replaced meanwhile, so that money its intent takes is still found.
      if (current.intentId === null) await deps.repos.orderPayments.update({ id: current.id }, { intentId: intent.id }, trx);
      const w = await writePaymentEvent(deps, trx, order, { ...current, intentId: intent.id }, { type: 'intentCreated' }, { actor: 'provider', userId: null });
      return w.payment;
    });
    if (recorded.state === 'cancelled') {
      // Another amount was asked for while this intent was being made.
      await cancelReplaced(deps, [recorded]);
      throw conflict(AMOUNT_CHANGED);
    }
  }
  return { paymentIntentId: intent.id, stripePaymentIntentClientSecret: intent.clientSecret, amountInCents: payment.amountInCents, upchargeInCents: payment.upchargeInCents };
}

/** After a method change: the intent's amount follows (a card carries the upcharge, another method does not). */
export async function updatePaymentIntent(deps: PaymentDeps, access: Access, body: UpdatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
  const prepared = await deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const found = await deps.repos.orderPayments.byIntent(body.paymentIntentId, body.paymentEnvironment, trx);
    const payment = found && (await deps.repos.orderPayments.lockOne({ id: found.id }, trx));
    if (!payment || payment.productOrderId !== order.id) throw notFound('paymentNotFound', 'This payment was not found for this order.');
    const p = await payable(deps, trx, access, order, 'stripe', body.paymentEnvironment, body.isGuestMode);
    const amount = amountFor(p.state, body.payInFull);
    if (body.paymentAmount !== undefined && body.paymentAmount !== amount) throw conflict(AMOUNT_CHANGED);
    const upcharge = body.isCardPayment ? cardUpcharge(amount, p.stripeMethod) : 0;
    await writePaymentEvent(deps, trx, order, payment, { type: 'changeAmount' }, { actor: p.actor, userId: access.user.id, context: p.ctx });
    // Another live payment already for this amount is replaced by this one.
    const replaced: OrderPaymentRow[] = [];
    for (const other of await deps.repos.orderPayments.lockLiveOfOrder(order.id, trx)) {
      if (other.id === payment.id || other.statusKey !== p.stepKey || other.amountInCents !== amount || other.environment !== payment.environment || other.provider !== payment.provider) continue;
      await writePaymentEvent(deps, trx, order, other, { type: 'supersede' }, { actor: p.actor, userId: access.user.id, context: p.ctx });
      replaced.push(other);
    }
    await deps.repos.orderPayments.update({ id: payment.id }, { amountInCents: amount, upchargeInCents: upcharge, payInFull: body.payInFull ? 1 : 0, statusKey: p.stepKey }, trx);
    return { payment, amount, upcharge, replaced };
  });
  await cancelReplaced(deps, prepared.replaced);
  let intent: ProviderIntent;
  try {
    intent = await deps.payments.updateIntentAmount(prepared.payment.environment, body.paymentIntentId, prepared.amount + prepared.upcharge, `update-payment-${prepared.payment.id}-${prepared.amount + prepared.upcharge}`);
  } catch (err) {
    if (err instanceof PaymentProviderError) throw paymentFailed(err.message);
    throw err;
  }
  return { paymentIntentId: intent.id, stripePaymentIntentClientSecret: intent.clientSecret, amountInCents: prepared.amount, upchargeInCents: prepared.upcharge };
}

/** The payment of a provider's intent: by its id, else (an answer lost before we kept the id) by the payment named in its metadata. */
async function paymentOfIntent(deps: PaymentDeps, intent: ProviderIntent, env: PaymentEnvironment | undefined, trx: Knex.Transaction): Promise<OrderPaymentRow | undefined> {
  const byId = await deps.repos.orderPayments.byIntent(intent.id, env, trx);
  if (byId) return byId;
  const paymentId = Number(intent.metadata.paymentId);
  if (!Number.isInteger(paymentId) || paymentId <= 0) return undefined;
  const named = await deps.repos.orderPayments.findOne({ id: paymentId, provider: deps.payments.name, intentId: null }, trx);
  return named && String(named.productOrderId) === intent.metadata.productOrderId ? named : undefined;
}

export type IntentOutcome = 'applied' | 'already' | 'pending' | 'unknown' | 'duplicate';

/**
 * Applies what the provider says about an intent (retrieved, or carried by a webhook) to its payment
 * and order, once: a success of ANY payment of the order is recorded (or is a refund due), a failure
 * ends the order's processing with the provider's message, anything else waits. With `webhookEventId`
 * the provider's event is marked processed in this same transaction, so a copy delivered at the same
 * moment waits for it and then changes nothing, and an event whose application failed is taken again.
 */
export async function applyIntentOutcome(deps: PaymentDeps, intent: ProviderIntent, env?: PaymentEnvironment, webhookEventId?: string): Promise<IntentOutcome> {
  const outcome = await deps.transaction(async (trx): Promise<{ result: IntentOutcome; written?: Written }> => {
    if (webhookEventId !== undefined && !(await deps.repos.processedWebhookEvents.claim(webhookEventId, deps.payments.name, trx))) return { result: 'duplicate' };
    const found = await paymentOfIntent(deps, intent, env, trx);
    if (!found) return { result: 'unknown' };
    // The order first, then its payment: the same lock order as every other payment path.
    const order = (await deps.repos.productOrders.lockOne({ id: found.productOrderId }, trx)) as ProductOrderRow | undefined;
    const payment = await deps.repos.orderPayments.lockOne({ id: found.id }, trx);
    if (!order || !payment) return { result: 'unknown' };
    if (payment.intentId === null) await deps.repos.orderPayments.update({ id: payment.id }, { intentId: intent.id }, trx);
    const stale = payment.state === 'confirming' && (normaliseDbDate(payment.lastUpdated) ?? '') < dbDateAgo(UNANSWERED_CONFIRMATION_MS);
    const event = paymentEventOf(intent, payment.state, stale);
    if (!event) return { result: 'pending' };
    const written = await writePaymentEvent(deps, trx, order, { ...payment, intentId: intent.id }, event, { actor: 'provider', userId: null });
    return { result: written.changed ? 'applied' : 'already', written };
  });
  if (outcome.written) await announcePaid(deps, outcome.written);
  return outcome.result;
}

/** Asks the provider about the order's payments in progress and applies the answers (polls, sweeper). */
export async function reconcileOrder(deps: PaymentDeps, productOrderId: number): Promise<void> {
  for (const p of await deps.repos.orderPayments.unsettled({ productOrderId })) {
    try {
      await applyIntentOutcome(deps, await deps.payments.retrieveIntent(p.environment, p.intentId!), p.environment);
    } catch (err) {
      deps.mail.logError(err);
    }
  }
}

export async function getPaymentIntent(deps: PaymentDeps, access: Access, body: GetPaymentIntentBody): Promise<{ paymentIntent: PaymentIntentView; order: OrderStatusResponse }> {
  const payment = await deps.repos.orderPayments.byIntent(body.paymentIntentId, body.paymentEnvironment);
  if (!payment || payment.orgId !== access.orgId) throw notFound('paymentNotFound', 'This payment was not found.');
  // Reachability first: a payment of an order the caller cannot reach is as missing as any other.
  await deps.transaction((trx) => lockReachableOrder(deps.repos, trx, access, payment.productOrderId));
  const intent = await deps.payments.retrieveIntent(payment.environment, body.paymentIntentId);
  await applyIntentOutcome(deps, intent, payment.environment);
  const order = (await deps.repos.productOrders.findOne({ id: payment.productOrderId }))!;
  return { paymentIntent: intentView(intent), order: statusResponse(access, order) };
}

/**
 * confirm-order-payment. Wire / check by mail: the order awaits that payment (a thank-you; the
 * organisation moves the order on when the money arrives); the same confirmation again is answered
 * as the order stands, with nothing written. Card: the payment's intent is confirmed with the
 * provider — confirming first, under the order's lock, so a second click is refused.
 */
export async function confirmOrderPayment(deps: PaymentDeps, access: Access, body: ConfirmOrderPaymentBody): Promise<OrderStatusResponse> {
  const env = body.paymentEnvironment ?? 'live';
  if (body.paymentMethod !== 'stripe') {
    const method = body.paymentMethod;
    const answer = await deps.transaction(async (trx) => {
      const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
      assertSeenStatus(order, body.expectedStatusKey);
      const p = await payable(deps, trx, access, order, method, env, body.isGuestMode);
      if (manualConfirmationRepeats(p.ctx.statuses, statusOptions(p.ctx.rules), p.state, method, body.paymentData.amount)) return { order, fields: statusFields(order) };
      return transition(deps, trx, order, p.actor, { type: 'confirmManualPayment', method, amountInCents: body.paymentData.amount, payInFull: !!body.payInFull }, { action: 'paymentConfirmed', userId: access.user.id, amountInCents: body.paymentData.amount, paymentMethod: method }, p.ctx);
    });
    return statusResponse(access, answer.order, answer.fields);
  }
  const intentId = body.paymentData.paymentIntentId;
  if (!intentId) throw new ApiError(400, 'invalidBody', 'paymentData.paymentIntentId is required for a card payment.');
  if (!body.paymentData.card && !body.paymentData.paymentMethodId) throw new ApiError(400, 'invalidBody', 'Enter the card details.');
  const started = await deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const found = await deps.repos.orderPayments.byIntent(intentId, env, trx);
    const payment = found && (await deps.repos.orderPayments.lockOne({ id: found.id }, trx));
    if (!payment || payment.productOrderId !== order.id) throw notFound('paymentNotFound', 'This payment was not found for this order.');
    assertSeenStatus(order, body.expectedStatusKey);
    const p = await payable(deps, trx, access, order, 'stripe', env, body.isGuestMode);
    if (order.isProcessingPayment) throw conflict('A payment is already processing for this order.');
    if (body.paymentData.amount !== payment.amountInCents || amountFor(p.state, payment.payInFull === 1) !== payment.amountInCents) throw conflict(AMOUNT_CHANGED);
    return (await writePaymentEvent(deps, trx, order, payment, { type: 'confirm' }, { actor: p.actor, userId: access.user.id, context: p.ctx })).payment;
  });
  let intent: ProviderIntent;
  try {
    // One key per attempt: a retried request is the same attempt, another card a new one.
    intent = await deps.payments.confirmIntent(env, intentId, { card: body.paymentData.card, paymentMethodId: body.paymentData.paymentMethodId }, `confirm-payment-${started.id}-${started.attempts}`);
  } catch (err) {
    const message = err instanceof PaymentProviderError ? err.message : 'The payment provider could not be reached. Please try again.';
    await deps.transaction(async (trx) => {
      const order = (await deps.repos.productOrders.lockOne({ id: started.productOrderId }, trx)) as ProductOrderRow;
      const payment = (await deps.repos.orderPayments.lockOne({ id: started.id }, trx))!;
      await writePaymentEvent(deps, trx, order, payment, { type: 'providerFailed', message }, { actor: 'provider', userId: null });
    });
    if (!(err instanceof PaymentProviderError)) deps.mail.logError(err);
    throw paymentFailed(message);
  }
  await applyIntentOutcome(deps, intent, env);
  const order = (await deps.repos.productOrders.findOne({ id: started.productOrderId }))!;
  const failed = !order.isProcessingPayment && intent.lastPaymentError && intent.status !== 'succeeded';
  if (failed) throw paymentFailed(intent.lastPaymentError!);
  return statusResponse(access, order);
}

/** A provider's webhook: verified on the raw body, then applied and marked processed in one transaction. */
export async function handlePaymentWebhook(deps: PaymentDeps, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
  let event: ReturnType<PaymentDeps['payments']['parseWebhook']>;
  try {
    event = deps.payments.parseWebhook(rawBody, signature);
  } catch (err) {
    throw new ApiError(400, 'invalidSignature', `Webhook refused: ${(err as Error).message}`);
  }
  const result = event.intent
    ? await applyIntentOutcome(deps, event.intent, undefined, event.eventId)
    : (await deps.transaction((trx) => deps.repos.processedWebhookEvents.claim(event.eventId, deps.payments.name, trx)))
      ? 'applied'
      : 'duplicate';
  return result === 'duplicate' ? { received: true, duplicate: true } : { received: true };
}

/**
 * The sweeper (every API process runs one): settles the simulated provider's due intents and
 * reconciles orders whose payment has been processing for a while (a lost webhook, a crash).
 */
export async function sweepPayments(deps: PaymentDeps & { settleDue?: () => Promise<string[]> }): Promise<void> {
  if (deps.settleDue) await deps.settleDue();
  const orders = new Set((await deps.repos.orderPayments.unsettled()).map((p) => p.productOrderId));
  for (const id of [...orders].slice(0, 100)) await reconcileOrder(deps, id);
}

export type { StatusContext };
