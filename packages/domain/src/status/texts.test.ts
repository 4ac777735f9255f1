import { describe, expect, it } from 'vitest';
import {
  CANCEL_CONFIRM,
  ORDER_SUBMITTED,
  PAY_DEPOSIT_ONLY,
  PAY_IN_FULL,
  PAYMENT_POLL_MS,
  PENDING_REVIEW,
  PROCESSING_TEXTS,
  REQUEST_STATUS_UPDATE,
  STATUS_UPDATE_REQUESTED,
  SUBMIT_CONFIRM,
  THANK_YOU_TEXTS,
  payButtonLabel,
  submitButtonLabel,
} from './texts.ts';

describe('status and payment texts', () => {
  it('are word for word', () => {
    expect(SUBMIT_CONFIRM('Lumen & Brass')).toBe('Are you sure you want to submit your order? It will be sent to Lumen & Brass for review.');
    expect(CANCEL_CONFIRM).toBe('Are you sure you want cancel your order?\n\nYour order status will be reset to the first step in the process.');
    expect(ORDER_SUBMITTED).toBe('Order Submitted');
    expect(PENDING_REVIEW('Calico')).toBe('Your order has been submitted and is pending review by Calico.');
    expect(REQUEST_STATUS_UPDATE).toBe('Request a status update');
    expect(STATUS_UPDATE_REQUESTED).toBe('Requested a status update successfully');
    expect(PROCESSING_TEXTS).toEqual([
      'Payment processing...',
      'You can safely close this window or navigate to another order.',
      'You will receive a notifcation when payment processing is complete.',
    ]);
    expect(THANK_YOU_TEXTS).toEqual(['THANK YOU FOR CONFIRMING PAYMENT', 'WE WILL UPDATE THE STATUS OF YOUR ORDER WHEN PAYMENT IS RECEIVED']);
    expect([PAY_DEPOSIT_ONLY, PAY_IN_FULL]).toEqual(['Pay deposit amount only', 'Pay in full']);
    expect([submitButtonLabel(0), submitButtonLabel(1)]).toEqual(['Submit', 'Continue to Payment']);
    expect(PAYMENT_POLL_MS).toBe(2000);
  });

  it('the pay button shows dollars with thousands separators and two decimals', () => {
    expect(payButtonLabel(150000)).toBe('PAY $1,500.00 NOW');
    expect(payButtonLabel(5)).toBe('PAY $0.05 NOW');
    expect(payButtonLabel(123456789)).toBe('PAY $1,234,567.89 NOW');
  });
});
