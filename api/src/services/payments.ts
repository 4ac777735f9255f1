import type { Knex } from 'knex';
import {
  amountChoices,
  cardUpcharge,
  paymentBlock,
  paymentMethodChoices,
  paymentStepKey,
  type ConfirmOrderPaymentBody,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
  type GetPaymentIntentBody,
  type OrderStatusResponse,
  type PaymentEnvironment,
  type PaymentIntentView,
  type UpdatePaymentIntentBody,
} from '@cpq/domain';
import { PaymentProviderError, type PaymentProvider, type ProviderIntent } from '../adapters/payments/types.ts';
import type { Row } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import { dbDateAgo, normaliseDbDate, nowUtc } from '../db/time.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { pricingVisible, type Access } from '../policy.ts';
import { getOrg } from './orgs.ts';
import { conflict, lockReachableOrder, statusActor, statusContext, statusFacts, statusFields, statusOptions, statusResponse, transition, type StatusContext } from './orderStatus.ts';
import { assertSeenStatus, type StatusDeps } from './statusActions.ts';
import { sendStatusMail } from './statusMail.ts';

/**
 * Payments (docs/decisions/0042-payments.md). The amount is always the server's (deposit or balance
 * from the order's costs, plus the card upcharge); the order is paid only when the provider says its
 * intent succeeded, and that outcome is applied once (order_payments.applied) by whoever sees it
 * first: the confirming request, a webhook, a poll or the sweeper. Provider calls happen outside the
 * order's transaction; isProcessingPayment, set under the order's row lock before the provider is
 * asked, makes a second confirmation (a double click, another process) a 409 instead of a charge.
 */
export type PaymentDeps = StatusDeps & { payments: PaymentProvider };

interface PaymentRow {
  id: number;
  org_id: number;
  product_order_id: number;
  user_id: number;
  provider: string;
  environment: PaymentEnvironment;
  intent_id: string | null;
  status_key: string;
  amount_in_cents: number;
  upcharge_in_cents: number;
  pay_in_full: number;
  state: 'creating' | 'created' | 'confirming' | 'processing' | 'succeeded' | 'failed';
  applied: number;
  last_error: string | null;
  last_updated: unknown;
}

/** A confirmation the provider never answered (the process stopped) is given up after this long. */
const UNANSWERED_CONFIRMATION_MS = 60_000;

const paymentFailed = (message: string) => new ApiError(402, 'paymentFailed', message);

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
  return { actor, ctx, stepKey, chosen, state, stripeMethod: methods.find((m) => m.key === 'stripe') };
}

function amountFor(state: Parameters<typeof amountChoices>[0], payInFull: boolean): number {
  const choices = amountChoices(state);
  const amount = payInFull || choices.deposit === null ? choices.full : choices.deposit;
  if (amount <= 0) throw conflict('Nothing is due on this order.');
  return amount;
}

export async function createPaymentIntent(deps: PaymentDeps, access: Access, body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
  if (!body.isCardPayment) throw conflict('A payment intent is only needed for a card payment.');
  const row = await deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const p = await payable(deps, trx, access, order, 'stripe', body.paymentEnvironment, body.isGuestMode);
    if (order.isProcessingPayment) throw conflict('A payment is already processing for this order.');
    const amount = amountFor(p.state, body.payInFull);
    const upcharge = cardUpcharge(amount, p.stripeMethod);
    // The same payment asked for again (a reload, a second tab): the intent already made is answered.
    const same = (await trx('order_payments')
      .where({ product_order_id: order.id, provider: deps.payments.name, environment: body.paymentEnvironment, status_key: p.stepKey, amount_in_cents: amount, upcharge_in_cents: upcharge, state: 'created' })
      .orderBy('id', 'desc')
      .first()) as PaymentRow | undefined;
    if (same) return same;
    const now = nowUtc();
    const [id] = (await trx('order_payments').insert({
      org_id: order.orgId,
      product_order_id: order.id,
      user_id: access.user.id,
      provider: deps.payments.name,
      environment: body.paymentEnvironment,
      intent_id: null,
      status_key: p.stepKey,
      amount_in_cents: amount,
      upcharge_in_cents: upcharge,
      pay_in_full: body.payInFull ? 1 : 0,
      state: 'creating',
      applied: 0,
      created: now,
      last_updated: now,
    })) as number[];
    return (await trx('order_payments').where({ id }).first()) as PaymentRow;
  });
  let intent: ProviderIntent;
  if (row.intent_id) {
    intent = await deps.payments.retrieveIntent(row.environment, row.intent_id);
  } else {
    try {
      intent = await deps.payments.createIntent(row.environment, {
        amount: row.amount_in_cents + row.upcharge_in_cents,
        metadata: { orgId: String(row.org_id), productOrderId: String(row.product_order_id), paymentId: String(row.id), statusKey: row.status_key },
        idempotencyKey: `create-payment-${row.id}`,
      });
    } catch (err) {
      if (err instanceof PaymentProviderError) throw paymentFailed(err.message);
      throw err;
    }
    await deps.transaction((trx) => trx('order_payments').where({ id: row.id }).update({ intent_id: intent.id, state: 'created', last_updated: nowUtc() }));
  }
  return { paymentIntentId: intent.id, stripePaymentIntentClientSecret: intent.clientSecret, amountInCents: row.amount_in_cents, upchargeInCents: row.upcharge_in_cents };
}

async function paymentOf(trx: Knex.Transaction, intentId: string, env?: PaymentEnvironment): Promise<PaymentRow | undefined> {
  const q = trx('order_payments').where({ intent_id: intentId });
  if (env) q.andWhere({ environment: env });
  return (await q.first()) as PaymentRow | undefined;
}

/** After a method change: the intent's amount follows (a card carries the upcharge, another method does not). */
export async function updatePaymentIntent(deps: PaymentDeps, access: Access, body: UpdatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
  const prepared = await deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const payment = await paymentOf(trx, body.paymentIntentId, body.paymentEnvironment);
    if (!payment || payment.product_order_id !== order.id) throw notFound('paymentNotFound', 'This payment was not found for this order.');
    if (payment.state !== 'created') throw conflict('This payment can no longer be changed.');
    const p = await payable(deps, trx, access, order, 'stripe', body.paymentEnvironment, body.isGuestMode);
    const amount = amountFor(p.state, body.payInFull);
    if (body.paymentAmount !== undefined && body.paymentAmount !== amount) throw conflict('The amount to pay has changed. Reload the order and try again.');
    const upcharge = body.isCardPayment ? cardUpcharge(amount, p.stripeMethod) : 0;
    await trx('order_payments').where({ id: payment.id }).update({ amount_in_cents: amount, upcharge_in_cents: upcharge, pay_in_full: body.payInFull ? 1 : 0, status_key: p.stepKey, last_updated: nowUtc() });
    return { payment, amount, upcharge };
  });
  let intent: ProviderIntent;
  try {
    intent = await deps.payments.updateIntentAmount(prepared.payment.environment, body.paymentIntentId, prepared.amount + prepared.upcharge, `update-payment-${prepared.payment.id}-${prepared.amount + prepared.upcharge}`);
  } catch (err) {
    if (err instanceof PaymentProviderError) throw paymentFailed(err.message);
    throw err;
  }
  return { paymentIntentId: intent.id, stripePaymentIntentClientSecret: intent.clientSecret, amountInCents: prepared.amount, upchargeInCents: prepared.upcharge };
}

/**
 * Applies a provider's answer about an intent to its order, once. `intent` is what the provider said
 * (retrieved, or carried by a webhook). Succeeded: the payment is recorded and the order moves on;
 * failed: processing is cleared with the provider's message; still processing: nothing yet.
 */
export async function applyIntentOutcome(deps: PaymentDeps, intent: ProviderIntent, env?: PaymentEnvironment): Promise<'applied' | 'already' | 'pending' | 'unknown'> {
  const outcome = await deps.transaction(async (trx) => {
    const found = await paymentOf(trx, intent.id, env);
    if (!found) return { result: 'unknown' as const };
    // The order first, then its payment: the same lock order as every other payment path.
    const order = (await deps.repos.productOrders.lockOne({ id: found.product_order_id }, trx)) as ProductOrderRow | undefined;
    const payment = (await trx('order_payments').where({ id: found.id }).first()) as PaymentRow;
    if (!order || payment.applied) return { result: 'already' as const };
    const failedMessage =
      intent.status === 'failed' || intent.status === 'canceled' || (intent.status === 'requires_payment_method' && intent.lastPaymentError)
        ? (intent.lastPaymentError ?? 'The payment did not go through.')
        : null;
    const unanswered = payment.state === 'confirming' && (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation') && !intent.lastPaymentError;
    const stale = unanswered && (normaliseDbDate(payment.last_updated) ?? '') < dbDateAgo(UNANSWERED_CONFIRMATION_MS);
    if (intent.status === 'succeeded') {
      const t = await transition(deps, trx, order, 'provider', { type: 'paymentSucceeded', amountInCents: payment.amount_in_cents, method: 'stripe' }, { action: 'paymentSucceeded', userId: null, amountInCents: payment.amount_in_cents, paymentMethod: 'stripe' });
      await trx('order_payments').where({ id: payment.id }).update({ state: 'succeeded', applied: 1, last_updated: nowUtc() });
      return { result: 'applied' as const, order: t.order, context: t.context, paid: payment.amount_in_cents };
    }
    if (failedMessage || stale) {
      const message = failedMessage ?? 'The payment was not completed. Please try again.';
      if (order.isProcessingPayment) {
        await transition(deps, trx, order, 'provider', { type: 'paymentFailed', message }, { action: 'paymentFailed', userId: null, amountInCents: payment.amount_in_cents, paymentMethod: 'stripe', note: message });
      }
      // A failed attempt can be tried again with another card: the intent stays usable.
      await trx('order_payments').where({ id: payment.id }).update({ state: 'created', last_error: message, last_updated: nowUtc() });
      return { result: 'applied' as const };
    }
    return { result: 'pending' as const };
  });
  if ('paid' in outcome && outcome.order && outcome.context) {
    await sendStatusMail(deps.mail, outcome.order, outcome.context.orgTitle, { kind: 'paymentReceived', amountInCents: outcome.paid! });
  }
  return outcome.result;
}

/** Asks the provider about the order's payment in progress and applies the answer (polls, sweeper). */
export async function reconcileOrder(deps: PaymentDeps, productOrderId: number): Promise<void> {
  const pending = (await deps.transaction((trx) =>
    trx('order_payments').where({ product_order_id: productOrderId, applied: 0 }).whereIn('state', ['confirming', 'processing']).whereNotNull('intent_id'),
  )) as PaymentRow[];
  for (const p of pending) {
    try {
      await applyIntentOutcome(deps, await deps.payments.retrieveIntent(p.environment, p.intent_id!), p.environment);
    } catch (err) {
      deps.mail.logError(err);
    }
  }
}

export async function getPaymentIntent(deps: PaymentDeps, access: Access, body: GetPaymentIntentBody): Promise<{ paymentIntent: PaymentIntentView; order: OrderStatusResponse }> {
  const payment = await deps.transaction((trx) => paymentOf(trx, body.paymentIntentId, body.paymentEnvironment));
  if (!payment || payment.org_id !== access.orgId) throw notFound('paymentNotFound', 'This payment was not found.');
  // Reachability first: a payment of an order the caller cannot reach is as missing as any other.
  await deps.transaction((trx) => lockReachableOrder(deps.repos, trx, access, payment.product_order_id));
  const intent = await deps.payments.retrieveIntent(payment.environment, body.paymentIntentId);
  await applyIntentOutcome(deps, intent, payment.environment);
  const order = (await deps.repos.productOrders.findOne({ id: payment.product_order_id }))!;
  return { paymentIntent: intentView(intent), order: statusResponse(access, order) };
}

/**
 * confirm-order-payment. Wire / check by mail: the order awaits that payment (a thank-you; the
 * organisation moves the order on when the money arrives). Card: the order's intent is confirmed
 * with the provider — processing first, under the order's lock, so a second click is refused.
 */
export async function confirmOrderPayment(deps: PaymentDeps, access: Access, body: ConfirmOrderPaymentBody): Promise<OrderStatusResponse> {
  const env = body.paymentEnvironment ?? 'live';
  if (body.paymentMethod !== 'stripe') {
    const method = body.paymentMethod;
    const t = await deps.transaction(async (trx) => {
      const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
      assertSeenStatus(order, body.expectedStatusKey);
      const p = await payable(deps, trx, access, order, method, env, body.isGuestMode);
      return transition(deps, trx, order, p.actor, { type: 'confirmManualPayment', method, amountInCents: body.paymentData.amount, payInFull: !!body.payInFull }, { action: 'paymentConfirmed', userId: access.user.id, amountInCents: body.paymentData.amount, paymentMethod: method }, p.ctx);
    });
    return statusResponse(access, t.order, t.fields);
  }
  const intentId = body.paymentData.paymentIntentId;
  if (!intentId) throw new ApiError(400, 'invalidBody', 'paymentData.paymentIntentId is required for a card payment.');
  if (!body.paymentData.card && !body.paymentData.paymentMethodId) throw new ApiError(400, 'invalidBody', 'Enter the card details.');
  const started = await deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const payment = await paymentOf(trx, intentId, env);
    if (!payment || payment.product_order_id !== order.id) throw notFound('paymentNotFound', 'This payment was not found for this order.');
    assertSeenStatus(order, body.expectedStatusKey);
    const p = await payable(deps, trx, access, order, 'stripe', env, body.isGuestMode);
    if (order.isProcessingPayment) throw conflict('A payment is already processing for this order.');
    if (payment.state !== 'created') throw conflict('This payment has already been confirmed.');
    if (body.paymentData.amount !== payment.amount_in_cents || amountFor(p.state, !!payment.pay_in_full) !== payment.amount_in_cents) {
      throw conflict('The amount to pay has changed. Reload the order and try again.');
    }
    await transition(
      deps,
      trx,
      order,
      p.actor,
      { type: 'paymentStarted', amountInCents: payment.amount_in_cents, payInFull: !!payment.pay_in_full },
      { action: 'paymentStarted', userId: access.user.id, amountInCents: payment.amount_in_cents, paymentMethod: 'stripe' },
      p.ctx,
    );
    const attempt = ((await trx('order_status_events').where({ product_order_id: order.id, action: 'paymentStarted' }).count({ n: '*' }).first()) as { n: number | string }).n;
    await trx('order_payments').where({ id: payment.id }).update({ state: 'confirming', last_error: null, last_updated: nowUtc() });
    return { payment, attempt: Number(attempt) };
  });
  let intent: ProviderIntent;
  try {
    intent = await deps.payments.confirmIntent(env, intentId, { card: body.paymentData.card, paymentMethodId: body.paymentData.paymentMethodId }, `confirm-payment-${started.payment.id}-${started.attempt}`);
  } catch (err) {
    const message = err instanceof PaymentProviderError ? err.message : 'The payment provider could not be reached. Please try again.';
    await deps.transaction(async (trx) => {
      const order = (await deps.repos.productOrders.lockOne({ id: started.payment.product_order_id }, trx)) as ProductOrderRow;
      if (order.isProcessingPayment) {
        await transition(deps, trx, order, 'provider', { type: 'paymentFailed', message }, { action: 'paymentFailed', userId: null, amountInCents: started.payment.amount_in_cents, paymentMethod: 'stripe', note: message });
      }
      await trx('order_payments').where({ id: started.payment.id }).update({ state: 'created', last_error: message, last_updated: nowUtc() });
    });
    if (!(err instanceof PaymentProviderError)) deps.mail.logError(err);
    throw paymentFailed(message);
  }
  await deps.transaction((trx) => trx('order_payments').where({ id: started.payment.id, state: 'confirming' }).update({ state: 'processing', last_updated: nowUtc() }));
  await applyIntentOutcome(deps, intent, env);
  const order = (await deps.repos.productOrders.findOne({ id: started.payment.product_order_id }))!;
  const failed = !order.isProcessingPayment && intent.lastPaymentError && intent.status !== 'succeeded';
  if (failed) throw paymentFailed(intent.lastPaymentError!);
  return statusResponse(access, order);
}

/** A provider's webhook: verified on the raw body, applied once per event and once per intent. */
export async function handlePaymentWebhook(deps: PaymentDeps, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
  let event: ReturnType<PaymentDeps['payments']['parseWebhook']>;
  try {
    event = deps.payments.parseWebhook(rawBody, signature);
  } catch (err) {
    throw new ApiError(400, 'invalidSignature', `Webhook refused: ${(err as Error).message}`);
  }
  const fresh = await deps.transaction(async (trx) => {
    const seen = await trx('processed_webhook_events').where({ event_id: event.eventId }).first();
    if (seen) return false;
    await trx('processed_webhook_events').insert({ event_id: event.eventId, provider: deps.payments.name, created: nowUtc() });
    return true;
  });
  if (!fresh) return { received: true, duplicate: true };
  if (event.intent) await applyIntentOutcome(deps, event.intent);
  return { received: true };
}

/**
 * The sweeper (every API process runs one): settles the simulated provider's due intents and
 * reconciles orders whose payment has been processing for a while (a lost webhook, a crash).
 */
export async function sweepPayments(deps: PaymentDeps & { settleDue?: () => Promise<string[]> }): Promise<void> {
  if (deps.settleDue) await deps.settleDue();
  const orders = (await deps.transaction((trx) =>
    trx('order_payments').distinct('product_order_id').where({ applied: 0 }).whereIn('state', ['confirming', 'processing']).whereNotNull('intent_id').limit(100),
  )) as Array<{ product_order_id: number }>;
  for (const o of orders) await reconcileOrder(deps, o.product_order_id);
}

export type { StatusContext };
