import type { OrdersListRow, ProductOrderStatus } from '@cpq/domain';

/** Statuses shaped like organisation 850's (one hidden from guests, for the visibility rules). */
export const STATUSES: ProductOrderStatus[] = [
  { key: 'orderStarted', type: 'orderStarted', title: 'Order Started', stockedOrderTitle: 'Cart', isVisibleToGuest: 1 },
  { key: 'submittedForApproval', type: 'submittedForApproval', title: 'Submitted for Approval', isVisibleToGuest: 1 },
  { key: 'readyToPayDeposit', type: 'payment', title: 'Deposit Due', isVisibleToGuest: 1 },
  { key: 'depositReceived', type: 'static', title: 'Deposit Received', isVisibleToGuest: 0 },
  { key: 'inProduction', type: 'inProduction', title: 'In Production', isVisibleToGuest: 1 },
];

/** A list row with plain values; tests override what they look at. */
export function row(over: Partial<OrdersListRow> = {}): OrdersListRow {
  return {
    id: 7,
    orgSpecificId: 12,
    orgId: 850,
    userId: 1,
    title: 'Harbour View Residence',
    type: 'standalone',
    productId: 98,
    productCategoryId: 1,
    archived: 0,
    isStocked: 0,
    isProcessingPayment: 0,
    statusData: { orderStarted: { date: '2026-03-01 10:00:00' }, submittedForApproval: { date: '2026-03-02 10:00:00' } },
    lastCompletedStatusKey: 'submittedForApproval',
    projectName: 'Harbour View',
    firmName: 'Whitcombe Interiors',
    contactName: 'Eleanor',
    purchaseOrderNumber: 'PO-5521',
    externalLink1: 'https://example.my.salesforce.com/006A',
    estimatedShippingDate: '2026-04-15',
    trackingNumber: '1Z999',
    created: '2026-03-01 10:00:00',
    lastUpdated: '2026-03-07 12:00:00',
    productTitle: 'Keypad',
    productCategoryTitle: 'Keypads',
    ownerFirstName: 'Eleanor',
    ownerLastName: 'Whitcombe',
    productInstancesCount: 3,
    costs: { orderSubTotal: 123450, discount: 0, shipping: 2500, shippingIsTbd: false, tax: 0, tariff: 0, orderTotal: 125950, depositAmount: 62975, depositPercentage: 50 },
    amountPaidInCents: 62975,
    commandData: { number: 'CMD-9', date: '2026-03-05', totalInCents: 99900 },
    advanced: { plateFinishes: ['Satin Brass', 'Black'] },
    quoteRevision: 1,
    acceptedRevision: null,
    quoteAccepted: false,
    ...over,
  };
}
