import type { OrderStatusFacts, OrderStatusFields, PaymentMethod, ProductOrderStatus, StatusOptions } from './types.ts';
import { currentStatus, stepIndex } from './steps.ts';

type Money = Pick<OrderStatusFields, 'amountPaidInCents'> & OrderStatusFacts;
type Placed = Money & Pick<OrderStatusFields, 'statusData'>;
type ShippedOption = Pick<StatusOptions, 'shippedWithoutFinalPayment'>;

/** Card payments above this amount carry the card upcharge. */
export const CARD_UPCHARGE_THRESHOLD_CENTS = 300000;

/** The deposit counts as paid once the amount paid reaches it. */
export function depositPaid(order: Pick<Money, 'depositAmountInCents' | 'amountPaidInCents'>): boolean {
  return order.depositAmountInCents > 0 && order.amountPaidInCents >= order.depositAmountInCents;
}

export function balanceDue(order: Pick<Money, 'orderTotalInCents' | 'amountPaidInCents'>): number {
  return Math.max(0, order.orderTotalInCents - order.amountPaidInCents);
}

/**
 * What the customer may pay at a payment step: the rest of the deposit, while a deposit smaller than
 * the total is still unpaid (stocked orders pay everything at once), and the balance.
 */
export function amountChoices(order: Money): { deposit: number | null; full: number } {
  const full = balanceDue(order);
  const offersDeposit =
    order.depositAmountInCents > 0 &&
    order.depositAmountInCents < order.orderTotalInCents &&
    !depositPaid(order) &&
    !order.isStocked;
  return { deposit: offersDeposit ? order.depositAmountInCents - order.amountPaidInCents : null, full };
}

/**
 * The card upcharge on an amount (before upcharge). upchargePercentage is in tenths of a percent
 * (30 is 3%); a missing or unusable figure means no upcharge.
 */
export function cardUpcharge(amountInCents: number, stripeMethod?: PaymentMethod): number {
  const rate = stripeMethod?.props?.['upchargePercentage'];
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) return 0;
  if (!Number.isFinite(amountInCents) || amountInCents <= CARD_UPCHARGE_THRESHOLD_CENTS) return 0;
  return Math.round((amountInCents * rate) / 1000);
}

/** Step types at or after shipping. */
export const AFTER_SHIPPING: ReadonlySet<string> = new Set(['shipped', 'delivered', 'afterSaleService']);

/** The organisation lets this order ship before its balance was paid, and a balance remains. */
export function isShippedWithoutFinalPayment(
  statuses: readonly ProductOrderStatus[],
  options: ShippedOption,
  order: Pick<Placed, 'statusData' | 'orderTotalInCents' | 'amountPaidInCents'>,
): boolean {
  if (!options.shippedWithoutFinalPayment) return false;
  const current = currentStatus(statuses, order.statusData);
  return current !== null && AFTER_SHIPPING.has(current.type) && balanceDue(order) > 0;
}

/**
 * The payment step a payment would be recorded on, by the order's position alone: the current step
 * when it is a payment step; for an order shipped without final payment, the last payment step it
 * passed (a later one would move the order, which such a payment must not do).
 */
export function paymentStepByPosition(statuses: readonly ProductOrderStatus[], options: ShippedOption, order: Placed): string | null {
  const current = currentStatus(statuses, order.statusData);
  if (!current) return null;
  if (current.type === 'payment') return current.key;
  if (!isShippedWithoutFinalPayment(statuses, options, order)) return null;
  const before = statuses.slice(0, stepIndex(statuses, current.key));
  for (let i = before.length - 1; i >= 0; i--) if (before[i]!.type === 'payment') return before[i]!.key;
  return null;
}

/** The step a payment made now is recorded on; null when no payment can be made now. */
export function paymentStepKey(statuses: readonly ProductOrderStatus[], options: ShippedOption, order: Placed): string | null {
  if (balanceDue(order) === 0) return null;
  return paymentStepByPosition(statuses, options, order);
}

/**
 * The amount a payment made now must be (before any card upcharge): the balance when paying in full
 * or when the order shipped without final payment, otherwise the rest of the deposit when one is offered.
 */
export function amountDue(statuses: readonly ProductOrderStatus[], options: ShippedOption, order: Placed, payInFull: boolean): number {
  const { deposit, full } = amountChoices(order);
  if (payInFull || deposit === null || isShippedWithoutFinalPayment(statuses, options, order)) return full;
  return deposit;
}
