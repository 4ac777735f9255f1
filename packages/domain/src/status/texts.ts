/** Texts of the status header and the payment panel, word for word. */

export const SUBMIT_CONFIRM = (orgTitle: string): string =>
  `Are you sure you want to submit your order? It will be sent to ${orgTitle} for review.`;
export const CANCEL_CONFIRM = 'Are you sure you want cancel your order?\n\nYour order status will be reset to the first step in the process.';
export const ORDER_SUBMITTED = 'Order Submitted';
export const PENDING_REVIEW = (nickname: string): string => `Your order has been submitted and is pending review by ${nickname}.`;
export const REQUEST_STATUS_UPDATE = 'Request a status update';
export const STATUS_UPDATE_REQUESTED = 'Requested a status update successfully';
/** 'notifcation' is spelt as the product has always shown it. */
export const PROCESSING_TEXTS = [
  'Payment processing...',
  'You can safely close this window or navigate to another order.',
  'You will receive a notifcation when payment processing is complete.',
] as const;
export const THANK_YOU_TEXTS = ['THANK YOU FOR CONFIRMING PAYMENT', 'WE WILL UPDATE THE STATUS OF YOUR ORDER WHEN PAYMENT IS RECEIVED'] as const;
export const PAY_DEPOSIT_ONLY = 'Pay deposit amount only';
export const PAY_IN_FULL = 'Pay in full';
/** Stocked orders skip the review, so their button says where it leads. */
export const submitButtonLabel = (isStocked: 0 | 1 | boolean): string => (isStocked ? 'Continue to Payment' : 'Submit');
export const PAYMENT_POLL_MS = 2000;

const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const payButtonLabel = (amountInCents: number): string => `PAY $${DOLLARS.format(amountInCents / 100)} NOW`;
