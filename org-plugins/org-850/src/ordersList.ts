import type { OrdersColumnKey, OrdersListRules } from '@cpq/plugin-sdk';

/** Data gathered for the Advanced view: the option titles an order's items chose for these properties. */
const advancedData = [
  { key: 'plateFinishes', title: 'Plate Finish', propertyId: 12 },
  { key: 'mechanismFinishes', title: 'Mechanism Finish', propertyId: 7 },
  { key: 'engravingTypes', title: 'Engraving Type', propertyId: 26 },
] as const;

const advancedDataColumns = advancedData.map((d): OrdersColumnKey => `advanced:${d.key}`);

/**
 * 850's orders list: employees get status counts, the SUB / CDR / FPR / PP shortcuts, CSV export and
 * an Advanced view with command data, shipping facts and the finishes and engraving types used.
 */
export const ordersList: OrdersListRules = {
  basicColumns: ['orderNumber', 'title', 'product', 'category', 'status', 'items', 'subtotal', 'shipping', 'total', 'created', 'lastUpdated', 'owner'],
  advancedColumns: [
    'orderNumber',
    'title',
    'product',
    'category',
    'status',
    'items',
    'subtotal',
    'shipping',
    'deposit',
    'total',
    'amountPaid',
    'commandNumber',
    'commandTotal',
    'estimatedShippingDate',
    'trackingNumber',
    ...advancedDataColumns,
    'created',
    'lastUpdated',
    'owner',
  ],
  // Shipping facts and command data are employee-only at 850, like the order owner.
  guestHiddenColumns: ['owner', 'estimatedShippingDate', 'trackingNumber', 'commandNumber', 'commandTotal'],
  advancedData,
  employeeTools: {
    statusCounts: true,
    shortcuts: [
      { label: 'SUB', statusKey: 'submittedForApproval' },
      { label: 'CDR', statusKey: 'readyToPayDeposit' },
      { label: 'FPR', statusKey: 'finalPaymentReceived' },
      { label: 'PP', processingPayment: true },
    ],
    advancedView: true,
    csvExport: true,
  },
};
