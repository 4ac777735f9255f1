import type { OrderStatusFacts, OrderStatusFields, PaymentMethod, ProductOrderStatus, StatusOptions } from './types.ts';

// Copied from the demo organisations (api/src/demo/orgs.ts) so these tests do not depend on the API.
type S = ProductOrderStatus;
const st = (key: string, type: S['type'], title: string, description: string, extra: Partial<S> = {}): S => ({
  key,
  type,
  title,
  description,
  isMilestone: true,
  isVisibleToGuest: 1,
  ...extra,
});
const started = st('orderStarted', 'orderStarted', 'Order Started', 'Add items, choose options and submit when ready.', {
  stockedOrderTitle: 'Cart',
  stockedOrderDescription: 'Add stocked items and continue to payment.',
});
const submitted = (nickname: string) =>
  st('submittedForApproval', 'submittedForApproval', 'Submitted for Approval', `Your order is pending review by ${nickname}.`);

export const STATUSES_850: readonly S[] = [
  started,
  submitted('Lumen & Brass'),
  st('readyToPayDeposit', 'payment', 'Deposit Due', 'A 50% deposit starts production.'),
  st('depositReceived', 'static', 'Deposit Received', 'Thank you — your deposit has been received.', { isMilestone: false }),
  st('inProduction', 'inProduction', 'In Production', 'Your keypads and plates are being machined and engraved.'),
  st('finalPaymentReceived', 'payment', 'Final Payment', 'The balance is due before shipping.'),
  st('shipped', 'shipped', 'Shipped', 'Your order is on its way.'),
  st('delivered', 'delivered', 'Delivered', 'Your order has been delivered.'),
];

export const STATUSES_1798: readonly S[] = [
  started,
  submitted('Calico'),
  st('proofApproved', 'static', 'Proof Approved', 'Your mural proof has been approved.'),
  st('readyToPay', 'payment', 'Ready to Pay', 'Pay in full to start printing.'),
  st('inProduction', 'inProduction', 'Printing', 'Your mural panels are being printed.'),
  st('shipped', 'shipped', 'Shipped', 'Your mural panels are on their way.'),
  st('delivered', 'delivered', 'Delivered', 'Your mural panels have been delivered.'),
];

/** 1053's After-Sale Service step is hidden from guests. */
export const AFTER_SALE_HIDDEN = st('afterSaleService', 'afterSaleService', 'After-Sale Service', 'We are looking into your request.', {
  isMilestone: false,
  isVisibleToGuest: 0,
});

export const NOW = '2024-05-01 10:00:00';
export const EARLIER = '2024-04-01 09:00:00';

export const OPTIONS: StatusOptions = { shippedWithoutFinalPayment: false, guards: [] };
export const SHIPPED_WITHOUT_FINAL: StatusOptions = { shippedWithoutFinalPayment: true, guards: [] };

export type Order = OrderStatusFields & OrderStatusFacts;

/** An 850 order of $1,000.00 with its 50% deposit, reached up to `lastKey` (each step dated EARLIER). */
export function order850(lastKey: string, patch: Partial<Order> = {}, statuses: readonly S[] = STATUSES_850): Order {
  const upTo = statuses.findIndex((s) => s.key === lastKey);
  if (upTo < 0) throw new Error(`no step ${lastKey}`);
  const statusData = Object.fromEntries(statuses.slice(0, upTo + 1).map((s) => [s.key, { date: EARLIER }]));
  return {
    statusData,
    lastCompletedStatusKey: lastKey,
    amountPaidInCents: 0,
    isProcessingPayment: 0,
    feedbackNotes: null,
    isStocked: 0,
    orderTotalInCents: 100000,
    depositAmountInCents: 50000,
    ...patch,
  };
}

export const PAYMENT_METHODS: PaymentMethod[] = [
  { key: 'stripe', title: 'Credit Card', rank: 1, isPreferred: false, props: { upchargePercentage: 30 } },
  { key: 'wire', title: 'Wire Transfer', rank: 2, isPreferred: true, props: { companyName: 'Nordvik Millwork AS' } },
  { key: 'checkByMail', title: 'Check by Mail', rank: 3, isPreferred: false, isEmployeeOnly: true },
];
