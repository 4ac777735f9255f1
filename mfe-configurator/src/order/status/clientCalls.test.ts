// The status and payment calls of the client, at the spec's paths under /api/configurator/.
import { afterEach, expect, it, vi } from 'vitest';
import { api } from '@cpq/client';

afterEach(() => vi.unstubAllGlobals());

it('posts each status and payment call to its path and answers its data', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { ok: 1 } }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const calls: Array<[Promise<unknown>, string]> = [
    [api.submitOrder({ productOrderId: 1 }), 'submit-order'],
    [api.approveOrder({ productOrderId: 1 }), 'approve-order'],
    [api.actionRequired({ productOrderId: 1, feedbackNotes: 'x' }), 'product-order/action-required'],
    [api.cancelOrder({ productOrderId: 1 }), 'product-order/cancel'],
    [api.updateOrderStatus({ productOrderId: 1, statusKey: 'k' }), 'update-order-status'],
    [api.requestStatusUpdate({ productOrderId: 1 }), 'request-status-update'],
    [api.confirmOrderPayment({ productOrderId: 1, paymentMethod: 'wire', paymentData: { amount: 1 } }), 'confirm-order-payment'],
    [api.createStripePaymentIntent({ productOrderId: 1, isCardPayment: true, paymentEnvironment: 'live', payInFull: true }), 'create-stripe-payment-intent'],
    [api.getStripePaymentIntent({ paymentIntentId: 'pi', paymentEnvironment: 'live' }), 'get-stripe-payment-intent'],
    [api.updateStripePaymentIntent({ productOrderId: 1, paymentIntentId: 'pi', isCardPayment: false, paymentEnvironment: 'live', payInFull: true }), 'update-stripe-payment-intent'],
    [api.getTaxRate({ orgId: 850, deliveryAddress: { state: 'IL' } }), 'get-tax-rate'],
    [api.getOrderStatusEvents({ productOrderId: 1 }), 'get-order-status-events'],
  ];
  for (const [answer] of calls) expect(await answer).toEqual({ ok: 1 });
  expect(fetch.mock.calls.map((c) => (c as unknown as [string, RequestInit])[0])).toEqual(calls.map(([, path]) => `/api/configurator/${path}`));
  expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('POST');
});
