import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { api, ApiRequestError } from '@cpq/client';
import type { OrderStatusResponse } from '@cpq/domain';
import { defaultAnswers } from './apiMock.test-utils.ts';
import { paymentFlowMachine, PREPARE_FAILED, type PaymentFlowInput, type PaymentPage, type PaymentTerms } from './paymentFlow.ts';
import { UNSAVED_CHANGES } from './useOrderStatus.ts';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

const TERMS: PaymentTerms = {
  productOrderId: 7,
  orgId: 850,
  orderOrgSpecificId: 12,
  amount: 50000,
  cardUpcharge: 0,
  payInFull: false,
  env: 'live',
  guestMode: false,
  shippedWithoutFinalPayment: false,
  stepKey: 'readyToPayDeposit',
  seen: 'readyToPayDeposit',
  updatesIntent: false,
  ready: true,
};
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const answer = (fields: Partial<OrderStatusResponse> = {}): OrderStatusResponse => ({ statusData: { readyToPayDeposit: { date: 'd' } }, lastCompletedStatusKey: 'readyToPayDeposit', amountPaidInCents: 0, isProcessingPayment: 0, feedbackNotes: null, ...fields });
const paidAnswer = answer({ statusData: { readyToPayDeposit: { date: 'd', paymentAmountInCents: 50000 }, depositReceived: { date: 'd' } }, lastCompletedStatusKey: 'depositReceived', amountPaidInCents: 50000 });

function page(settled = true) {
  return {
    applyStatus: vi.fn<PaymentPage['applyStatus']>(),
    touched: vi.fn(),
    notify: vi.fn<PaymentPage['notify']>(),
    notePaid: vi.fn<PaymentPage['notePaid']>(),
    settle: vi.fn(async () => settled),
  };
}

/** The flow started as the panel starts it; `p` stands for the page. */
function start(input: Partial<PaymentFlowInput> = {}, p = page()) {
  const actor = createActor(paymentFlowMachine, { input: { method: 'stripe', terms: TERMS, page: () => p, ...input } });
  actor.start();
  return { actor, p, state: () => String(actor.getSnapshot().value) };
}

beforeEach(() => defaultAnswers(api));
afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('payment flow: card', () => {
  it('prepares the intent, sends the card once, polls every 2 seconds until the payment is recorded, then thanks with the amount recorded', async () => {
    vi.useFakeTimers();
    vi.mocked(api.confirmOrderPayment).mockResolvedValue(answer({ isProcessingPayment: 1 }));
    const processing = { paymentIntent: { id: 'pi_1', status: 'processing' as const, amount: 50000, lastPaymentError: null }, order: answer({ isProcessingPayment: 1 }) };
    vi.mocked(api.getStripePaymentIntent)
      .mockResolvedValueOnce(processing)
      .mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'succeeded', amount: 50000, lastPaymentError: null }, order: paidAnswer });
    const { actor, p, state } = start();
    expect(state()).toBe('creatingIntent');
    await waitFor(actor, (s) => s.matches('enteringCard'));
    expect(api.createStripePaymentIntent).toHaveBeenCalledWith({ productOrderId: 7, isCardPayment: true, isGuestMode: false, payInFull: false, paymentEnvironment: 'live', shippedWithoutFinalPayment: false });
    expect(actor.getSnapshot().context.intent).toEqual({ id: 'pi_1', forKey: 'deposit:live' });

    actor.send({ type: 'PAY', card: CARD });
    actor.send({ type: 'PAY', card: CARD });
    expect(state()).toBe('confirming');
    await waitFor(actor, (s) => s.matches('processing'));
    expect(api.confirmOrderPayment).toHaveBeenCalledTimes(1);
    expect(api.confirmOrderPayment).toHaveBeenCalledWith({
      productOrderId: 7,
      expectedStatusKey: 'readyToPayDeposit',
      paymentMethod: 'stripe',
      paymentData: { amount: 50000, paymentIntentId: 'pi_1', card: CARD },
      payInFull: false,
      isGuestMode: false,
      paymentEnvironment: 'live',
    });
    expect(p.applyStatus).toHaveBeenLastCalledWith(answer({ isProcessingPayment: 1 }));

    await vi.advanceTimersByTimeAsync(1999);
    expect(api.getStripePaymentIntent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.getStripePaymentIntent).toHaveBeenCalledWith({ paymentIntentId: 'pi_1', paymentEnvironment: 'live' });
    expect(state()).toBe('processing');
    await vi.advanceTimersByTimeAsync(2000);
    expect(state()).toBe('paid');
    expect(p.notePaid).toHaveBeenCalledWith(50000);
    expect(p.notify).not.toHaveBeenCalled();
  });

  it("a refused card fails with the provider's message, alerted; the same intent takes another card", async () => {
    vi.mocked(api.confirmOrderPayment).mockRejectedValueOnce(new ApiRequestError(402, 'paymentFailed', 'Your card was declined.'));
    const { actor, p, state } = start();
    await waitFor(actor, (s) => s.matches('enteringCard'));
    actor.send({ type: 'PAY', card: CARD });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Your card was declined.');
    expect(p.notify).toHaveBeenCalledWith('alert', 'Your card was declined.');
    expect(p.touched).toHaveBeenCalled();
    vi.mocked(api.confirmOrderPayment).mockResolvedValueOnce(paidAnswer);
    actor.send({ type: 'PAY', card: CARD });
    expect(actor.getSnapshot().context.message).toBeNull();
    await waitFor(actor, (s) => s.matches('paid'));
    expect(api.createStripePaymentIntent).toHaveBeenCalledTimes(1);
    expect(state()).toBe('paid');
  });

  it('processing that ends unpaid fails with the order’s message, or the provider’s', async () => {
    vi.useFakeTimers();
    vi.mocked(api.confirmOrderPayment).mockResolvedValue(answer({ isProcessingPayment: 1 }));
    vi.mocked(api.getStripePaymentIntent).mockResolvedValue({
      paymentIntent: { id: 'pi_1', status: 'failed', amount: 50000, lastPaymentError: null },
      order: answer({ statusData: { readyToPayDeposit: { date: 'd', lastPaymentError: 'Insufficient funds.' } } }),
    });
    const { actor, p } = start();
    await waitFor(actor, (s) => s.matches('enteringCard'));
    actor.send({ type: 'PAY', card: CARD });
    await waitFor(actor, (s) => s.matches('processing'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('Insufficient funds.');
    expect(p.notify).toHaveBeenCalledWith('alert', 'Insufficient funds.');
  });

  it('edits that could not be saved stop the payment before anything is sent', async () => {
    const { actor, p } = start({}, page(false));
    await waitFor(actor, (s) => s.matches('enteringCard'));
    actor.send({ type: 'PAY', card: CARD });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(api.confirmOrderPayment).not.toHaveBeenCalled();
    expect(p.notify).toHaveBeenCalledWith('alert', UNSAVED_CHANGES);
  });

  it('an intent that could not be prepared says so; "Try again" asks again', async () => {
    vi.mocked(api.createStripePaymentIntent).mockRejectedValueOnce(new TypeError('fetch failed'));
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('The server could not be reached. Check your connection and try again.');
    vi.mocked(api.createStripePaymentIntent).mockRejectedValueOnce('nothing said');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('failed') && s.context.message === PREPARE_FAILED);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('enteringCard'));
  });
});

describe('payment flow: what it is for', () => {
  it('asks for no intent while something blocks the payment, then asks once it does not', async () => {
    const { actor, state } = start({ terms: { ...TERMS, ready: false } });
    expect(state()).toBe('idle');
    expect(api.createStripePaymentIntent).not.toHaveBeenCalled();
    actor.send({ type: 'TERMS', terms: TERMS });
    await waitFor(actor, (s) => s.matches('enteringCard'));
    expect(api.createStripePaymentIntent).toHaveBeenCalledTimes(1);
  });

  it('another amount or environment needs another intent; back to the first, its intent is asked again', async () => {
    vi.mocked(api.createStripePaymentIntent)
      .mockResolvedValueOnce({ paymentIntentId: 'pi_deposit', stripePaymentIntentClientSecret: 's', amountInCents: 50000, upchargeInCents: 0 })
      .mockResolvedValueOnce({ paymentIntentId: 'pi_full', stripePaymentIntentClientSecret: 's', amountInCents: 100000, upchargeInCents: 0 });
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('enteringCard') && s.context.intent?.id === 'pi_deposit');
    actor.send({ type: 'TERMS', terms: { ...TERMS, payInFull: true, amount: 100000 } });
    await waitFor(actor, (s) => s.matches('enteringCard') && s.context.intent?.id === 'pi_full');
    expect(api.createStripePaymentIntent).toHaveBeenLastCalledWith(expect.objectContaining({ payInFull: true }));
    // A change that keeps the key (the step's title, say) keeps the intent.
    actor.send({ type: 'TERMS', terms: { ...TERMS, payInFull: true, amount: 100000, seen: 'x' } });
    expect(actor.getSnapshot().value).toBe('enteringCard');
    expect(api.createStripePaymentIntent).toHaveBeenCalledTimes(2);
  });

  it('where the organisation wants it, leaving the card drops its upcharge from the intent and coming back puts it on', async () => {
    const terms = { ...TERMS, amount: 400000, cardUpcharge: 12000, payInFull: true, updatesIntent: true };
    const { actor } = start({ terms });
    await waitFor(actor, (s) => s.matches('enteringCard'));
    actor.send({ type: 'CHOOSE_METHOD', method: 'wire' });
    expect(actor.getSnapshot().value).toBe('idle');
    await vi.waitFor(() => expect(api.updateStripePaymentIntent).toHaveBeenCalledWith(expect.objectContaining({ paymentIntentId: 'pi_1', isCardPayment: false, paymentAmount: 400000 })));
    actor.send({ type: 'CHOOSE_METHOD', method: 'stripe' });
    await waitFor(actor, (s) => s.matches('enteringCard'));
    expect(api.updateStripePaymentIntent).toHaveBeenLastCalledWith(expect.objectContaining({ isCardPayment: true, paymentAmount: 412000 }));
    expect(api.createStripePaymentIntent).toHaveBeenCalledTimes(1);
  });
});

describe('payment flow: wire and check', () => {
  it('a manual method: chosen, then confirmed by the server, thanks', async () => {
    vi.mocked(api.confirmOrderPayment).mockResolvedValue(answer({ statusData: { readyToPayDeposit: { date: 'd', awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 } } }));
    const { actor, p, state } = start({ method: 'wire' });
    expect(state()).toBe('idle');
    actor.send({ type: 'CONFIRM_MANUAL' });
    actor.send({ type: 'CONFIRM_MANUAL' });
    await waitFor(actor, (s) => s.matches('awaitingManual'));
    expect(api.confirmOrderPayment).toHaveBeenCalledTimes(1);
    expect(api.confirmOrderPayment).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'readyToPayDeposit', paymentMethod: 'wire', paymentData: { amount: 50000 }, payInFull: false, isGuestMode: false });
    expect(p.applyStatus).toHaveBeenCalledTimes(1);
    expect(api.createStripePaymentIntent).not.toHaveBeenCalled();
  });

  it('not before a manual method is chosen; a refusal is alerted and the method can be confirmed again', async () => {
    const { actor, p } = start({ terms: { ...TERMS, ready: false } });
    actor.send({ type: 'CONFIRM_MANUAL' });
    expect(api.confirmOrderPayment).not.toHaveBeenCalled();
    vi.mocked(api.confirmOrderPayment).mockRejectedValueOnce(new ApiRequestError(409, 'conflict', "This order's status has just changed. Reload the order to see it."));
    actor.send({ type: 'CHOOSE_METHOD', method: 'checkByMail' });
    actor.send({ type: 'CONFIRM_MANUAL' });
    await vi.waitFor(() => expect(p.notify).toHaveBeenCalledWith('alert', "This order's status has just changed. Reload the order to see it."));
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

describe('payment flow: a reopened panel', () => {
  it('resumes a processing payment (reading the order) or an announced manual one', async () => {
    vi.useFakeTimers();
    const { actor, state } = start({ isProcessingPayment: 1 });
    expect(state()).toBe('processing');
    vi.mocked(api.orderData).mockResolvedValue({ productOrders: [{ ...paidAnswer, id: 7 }] } as never);
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.orderData).toHaveBeenCalledWith({ orgId: 850, productOrderOrgSpecificId: 12 });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(start({ awaitingPaymentMethod: 'wire', method: 'wire' }).state()).toBe('awaitingManual');
  });

  it('ignores what does not fit its state', async () => {
    const { actor, state } = start({ terms: { ...TERMS, ready: false } });
    actor.send({ type: 'PAY', card: CARD });
    actor.send({ type: 'RETRY' });
    expect(state()).toBe('idle');
    expect(api.confirmOrderPayment).not.toHaveBeenCalled();
  });
});
