import Router from '@koa/router';
import type { Context } from 'koa';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  ActionRequiredBody,
  ApproveOrderBody,
  CancelOrderBody,
  ConfirmOrderPaymentBody,
  CreatePaymentIntentBody,
  GetPaymentIntentBody,
  GetTaxRateBody,
  OrderStatusEventsBody,
  ReopenOrderBody,
  RequestStatusUpdateBody,
  SubmitOrderBody,
  UpdateOrderStatusBody,
  UpdatePaymentIntentBody,
} from '@cpq/domain';
import type { TaxRates } from '../adapters/tax/index.ts';
import type { Queries } from '../db/queries.ts';
import { badRequest } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, authorizeOrderById, orderNotFound, requireUser, type Access, type Endpoint } from '../policy.ts';
import { confirmOrderPayment, createPaymentIntent, getPaymentIntent, handlePaymentWebhook, updatePaymentIntent, type PaymentDeps } from '../services/payments.ts';
import { approveOrder, cancelOrder, orderStatusEvents, reopenOrder, requestStatusUpdate, requireChanges, submitOrder, updateOrderStatus } from '../services/statusActions.ts';

export type OrderStatusRouteDeps = PaymentDeps & { queries: Queries; tax: TaxRates };

/** The order status, approval and payment calls, and the payment provider's webhook. */
export function orderStatusRoutes(deps: OrderStatusRouteDeps): Router {
  const r = new Router({ prefix: '/api/configurator' });

  /** A call about one order: its body validated, the caller authorised on the order's organisation, its answer as data. */
  const orderCall = <S extends TSchema>(path: string, schema: S, endpoint: Endpoint, run: (access: Access, body: Static<S> & { productOrderId: number }) => Promise<unknown>) =>
    r.post(path, async (ctx: Context) => {
      const body = validateBody(schema, ctx.request.body) as Static<S> & { productOrderId: number };
      const access = await authorizeOrderById(ctx, deps, endpoint, body.productOrderId);
      ctx.body = { data: await run(access, body) };
    });

  orderCall('/submit-order', SubmitOrderBody, 'configurator.submitOrder', (access, body) => submitOrder(deps, access, body));
  orderCall('/approve-order', ApproveOrderBody, 'configurator.approveOrder', (access, body) => approveOrder(deps, access, body));
  orderCall('/product-order/action-required', ActionRequiredBody, 'configurator.actionRequired', (access, body) => requireChanges(deps, access, body));
  orderCall('/product-order/reopen', ReopenOrderBody, 'configurator.reopenOrder', (access, body) => reopenOrder(deps, access, body));
  orderCall('/product-order/cancel', CancelOrderBody, 'configurator.cancelOrder', (access, body) => cancelOrder(deps, access, body));
  orderCall('/update-order-status', UpdateOrderStatusBody, 'configurator.updateOrderStatus', async (access, body) => {
    if (body.orgId !== undefined && body.orgId !== access.orgId) throw badRequest('orgId is not the order’s organisation.');
    return updateOrderStatus(deps, access, body);
  });
  orderCall('/request-status-update', RequestStatusUpdateBody, 'configurator.requestStatusUpdate', (access, body) => requestStatusUpdate(deps, access, body));
  orderCall('/get-order-status-events', OrderStatusEventsBody, 'configurator.getOrderStatusEvents', (access, body) => orderStatusEvents(deps, access, body.productOrderId));

  orderCall('/confirm-order-payment', ConfirmOrderPaymentBody, 'configurator.confirmOrderPayment', (access, body) => confirmOrderPayment(deps, access, body));
  orderCall('/create-stripe-payment-intent', CreatePaymentIntentBody, 'configurator.createPaymentIntent', (access, body) => createPaymentIntent(deps, access, body));
  orderCall('/update-stripe-payment-intent', UpdatePaymentIntentBody, 'configurator.updatePaymentIntent', (access, body) => updatePaymentIntent(deps, access, body));
  r.post('/get-stripe-payment-intent', async (ctx) => {
    const body = validateBody(GetPaymentIntentBody, ctx.request.body);
    await requireUser(ctx, deps.queries);
    // The payment's order names the organisation; an unknown payment, and a payment of an
    // organisation the caller is no member of, are the same 404.
    const payment = await deps.repos.orderPayments.byIntent(body.paymentIntentId);
    if (!payment) throw orderNotFound();
    const access = await authorize(ctx, deps, 'configurator.getPaymentIntent', payment.orgId, orderNotFound);
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
