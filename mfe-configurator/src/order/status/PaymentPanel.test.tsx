// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, ApiRequestError, type OrderData } from '@cpq/client';
import type { OrderStatusResponse } from '@cpq/domain';
import { defaultAnswers } from './apiMock.test-utils.ts';
import { answerAt, METHODS, reached, rulesWith, showStatus, statusOrder } from './harness.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => (await import('./apiMock.test-utils.ts')).mockClient(await importOriginal<typeof import('@cpq/client')>()));

beforeEach(() => {
  defaultAnswers(api);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const atDeposit = (fields: Parameters<typeof statusOrder>[0] = {}) => statusOrder({ at: 'readyToPayDeposit', ...fields });
const wirePreferred = METHODS.map((m) => ({ ...m, isPreferred: m.key === 'wire' }));
const payButton = () => screen.getByTestId('pay-button') as HTMLButtonElement;
const methodLabels = () => within(screen.getByTestId('payment-methods')).getAllByRole('radio').map((r) => r.parentElement!.textContent);

async function enterCard(user: ReturnType<typeof showStatus>['user']) {
  await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText('MM / YY'), '12 / 30');
  await user.type(screen.getByLabelText('CVC'), '123');
}
/** A guest at the deposit step pays by card; from the click on, the clock is the test's. */
async function payOnFakeTimers() {
  const shown = showStatus({ role: 'guest', order: atDeposit() });
  await waitFor(() => expect(payButton().disabled).toBe(false));
  await enterCard(shown.user);
  vi.useFakeTimers();
  fireEvent.click(payButton());
  await act(async () => {
    await Promise.resolve();
  });
  return shown;
}
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const PROCESSING = ['Payment processing...', 'You can safely close this window or navigate to another order.', 'You will receive a notifcation when payment processing is complete.'];
const THANKS = ['THANK YOU FOR CONFIRMING PAYMENT', 'WE WILL UPDATE THE STATUS OF YOUR ORDER WHEN PAYMENT IS RECEIVED'];

describe('payment panel: what blocks it', () => {
  it('asks for a 10-digit phone first, with "Edit Order Details" opening the settings', async () => {
    const { user, openSettings } = showStatus({ role: 'guest', order: atDeposit({ phone: '555-0100', deliveryAddress: null }) });
    expect(screen.getByTestId('payment-block-message').textContent).toBe('A valid, 10-digit contact phone number is required to proceed.');
    expect(screen.queryByTestId('payment-methods')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Order Details' }));
    expect(openSettings).toHaveBeenCalledTimes(1);
    expect(api.createStripePaymentIntent).not.toHaveBeenCalled();
  });

  it('then a complete delivery address', () => {
    showStatus({ role: 'guest', order: atDeposit({ deliveryAddress: { streetAddress: '1 Main St', city: 'Springfield', state: 'IL' } }) });
    expect(screen.getByTestId('payment-block-message').textContent).toBe('A complete delivery address is required to proceed.');
  });

  it('and a contact email only where the organisation requires one', () => {
    showStatus({ role: 'guest', order: atDeposit({ clientEmails: null }), rules: rulesWith({ paymentRequiresContactEmail: true }) });
    expect(screen.getByTestId('payment-block-message').textContent).toBe('Contact email is required to proceed.');
    cleanup();
    showStatus({ role: 'guest', order: atDeposit({ clientEmails: null }) });
    expect(screen.queryByTestId('payment-blocked')).toBeNull();
  });
});

describe('payment panel: prices hidden from the viewer', () => {
  it('shows no amount, method or card form, and prepares no payment', async () => {
    showStatus({ role: 'guest', order: atDeposit({ costs: undefined }), pricingHidden: true, designEngine: { nickname: 'L&B' } });
    expect(screen.getByTestId('payment-pricing-hidden').textContent).toBe(
      'Payment for this order is arranged with L&B. Prices are not shown to you, so the order cannot be paid from your account.',
    );
    for (const id of ['payment-methods', 'card-form', 'pay-button', 'deposit-amount', 'amount-due']) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('payment-panel').textContent).not.toMatch(/\$/);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.createStripePaymentIntent).not.toHaveBeenCalled();
  });
});

describe('payment panel: methods and amounts', () => {
  it('lists the preferred method first, labelled "(Preferred)" and chosen; employee-only methods for employees only', () => {
    showStatus({ role: 'guest', order: atDeposit(), designEngine: { paymentMethods: wirePreferred } });
    expect(methodLabels()).toEqual(['Wire Transfer (Preferred)', 'Credit Card']);
    expect((screen.getByLabelText('Wire Transfer (Preferred)') as HTMLInputElement).checked).toBe(true);
    cleanup();
    showStatus({ role: 'owner', order: atDeposit(), designEngine: { paymentMethods: wirePreferred } });
    expect(methodLabels()).toEqual(['Wire Transfer (Preferred)', 'Credit Card', 'Check by Mail']);
    cleanup();
    showStatus({ guestMode: true, order: atDeposit(), designEngine: { paymentMethods: wirePreferred } });
    expect(methodLabels()).not.toContain('Check by Mail');
  });

  it('offers the deposit or the full amount, saying the final payment is due once complete and ready to ship', () => {
    showStatus({ role: 'guest', order: atDeposit() });
    const deposit = screen.getByTestId('pay-deposit').parentElement!.textContent!;
    expect(deposit).toContain('Pay deposit amount only');
    expect(deposit).toContain('$500.00');
    expect(deposit).toMatch(/final payment is due once .*complete and ready to ship/);
    const full = screen.getByTestId('pay-full').parentElement!.textContent!;
    expect(full).toContain('Pay in full');
    expect(full).toContain('$1,000.00');
  });

  it('asks only the balance once the deposit is paid', () => {
    showStatus({ role: 'guest', order: statusOrder({ at: 'finalPaymentReceived', amountPaidInCents: 50000 }) });
    expect(screen.queryByTestId('pay-deposit')).toBeNull();
    expect(screen.getByTestId('amount-due').textContent).toBe('$500.00');
  });

  it('shows again on a shipped order with a balance where the organisation ships without the final payment', async () => {
    const shipped = statusOrder({ at: 'shipped', amountPaidInCents: 50000 });
    showStatus({ role: 'guest', order: shipped, rules: rulesWith({ shippedWithoutFinalPayment: true }) });
    expect(screen.getByTestId('amount-due').textContent).toBe('$500.00');
    // The panel names the payment it takes, not the step the order is at.
    expect(screen.getByTestId('payment-panel').querySelector('h2')!.textContent).toBe('Payment · Final Payment');
    await waitFor(() => expect(api.createStripePaymentIntent).toHaveBeenCalledWith(expect.objectContaining({ payInFull: true, shippedWithoutFinalPayment: true })));
    cleanup();
    showStatus({ role: 'guest', order: shipped });
    expect(screen.queryByTestId('payment-panel')).toBeNull();
  });

  it('shows the organisation\'s manual-payment message without payment methods, "We will contact you to arrange payment." by default', () => {
    showStatus({ role: 'guest', order: atDeposit(), designEngine: { paymentMethods: [] } });
    expect(screen.getByTestId('manual-payment-message').textContent).toBe('We will contact you to arrange payment.');
    cleanup();
    showStatus({ role: 'guest', order: atDeposit(), designEngine: { paymentMethods: [], manualPaymentMessage: 'Please include your order number with your payment.' } });
    expect(screen.getByTestId('manual-payment-message').textContent).toBe('Please include your order number with your payment.');
  });
});

describe('payment panel: card', () => {
  it('prepares a card payment for the chosen amount and labels the button with it', async () => {
    const { user } = showStatus({ role: 'guest', order: atDeposit() });
    await waitFor(() => expect(payButton().textContent).toBe('PAY $500.00 NOW'));
    expect(api.createStripePaymentIntent).toHaveBeenLastCalledWith({ productOrderId: 7, isCardPayment: true, isGuestMode: false, payInFull: false, paymentEnvironment: 'live', shippedWithoutFinalPayment: false });
    await user.click(screen.getByTestId('pay-full'));
    await waitFor(() => expect(payButton().textContent).toBe('PAY $1,000.00 NOW'));
    expect(api.createStripePaymentIntent).toHaveBeenLastCalledWith(expect.objectContaining({ payInFull: true }));
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('adds the card fee above $3,000 (upchargePercentage in tenths of a percent) to the button', async () => {
    const methods = METHODS.map((m) => (m.key === 'stripe' ? { ...m, props: { upchargePercentage: 30 } } : m));
    const costs = { orderSubTotal: 400000, discount: 0, shipping: 0, shippingIsTbd: false, tax: 0, tariff: 0, orderTotal: 400000, depositAmount: 0, depositPercentage: 0 };
    vi.mocked(api.confirmOrderPayment).mockResolvedValue(answerAt('readyToPayDeposit', { isProcessingPayment: 1 }));
    const { user } = showStatus({ role: 'guest', order: atDeposit({ costs }), designEngine: { paymentMethods: methods } });
    await waitFor(() => expect(payButton().textContent).toBe('PAY $4,120.00 NOW'));
    expect(screen.getByTestId('card-upcharge').textContent).toBe('Card processing fee (3%): $120.00');
    // The amount confirmed is the one before the fee (the server adds the fee to the intent).
    await enterCard(user);
    await user.click(payButton());
    expect(api.confirmOrderPayment).toHaveBeenCalledWith(expect.objectContaining({ paymentData: { amount: 400000, paymentIntentId: 'pi_1', card: CARD }, payInFull: true }));
  });

  it('updates the intent when the method changes, where the organisation wants it and above $3,000', async () => {
    const costs = { orderSubTotal: 400000, discount: 0, shipping: 0, shippingIsTbd: false, tax: 0, tariff: 0, orderTotal: 400000, depositAmount: 0, depositPercentage: 0 };
    const { user } = showStatus({ role: 'guest', order: atDeposit({ costs }), rules: rulesWith({ updateIntentOnMethodChange: true }) });
    await waitFor(() => expect(payButton().textContent).toBe('PAY $4,000.00 NOW'));
    await user.click(screen.getByLabelText('Wire Transfer'));
    expect(api.updateStripePaymentIntent).toHaveBeenCalledWith(expect.objectContaining({ productOrderId: 7, paymentIntentId: 'pi_1', isCardPayment: false }));
    await user.click(screen.getByLabelText('Credit Card (Preferred)'));
    await waitFor(() => expect(api.updateStripePaymentIntent).toHaveBeenLastCalledWith(expect.objectContaining({ isCardPayment: true })));
    await waitFor(() => expect(payButton().disabled).toBe(false));
  });

  it('sends one payment for a double click, with the amount before any fee, the intent and the card', async () => {
    let answer!: (v: OrderStatusResponse) => void;
    vi.mocked(api.confirmOrderPayment).mockReturnValue(new Promise((r) => (answer = r)));
    const { user } = showStatus({ role: 'guest', order: atDeposit() });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await enterCard(user);
    await user.dblClick(payButton());
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
    expect(payButton().disabled).toBe(true);
    answer(answerAt('readyToPayDeposit', { isProcessingPayment: 1 }));
    await screen.findByTestId('payment-processing');
  });

  it('asks for the card details before sending anything', async () => {
    const { user } = showStatus({ role: 'guest', order: atDeposit() });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await user.click(payButton());
    expect(screen.getByTestId('card-problem')).toBeTruthy();
    expect(api.confirmOrderPayment).not.toHaveBeenCalled();
  });

  it('shows the processing texts and asks for the intent every 2 seconds until the payment is no longer processing', async () => {
    vi.mocked(api.confirmOrderPayment).mockResolvedValue(answerAt('readyToPayDeposit', { isProcessingPayment: 1 }));
    const stillProcessing = { paymentIntent: { id: 'pi_1', status: 'processing' as const, amount: 50000, lastPaymentError: null }, order: answerAt('readyToPayDeposit', { isProcessingPayment: 1 }) };
    vi.mocked(api.getStripePaymentIntent)
      .mockResolvedValueOnce(stillProcessing)
      .mockResolvedValueOnce(stillProcessing)
      .mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'succeeded', amount: 50000, lastPaymentError: null }, order: answerAt('depositReceived', { amountPaidInCents: 50000 }) });
    const { notify } = await payOnFakeTimers();
    expect(within(screen.getByTestId('payment-processing')).getAllByRole('paragraph').map((p) => p.textContent)).toEqual(PROCESSING);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(api.getStripePaymentIntent).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.getStripePaymentIntent).toHaveBeenCalledWith({ paymentIntentId: 'pi_1', paymentEnvironment: 'live' });
    expect(screen.getByTestId('payment-processing')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(api.getStripePaymentIntent).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.getStripePaymentIntent).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('payment-processing')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.getStripePaymentIntent).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId('payment-processing')).toBeNull();
    // The order has moved on past its payment step: the thanks stay, with the amount paid.
    expect(screen.getByTestId('paid-amount').textContent).toBe('$500.00');
    expect(screen.queryByTestId('payment-panel')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(api.getStripePaymentIntent).toHaveBeenCalledTimes(3);
    expect(notify).not.toHaveBeenCalledWith('alert', expect.anything());
  });

  it('reads the order again every 2 seconds when the page opens on a payment still processing', async () => {
    vi.useFakeTimers();
    const processingOrder = atDeposit({ isProcessingPayment: 1 });
    const paidData = { ...reached('depositReceived'), readyToPayDeposit: { date: '2026-01-02 10:00:00', paymentAmountInCents: 100000, paymentMethod: 'stripe' } };
    const paid = { ...processingOrder, isProcessingPayment: 0, statusData: paidData, lastCompletedStatusKey: 'depositReceived', amountPaidInCents: 100000 };
    vi.mocked(api.orderData)
      .mockResolvedValueOnce({ productOrders: [processingOrder] } as unknown as OrderData)
      .mockResolvedValueOnce({ productOrders: [paid] } as unknown as OrderData);
    const { current } = showStatus({ role: 'guest', order: processingOrder });
    expect(screen.getByTestId('payment-processing')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.orderData).toHaveBeenCalledWith({ orgId: 850, productOrderOrgSpecificId: 12 });
    expect(screen.getByTestId('payment-processing')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.orderData).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('payment-processing')).toBeNull();
    expect(current().lastCompletedStatusKey).toBe('depositReceived');
    expect(api.getStripePaymentIntent).not.toHaveBeenCalled();
    // Paid in full from another page: the amount is the one the server recorded.
    expect(screen.getByTestId('paid-amount').textContent).toBe('$1,000.00');
  });

  it("alerts the provider's message when the card is refused, and clears the processing", async () => {
    vi.mocked(api.confirmOrderPayment).mockRejectedValue(new ApiRequestError(402, 'card_declined', 'Your card was declined.'));
    const { user, notify, current } = showStatus({ role: 'guest', order: atDeposit() });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await enterCard(user);
    await user.click(payButton());
    await waitFor(() => expect(notify).toHaveBeenCalledWith('alert', 'Your card was declined.'));
    expect(current().isProcessingPayment).toBe(0);
    expect(screen.queryByTestId('payment-processing')).toBeNull();
    // The person may try again with another card.
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(payButton().textContent).toBe('PAY $500.00 NOW');
  });

  it("alerts the provider's message when the payment fails while processing", async () => {
    vi.mocked(api.confirmOrderPayment).mockResolvedValue(answerAt('readyToPayDeposit', { isProcessingPayment: 1 }));
    const failed = answerAt('readyToPayDeposit');
    failed.statusData.readyToPayDeposit = { date: '2026-01-02 10:00:00', lastPaymentError: 'Your card was declined.' };
    vi.mocked(api.getStripePaymentIntent).mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'failed', amount: 50000, lastPaymentError: 'Your card was declined.' }, order: failed });
    const { notify } = await payOnFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(notify).toHaveBeenCalledWith('alert', 'Your card was declined.');
    expect(screen.queryByTestId('payment-processing')).toBeNull();
    expect(screen.getByTestId('pay-button')).toBeTruthy();
  });
});

describe('payment panel: wire and check', () => {
  it("shows the method's details and confirms the payment, then thanks", async () => {
    vi.mocked(api.confirmOrderPayment).mockResolvedValue(
      answerAt('readyToPayDeposit', { statusData: { ...reached('readyToPayDeposit'), readyToPayDeposit: { date: '2026-01-02', awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 } } }),
    );
    const { user } = showStatus({ role: 'guest', order: atDeposit(), designEngine: { paymentMethods: wirePreferred } });
    const details = screen.getByTestId('method-details').textContent!;
    for (const text of ['Lumen & Brass Ltd.', 'First Harbor Bank', '021000021', '000123456789']) expect(details).toContain(text);
    expect(api.createStripePaymentIntent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(api.confirmOrderPayment).toHaveBeenCalledWith({ productOrderId: 7, expectedStatusKey: 'readyToPayDeposit', paymentMethod: 'wire', paymentData: { amount: 50000 }, payInFull: false, isGuestMode: false });
    const thanks = await screen.findByTestId('payment-thanks');
    expect(within(thanks).getAllByRole('paragraph').map((p) => p.textContent)).toEqual(THANKS);
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
  });

  it('preselects the method a step awaits and thanks instead of offering the button', () => {
    const order = atDeposit({ statusData: { ...reached('readyToPayDeposit'), readyToPayDeposit: { date: '2026-01-02', awaitingPaymentMethod: 'wire', awaitingAmountInCents: 50000 } } });
    showStatus({ role: 'guest', order });
    expect((screen.getByLabelText('Wire Transfer') as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByTestId('payment-thanks')).getAllByRole('paragraph').map((p) => p.textContent)).toEqual(THANKS);
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(screen.queryByTestId('pay-button')).toBeNull();
  });
});

describe('payment panel: test mode', () => {
  it('gives employees a "Test mode" checkbox, remembered for the session, that pays in the test environment', async () => {
    const { user } = showStatus({ role: 'owner', order: atDeposit() });
    await waitFor(() => expect(api.createStripePaymentIntent).toHaveBeenCalledWith(expect.objectContaining({ paymentEnvironment: 'live' })));
    await user.click(screen.getByLabelText('Test mode'));
    expect(sessionStorage.getItem('cpq.paymentEnvironment')).toBe('test');
    await waitFor(() => expect(api.createStripePaymentIntent).toHaveBeenLastCalledWith(expect.objectContaining({ paymentEnvironment: 'test' })));
    cleanup();
    showStatus({ role: 'member', order: atDeposit() });
    expect((screen.getByLabelText('Test mode') as HTMLInputElement).checked).toBe(true);
  });

  it('is not offered to guests nor to employees in guest mode, who pay live', async () => {
    sessionStorage.setItem('cpq.paymentEnvironment', 'test');
    for (const opts of [{ role: 'guest' }, { guestMode: true }]) {
      showStatus({ ...opts, order: atDeposit() });
      expect(screen.queryByLabelText('Test mode')).toBeNull();
      await waitFor(() => expect(api.createStripePaymentIntent).toHaveBeenLastCalledWith(expect.objectContaining({ paymentEnvironment: 'live' })));
      cleanup();
    }
  });
});
