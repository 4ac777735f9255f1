import type { OrgDesignEngineSettings, PaymentMethod, ProductOrderStatus } from '../schemas/org.ts';

/**
 * The order status and payment model shared by the API (which decides) and the browser (which shows
 * what is possible). See docs/decisions/0041-order-status-model.md.
 */

/** statusData: one entry per step the order has reached, keyed by the step's key. */
export type StatusEntry = {
  /** UTC 'YYYY-MM-DD HH:mm:ss' when the step was reached. */
  date: string;
  /** Set on steps passed over when an employee moved the order further at once. */
  skipped?: boolean;
  /** Set on the submittedForApproval step of a stocked order (no review). */
  autoApproved?: boolean;
  /** Payment steps: the amount paid at this step, once paid. */
  paymentAmountInCents?: number;
  /** Payment steps: how it was paid ('stripe', 'wire', 'checkByMail'). */
  paymentMethod?: string;
  paidDate?: string;
  /** Payment steps: the customer chose a manual method; its amount is awaited. */
  awaitingPaymentMethod?: string;
  awaitingAmountInCents?: number;
  /** Payment steps: the provider's message of the last failed card payment. */
  lastPaymentError?: string;
  [field: string]: unknown;
};
export type StatusData = Record<string, StatusEntry>;

/** The status fields of an order, always changed together. */
export interface OrderStatusFields {
  statusData: StatusData;
  lastCompletedStatusKey: string | null;
  amountPaidInCents: number;
  isProcessingPayment: 0 | 1;
  feedbackNotes: string | null;
}

/** What the machine reads of an order besides its status fields. */
export interface OrderStatusFacts {
  isStocked: 0 | 1;
  orderTotalInCents: number;
  depositAmountInCents: number;
}

/** Who acts: an employee (owner or member, not in guest mode), a guest (guest mode included), the payment provider. */
export type StatusActor = 'employee' | 'guest' | 'provider';

export type StatusEvent =
  | { type: 'submit' }
  | { type: 'approve' }
  | { type: 'requireChanges'; feedbackNotes: string }
  /** Staff take an approved or paid order back to its first step to change it; the reason is kept. */
  | { type: 'reopen'; reason: string }
  | { type: 'cancel' }
  | { type: 'setStatus'; statusKey: string }
  | { type: 'confirmManualPayment'; method: 'wire' | 'checkByMail'; amountInCents: number; payInFull: boolean }
  | { type: 'paymentStarted'; amountInCents: number; payInFull: boolean }
  | { type: 'paymentFailed'; message: string }
  /**
   * The provider took money. amountInCents is what the order owed of it (0: all of it is a refund
   * due); keepsProcessing when another payment of the order is still processing.
   */
  | { type: 'paymentSucceeded'; amountInCents: number; method: string; keepsProcessing?: boolean };

/** What an organisation's plugin adds (through the plugin SDK's orderStatus point). */
export interface StatusGuardContext {
  event: StatusEvent;
  actor: StatusActor;
  order: OrderStatusFields & OrderStatusFacts;
  statuses: readonly ProductOrderStatus[];
  /** The step the order would move to (null when the event does not move it). */
  toStatusKey: string | null;
}
/** Answers a sentence to refuse the transition, or null to allow it. */
export type StatusGuard = (ctx: StatusGuardContext) => string | null;

export interface StatusOptions {
  /** The organisation lets a shipped order go without its final payment (the panel then asks for the balance). */
  shippedWithoutFinalPayment: boolean;
  guards: readonly StatusGuard[];
}

export interface StatusNow {
  /** UTC 'YYYY-MM-DD HH:mm:ss' written into new entries. */
  now: string;
}

export type StatusDecision =
  | { ok: true; next: OrderStatusFields; fromStatusKey: string | null; toStatusKey: string | null }
  | { ok: false; message: string };

export type PaymentSettings = Pick<OrgDesignEngineSettings, 'paymentMethods' | 'manualPaymentMessage'>;
export type { PaymentMethod, ProductOrderStatus };
