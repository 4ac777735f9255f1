import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ActionRequiredBody,
  ApproveOrderBody,
  CancelOrderBody,
  ConfirmOrderPaymentBody,
  CreatePaymentIntentBody,
  GetPaymentIntentBody,
  GetTaxRateBody,
  OrderStatusEventsBody,
  RequestStatusUpdateBody,
  SubmitOrderBody,
  UpdateOrderStatusBody,
  UpdatePaymentIntentBody,
} from '@cpq/domain';
import type { TaxRates } from '../adapters/tax/index.ts';
import type { Queries } from '../db/queries.ts';
import { badRequest } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, authorizeOrderById, orderNotFound, requireUser, type Endpoint } from '../policy.ts';
import { confirmOrderPayment, createPaymentIntent, getPaymentIntent, handlePaymentWebhook, updatePaymentIntent, type PaymentDeps } from '../services/payments.ts';
import { approveOrder, cancelOrder, orderStatusEvents, requestStatusUpdate, requireChanges, submitOrder, updateOrderStatus } from '../services/statusActions.ts';

export type OrderStatusRouteDeps = PaymentDeps & { queries: Queries; tax: TaxRates };

/** The order status, approval and payment calls, and the payment provider's webhook. */
export function orderStatusRoutes(deps: OrderStatusRouteDeps): Router {
  const r = new Router({ prefix: '/api/configurator' });

  const accessForOrder = (ctx: Context, endpoint: Endpoint, productOrderId: number) => authorizeOrderById(ctx, deps, endpoint, productOrderId);

  r.post('/submit-order', async (ctx) => {
    const body = validateBody(SubmitOrderBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.submitOrder', body.productOrderId);
    ctx.body = { data: await submitOrder(deps, access, body) };
  });
  r.post('/approve-order', async (ctx) => {
    const body = validateBody(ApproveOrderBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.approveOrder', body.productOrderId);
    ctx.body = { data: await approveOrder(deps, access, body) };
  });
  r.post('/product-order/action-required', async (ctx) => {
    const body = validateBody(ActionRequiredBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.actionRequired', body.productOrderId);
    ctx.body = { data: await requireChanges(deps, access, body) };
  });
  r.post('/product-order/cancel', async (ctx) => {
    const body = validateBody(CancelOrderBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.cancelOrder', body.productOrderId);
    ctx.body = { data: await cancelOrder(deps, access, body) };
  });
  r.post('/update-order-status', async (ctx) => {
    const body = validateBody(UpdateOrderStatusBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.updateOrderStatus', body.productOrderId);
    if (body.orgId !== undefined && body.orgId !== access.orgId) throw badRequest('orgId is not the order’s organisation.');
    ctx.body = { data: await updateOrderStatus(deps, access, body) };
  });
  r.post('/request-status-update', async (ctx) => {
    const body = validateBody(RequestStatusUpdateBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.requestStatusUpdate', body.productOrderId);
    ctx.body = { data: await requestStatusUpdate(deps, access, body) };
  });
  r.post('/get-order-status-events', async (ctx) => {
    const body = validateBody(OrderStatusEventsBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.getOrderStatusEvents', body.productOrderId);
    ctx.body = { data: await orderStatusEvents(deps, access, body.productOrderId) };
  });

  r.post('/confirm-order-payment', async (ctx) => {
    const body = validateBody(ConfirmOrderPaymentBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.confirmOrderPayment', body.productOrderId);
    ctx.body = { data: await confirmOrderPayment(deps, access, body) };
  });
  r.post('/create-stripe-payment-intent', async (ctx) => {
    const body = validateBody(CreatePaymentIntentBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.createPaymentIntent', body.productOrderId);
    ctx.body = { data: await createPaymentIntent(deps, access, body) };
  });
  r.post('/update-stripe-payment-intent', async (ctx) => {
    const body = validateBody(UpdatePaymentIntentBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.updatePaymentIntent', body.productOrderId);
    ctx.body = { data: await updatePaymentIntent(deps, access, body) };
  });
  r.post('/get-stripe-payment-intent', async (ctx) => {
    const body = validateBody(GetPaymentIntentBody, ctx.request.body);
    await requireUser(ctx, deps.queries);
    // The payment's order names the organisation; an unknown payment, and a payment of an
    // organisation the caller is no member of, are the same 404.
    const payment = (await deps.transaction((trx) => trx('order_payments').select('org_id').where({ intent_id: body.paymentIntentId }).first())) as { org_id: number } | undefined;
    if (!payment) throw orderNotFound();
    const access = await authorize(ctx, deps, 'configurator.getPaymentIntent', payment.org_id, orderNotFound);
    ctx.body = { data: await getPaymentIntent(deps, access, body) };
  });
  r.post('/get-tax-rate', async (ctx) => {
    const body = validateBody(GetTaxRateBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'configurator.getTaxRate', body.orgId);
    const state = (body.deliveryAddress.state ?? '').trim();
    const skipped = deps.plugins.rulesFor(access.orgId).orderStatus.taxSkippedStates.map((s) => s.toUpperCase());
    if (state && skipped.includes(state.toUpperCase())) {
      ctx.body = { data: { taxRate: null, skippedReason: 'organisationSkipsState' } };
      return;
    }
    const taxRate = state ? await deps.tax.rateFor(access.orgId, state) : null;
    ctx.body = { data: { taxRate, skippedReason: taxRate === null ? 'unknownState' : null } };
  });

  return r;
}

/** The payment provider's webhook: no session, the signature on the raw body is the authentication. */
export function paymentWebhookRoutes(deps: PaymentDeps): Router {
  const r = new Router({ prefix: '/api/webhooks' });
  r.post('/payments', async (ctx) => {
    const signature = ctx.get('stripe-signature') || undefined;
    ctx.body = await handlePaymentWebhook(deps, ctx.request.rawBody ?? Buffer.alloc(0), signature);
  });
  return r;
}
