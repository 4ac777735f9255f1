import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';
import { Address } from './productOrder.ts';

/**
 * Bodies and answers of the order status and payment calls. The server decides every transition
 * with the status machine (packages/domain/src/status); a refused one answers 409 with a sentence.
 */

const OrderRef = { productOrderId: Id };
/**
 * The step the person saw when they acted (lastCompletedStatusKey). When it is not the order's step
 * any more, the call is refused (409): two people acting on the same view, one wins.
 */
const Seen = { expectedStatusKey: Type.Optional(Nullable(Type.String({ maxLength: 64 }))) };
const closed = { additionalProperties: false } as const;

/** POST /api/configurator/submit-order. isGuestMode: an employee acting as a guest (only ever narrows what they may do). */
export const SubmitOrderBody = Type.Object({ ...OrderRef, ...Seen, userId: Type.Optional(Id), isGuestMode: Type.Optional(Type.Boolean()) }, closed);
export type SubmitOrderBody = Static<typeof SubmitOrderBody>;

/** POST /api/configurator/approve-order (owners and members). */
export const ApproveOrderBody = Type.Object({ ...OrderRef, ...Seen, userId: Type.Optional(Id) }, closed);
export type ApproveOrderBody = Static<typeof ApproveOrderBody>;

/** POST /api/configurator/product-order/action-required: "Requires Changes" with the feedback for the customer. */
export const ActionRequiredBody = Type.Object({ ...OrderRef, ...Seen, feedbackNotes: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }) }, closed);
export type ActionRequiredBody = Static<typeof ActionRequiredBody>;

/** POST /api/configurator/product-order/reopen (owners and members): an approved or paid order back to its first step for changes, with the reason. */
export const ReopenOrderBody = Type.Object({ ...OrderRef, ...Seen, reason: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }) }, closed);
export type ReopenOrderBody = Static<typeof ReopenOrderBody>;

/** POST /api/configurator/product-order/cancel. */
export const CancelOrderBody = Type.Object({ ...OrderRef, ...Seen }, closed);
export type CancelOrderBody = Static<typeof CancelOrderBody>;

/** POST /api/configurator/update-order-status (employees: a status dot). */
export const UpdateOrderStatusBody = Type.Object(
  { ...OrderRef, ...Seen, orgId: Type.Optional(Id), userId: Type.Optional(Id), statusKey: Type.String({ minLength: 1, maxLength: 64 }), skipNotifyingGuest: Type.Optional(Type.Boolean()) },
  closed,
);
export type UpdateOrderStatusBody = Static<typeof UpdateOrderStatusBody>;

/** POST /api/configurator/request-status-update: mails the organisation. */
export const RequestStatusUpdateBody = Type.Object(OrderRef, closed);
export type RequestStatusUpdateBody = Static<typeof RequestStatusUpdateBody>;

export const PaymentMethodKeyValue = Type.Union([Type.Literal('stripe'), Type.Literal('wire'), Type.Literal('checkByMail')]);
export type PaymentMethodKeyValue = Static<typeof PaymentMethodKeyValue>;
/** live, or test (employees only: the test-mode card checkbox). */
export const PaymentEnvironment = Type.Union([Type.Literal('live'), Type.Literal('test')]);
export type PaymentEnvironment = Static<typeof PaymentEnvironment>;

/** A card as the simulated provider takes it (test cards decide the outcome). Never stored. */
export const SimulatedCard = Type.Object(
  {
    number: Type.String({ pattern: '^[0-9 ]{12,23}$' }),
    expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    expYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
    cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
  },
  closed,
);
export type SimulatedCard = Static<typeof SimulatedCard>;

/**
 * POST /api/configurator/confirm-order-payment. Wire and check by mail: the customer says how they
 * will pay (the order then awaits that payment). Card: confirms the order's payment intent with the
 * provider; the order is paid only when the provider says the intent succeeded.
 * paymentData.amount is the amount the person was shown: refused when it is not the server's.
 */
export const ConfirmOrderPaymentBody = Type.Object(
  {
    ...OrderRef,
    ...Seen,
    paymentMethod: PaymentMethodKeyValue,
    paymentData: Type.Object(
      {
        amount: Type.Integer({ minimum: 0 }),
        paymentIntentId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
        card: Type.Optional(SimulatedCard),
        /** A provider payment-method id (pm_…) where the provider's own card form made one. */
        paymentMethodId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
      },
      closed,
    ),
    isGuestMode: Type.Optional(Type.Boolean()),
    payInFull: Type.Optional(Type.Boolean()),
    paymentEnvironment: Type.Optional(PaymentEnvironment),
  },
  closed,
);
export type ConfirmOrderPaymentBody = Static<typeof ConfirmOrderPaymentBody>;

const IntentFlags = {
  isCardPayment: Type.Boolean(),
  paymentEnvironment: PaymentEnvironment,
  payInFull: Type.Boolean(),
  shippedWithoutFinalPayment: Type.Optional(Type.Boolean()),
  isGuestMode: Type.Optional(Type.Boolean()),
};

/** POST /api/configurator/create-stripe-payment-intent: the amount is the server's (deposit or balance, card upcharge). */
export const CreatePaymentIntentBody = Type.Object({ ...OrderRef, ...IntentFlags }, closed);
export type CreatePaymentIntentBody = Static<typeof CreatePaymentIntentBody>;

export const CreatePaymentIntentResponse = Type.Object({
  paymentIntentId: Type.String(),
  stripePaymentIntentClientSecret: Type.String(),
  amountInCents: Type.Integer(),
  upchargeInCents: Type.Integer(),
});
export type CreatePaymentIntentResponse = Static<typeof CreatePaymentIntentResponse>;

/** POST /api/configurator/get-stripe-payment-intent. */
export const GetPaymentIntentBody = Type.Object({ paymentIntentId: Type.String({ minLength: 1, maxLength: 255 }), paymentEnvironment: PaymentEnvironment }, closed);
export type GetPaymentIntentBody = Static<typeof GetPaymentIntentBody>;

export const PaymentIntentStatus = Type.Union([
  Type.Literal('requires_payment_method'),
  Type.Literal('requires_confirmation'),
  Type.Literal('requires_action'),
  Type.Literal('processing'),
  Type.Literal('succeeded'),
  Type.Literal('canceled'),
  Type.Literal('failed'),
]);
export type PaymentIntentStatus = Static<typeof PaymentIntentStatus>;

export const PaymentIntentView = Type.Object({
  id: Type.String(),
  status: PaymentIntentStatus,
  amount: Type.Integer(),
  lastPaymentError: Nullable(Type.String()),
});
export type PaymentIntentView = Static<typeof PaymentIntentView>;

/** POST /api/configurator/update-stripe-payment-intent: after a method change (card upcharge on or off). */
export const UpdatePaymentIntentBody = Type.Object(
  { ...OrderRef, ...IntentFlags, paymentIntentId: Type.String({ minLength: 1, maxLength: 255 }), paymentAmount: Type.Optional(Type.Integer({ minimum: 0 })) },
  closed,
);
export type UpdatePaymentIntentBody = Static<typeof UpdatePaymentIntentBody>;

/** POST /api/configurator/get-tax-rate: the base sales-tax rate (percent) of a delivery address. */
export const GetTaxRateBody = Type.Object({ orgId: Id, deliveryAddress: Address }, closed);
export type GetTaxRateBody = Static<typeof GetTaxRateBody>;
export const TaxRateResponse = Type.Object({
  /** Percent, e.g. 7.25; null when the lookup is skipped or the state is unknown. */
  taxRate: Nullable(Type.Number()),
  /** Why there is no rate: the organisation skips this state, or the address has no known state. */
  skippedReason: Nullable(Type.Union([Type.Literal('organisationSkipsState'), Type.Literal('unknownState')])),
});
export type TaxRateResponse = Static<typeof TaxRateResponse>;

/** What every status and payment call answers: the order's status fields, always consistent. */
export const OrderStatusResponse = Type.Object({
  statusData: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  lastCompletedStatusKey: Nullable(Type.String()),
  /** Absent when pricing is hidden from the caller. */
  amountPaidInCents: Type.Optional(Type.Integer()),
  isProcessingPayment: Type.Union([Type.Literal(0), Type.Literal(1)]),
  feedbackNotes: Nullable(Type.String()),
});
export type OrderStatusResponse = Static<typeof OrderStatusResponse>;

/** POST /api/configurator/request-status-update: the organisation was mailed; a sentence to show. */
export const RequestStatusUpdateResponse = Type.Object({ message: Type.String() }, { additionalProperties: false });
export type RequestStatusUpdateResponse = Static<typeof RequestStatusUpdateResponse>;

/** POST /api/configurator/get-stripe-payment-intent: the intent as the provider now sees it, and the order's status after its outcome was applied. */
export const GetPaymentIntentResponse = Type.Object({ paymentIntent: PaymentIntentView, order: OrderStatusResponse }, { additionalProperties: false });
export type GetPaymentIntentResponse = Static<typeof GetPaymentIntentResponse>;

/**
 * POST /api/webhooks/payments answers this as it is (not under `data`): the event was received;
 * `duplicate` when it had been processed already (nothing done again).
 */
export const PaymentWebhookResponse = Type.Object({ received: Type.Literal(true), duplicate: Type.Optional(Type.Literal(true)) }, { additionalProperties: false });
export type PaymentWebhookResponse = Static<typeof PaymentWebhookResponse>;

/** POST /api/configurator/get-order-status-events: the order's timeline (employees). */
export const OrderStatusEventsBody = Type.Object(OrderRef, closed);
export type OrderStatusEventsBody = Static<typeof OrderStatusEventsBody>;

export const OrderStatusEventAction = Type.Union([
  Type.Literal('submit'),
  Type.Literal('approve'),
  Type.Literal('requireChanges'),
  Type.Literal('reopen'),
  Type.Literal('cancel'),
  Type.Literal('setStatus'),
  Type.Literal('paymentConfirmed'),
  Type.Literal('paymentStarted'),
  Type.Literal('paymentSucceeded'),
  Type.Literal('paymentFailed'),
  /** The provider took money the order did not owe: an employee refunds it. */
  Type.Literal('refundDue'),
  Type.Literal('requestStatusUpdate'),
  /** An employee started a new revision from an earlier one (decision 0122). */
  Type.Literal('restoreRevision'),
  /** An approved quote changed (a detail or cost), frozen as a new revision. */
  Type.Literal('amendRevision'),
  /** The customer accepted a revision's quote online. */
  Type.Literal('acceptQuote'),
]);
export type OrderStatusEventAction = Static<typeof OrderStatusEventAction>;

export const OrderStatusEvent = Type.Object({
  id: Id,
  at: Type.String(),
  action: OrderStatusEventAction,
  /** Who did it; null for the payment provider (webhook, reconciliation). */
  userId: Nullable(Id),
  userName: Nullable(Type.String()),
  fromStatusKey: Nullable(Type.String()),
  toStatusKey: Nullable(Type.String()),
  amountInCents: Nullable(Type.Integer()),
  paymentMethod: Nullable(Type.String()),
  note: Nullable(Type.String()),
  /** The quote revision this event froze or accepted. */
  revisionNumber: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  /** What changed in that revision since the one before, in words (amounts only for a reader who sees prices). */
  changes: Type.Optional(Type.Array(Type.String())),
});
export type OrderStatusEvent = Static<typeof OrderStatusEvent>;
export const OrderStatusEventsResponse = Type.Array(OrderStatusEvent);
export type OrderStatusEventsResponse = Static<typeof OrderStatusEventsResponse>;
