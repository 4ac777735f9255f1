/**
 * What the order page's status and payment views read of an order, and their words. The decisions
 * (which transitions, amounts, checks) are the shared status model's in @cpq/domain.
 */
import { statusDescription, type OrderStatusFacts, type OrderStatusFields, type OrderStatusResponse, type PaymentEnvironment, type ProductOrderStatus, type StatusData } from '@cpq/domain';
import { activeDateSettings } from '@cpq/client';
import { formatDate, type DateSettings } from '@cpq/domain';
import type { Order } from '../editor/writes.ts';

export const FEEDBACK_FOR_CUSTOMER = 'Feedback for Customer';
export const REQUIRES_CHANGES = 'Requires Changes';
export const APPROVE = 'Approve';
export const ACTION_REQUIRED = 'Action Required';
export const CANCEL_ORDER = 'Cancel Order';
export const EDIT_ORDER_DETAILS = 'Edit Order Details';
export const FINAL_PAYMENT_DUE = 'The final payment is due once your order is complete and ready to ship.';
export const CONFIRM_PAYMENT = 'Confirm payment';
/** The label of the order's number beside the wire and cheque details. */
export const PAYMENT_REFERENCE = 'Payment reference';
export const DONT_NOTIFY = "Don't notify the customer";
export const TEST_MODE = 'Test mode';
export const HISTORY = 'History';
export const NO_HISTORY = 'No status changes yet.';
/** An order past its first step whose moves have no events (seeded or imported before they were kept). */
export const HISTORY_NOT_RECORDED = 'Earlier changes to this order were not recorded.';
/** What an employee reads at the review step: the organisation's description there is for the customer. */
export const AWAITING_TEAM_REVIEW = "This order is waiting for your team's review.";
export const FEEDBACK_NEEDED = 'Write the feedback for the customer first.';
export const REOPEN = 'Reopen for changes';
export const REOPEN_REASON = 'Why is this order reopened?';
export const REOPEN_HELP = 'The order goes back to its first step so its items and prices can be changed. What has been paid stays paid; a higher total becomes a balance due. The customer sees this reason.';
export const REOPEN_REASON_NEEDED = 'Write the reason first: it is kept on the order’s history and shown to the customer.';
/** The payment panel for a person whose prices are hidden: amounts never reach them, so they cannot pay. */
export const PAYMENT_BY_OTHERS = (nickname: string) => `Payment for this order is arranged with ${nickname}. Prices are not shown to you, so the order cannot be paid from your account.`;
export const CARD_INCOMPLETE = 'Enter the card number, the expiry date (MM / YY) and the CVC.';

/** The fields every status call answers, taken from an order as read. */
export const STATUS_FIELDS = ['statusData', 'lastCompletedStatusKey', 'amountPaidInCents', 'isProcessingPayment', 'feedbackNotes'] as const;

export function statusFieldsOf(order: Order): Partial<OrderStatusResponse> {
  const out: Record<string, unknown> = {};
  for (const f of STATUS_FIELDS) if (order[f as keyof Order] !== undefined) out[f] = order[f as keyof Order];
  return out as Partial<OrderStatusResponse>;
}

/** The order as the status model reads it. Amounts are the server's stored ones (absent when pricing is hidden: 0). */
export function statusFacts(order: Order): OrderStatusFields & OrderStatusFacts {
  return {
    statusData: (order.statusData ?? {}) as StatusData,
    lastCompletedStatusKey: order.lastCompletedStatusKey ?? null,
    amountPaidInCents: order.amountPaidInCents ?? 0,
    isProcessingPayment: order.isProcessingPayment === 1 ? 1 : 0,
    feedbackNotes: order.feedbackNotes ?? null,
    isStocked: order.isStocked === 1 ? 1 : 0,
    orderTotalInCents: order.costs?.orderTotal ?? 0,
    depositAmountInCents: order.costs?.depositAmount ?? 0,
  };
}

/**
 * Customers wait on the submitted view from submission on, and on the plain (static) steps after it;
 * payment steps show the payment panel instead.
 */
export function showsSubmittedView(statuses: readonly ProductOrderStatus[], current: ProductOrderStatus | null): boolean {
  if (!current) return false;
  if (current.type === 'submittedForApproval') return true;
  if (current.type !== 'static') return false;
  const submittedAt = statuses.findIndex((s) => s.type === 'submittedForApproval');
  const startedAt = statuses.findIndex((s) => s.type === 'orderStarted');
  return statuses.indexOf(current) > Math.max(submittedAt, startedAt);
}

/** "MM / YY" (or MM/YY, MMYY) as the provider takes it; null when it is not a date. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const year = Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** The card as the simulated provider takes it, or null when a field is missing or malformed. */
export function cardInput(number: string, expiry: string, cvc: string) {
  const digits = number.replace(/\s+/g, '');
  const exp = parseExpiry(expiry);
  if (!/^\d{12,19}$/.test(digits) || !exp || !/^\d{3,4}$/.test(cvc.trim())) return null;
  return { number: digits, expMonth: exp.expMonth, expYear: exp.expYear, cvc: cvc.trim() };
}

export const PAYMENT_ENVIRONMENT_KEY = 'cpq.paymentEnvironment';

/** The payment environment this browser session chose (employees' test mode); live unless set. */
export function readPaymentEnvironment(): PaymentEnvironment {
  try {
    return globalThis.sessionStorage?.getItem(PAYMENT_ENVIRONMENT_KEY) === 'test' ? 'test' : 'live';
  } catch {
    return 'live';
  }
}

export function writePaymentEnvironment(env: PaymentEnvironment): void {
  try {
    globalThis.sessionStorage?.setItem(PAYMENT_ENVIRONMENT_KEY, env);
  } catch {
    /* storage unavailable: the choice lasts while the page is open */
  }
}

/**
 * A stored UTC time ('YYYY-MM-DD HH:mm:ss' or ISO) as date and time in the organisation's locale, in
 * its time zone, else the reader's (decision 0089).
 */
export function localDateTime(at: string, settings: DateSettings = activeDateSettings()): string {
  return formatDate(at, { ...settings, style: 'dateTime' });
}

/** The wire / cheque details a payment method carries, in the order people read them. */
const METHOD_PROPS: ReadonlyArray<[string, string]> = [
  ['companyName', 'Company name'],
  ['bank', 'Bank'],
  ['address', 'Address'],
  ['routingNumber', 'Routing number'],
  ['accountNumber', 'Account number'],
];

export function methodDetails(props: Record<string, unknown> | undefined): Array<{ label: string; value: string }> {
  if (!props) return [];
  return METHOD_PROPS.flatMap(([key, label]) => {
    const v = props[key];
    return typeof v === 'string' && v.trim() ? [{ label, value: v }] : typeof v === 'number' ? [{ label, value: String(v) }] : [];
  });
}

/** The card processing fee as a percent: the organisation stores it in tenths of a percent. */
export function upchargePercentText(props: Record<string, unknown> | undefined): string | null {
  const p = props?.upchargePercentage;
  return typeof p === 'number' && Number.isFinite(p) && p > 0 ? `${p / 10}%` : null;
}

export const ACTION_WORDS: Record<string, string> = {
  submit: 'Submitted',
  approve: 'Approved',
  requireChanges: 'Requires changes',
  reopen: 'Reopened for changes',
  cancel: 'Cancelled',
  setStatus: 'Status changed',
  paymentConfirmed: 'Payment method confirmed',
  paymentStarted: 'Card payment started',
  paymentSucceeded: 'Payment received',
  paymentFailed: 'Payment failed',
  refundDue: 'Refund due',
  requestStatusUpdate: 'Status update requested',
};

/**
 * The sentence under the steps, for the reader (decision 0088). At the review step an employee reads
 * that the team is to review it, and a customer nothing here: the submitted box beside it says, word
 * for word, that it is pending review. Other steps: the organisation's description, for everyone.
 */
export function statusLine(current: ProductOrderStatus, isStocked: 0 | 1 | boolean, employee: boolean): string {
  if (current.type === 'submittedForApproval') return employee ? AWAITING_TEAM_REVIEW : '';
  return statusDescription(current, isStocked) ?? '';
}

/** The history's text when it has no events: true at the first step, and past it. */
export function emptyHistoryText(statuses: readonly ProductOrderStatus[], current: ProductOrderStatus | null): string {
  const first = statuses[0];
  return !current || !first || current.key === first.key ? NO_HISTORY : HISTORY_NOT_RECORDED;
}
