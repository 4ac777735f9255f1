export type * from './types.ts';
export {
  currentStatus,
  lastCompletedKey,
  newStatusData,
  visibleStatuses,
  isDotLit,
  isDotLarge,
  statusTitle,
  statusDescription,
} from './steps.ts';
export {
  CARD_UPCHARGE_THRESHOLD_CENTS,
  amountChoices,
  amountDue,
  balanceDue,
  cardUpcharge,
  depositPaid,
  isShippedWithoutFinalPayment,
  paymentStepKey,
} from './amounts.ts';
export { STATUS_REFUSALS, STATUS_EVENT_TYPES } from './rules.ts';
export { decideStatus, allowedEvents, orderStatusMachine } from './machine.ts';
export type { OrderStatusMachine } from './machine.ts';
export { paymentMethodChoices, manualPaymentMessage, MANUAL_PAYMENT_DEFAULT, CARD_PROVIDERS, paymentMethodTitle } from './paymentMethods.ts';
export { submitProblem, submitDetailMissing, paymentBlock, SUBMIT_PROBLEMS, PAYMENT_CONTACT_EMAIL_REQUIRED } from './checks.ts';
export type { DeliveryAddressParts, SubmitProblem, SubmitProblemField } from './checks.ts';
export * from './texts.ts';
export {
  CONFIRMATION_LOST,
  LIVE_PAYMENT_STATES,
  PAYMENT_FAILED,
  PAYMENT_REFUSALS,
  PAYMENT_STATES,
  PROCESSING_PAYMENT_STATES,
  SUPERSEDABLE_PAYMENT_STATES,
  UNANSWERED_CONFIRMATION_MS,
  decidePayment,
  isLivePayment,
  manualConfirmationRepeats,
  paymentEventOf,
  paymentMachine,
  settlePayment,
} from './paymentMachine.ts';
export type { PaymentDecision, PaymentEvent, PaymentFacts, PaymentOrderFacts, PaymentSettlement, PaymentState } from './paymentMachine.ts';
export {
  ORDER_CHANGES,
  ORDER_FIELD_CHANGES,
  LOCK_REFUSALS,
  allowedChanges,
  changeRefusal,
  itemUpdateChanges,
  lockStepType,
  mayChangeOrder,
  orderUpdateChanges,
  pricesFollowCatalogue,
} from './locks.ts';
export type { ChangeActor, OrderChange } from './locks.ts';
