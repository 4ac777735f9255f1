import type { OrderStatusType } from '../schemas/org.ts';
import type { OrderStatusFields, ProductOrderStatus, StatusData } from './types.ts';
import { currentStatus } from './steps.ts';

/**
 * What each status allows (docs/decisions/0066-what-each-status-allows.md): one table from the step
 * an order is at and who acts to what may change. The API enforces it inside the transaction that
 * writes (its policy module); the browser reads the same table to show or hide controls.
 */

/** The kinds of change a person can make to an order. */
export type OrderChange =
  /** Add, delete, reorder, rename an item; its notes, drawing, picture. */
  | 'items'
  /** An item's options (its properties). */
  | 'options'
  | 'quantities'
  /** Contact and project details: title, phone, addresses, emails, notes, tracking. */
  | 'orderDetails'
  /** What moves the price besides items: discount, shipping, tax, tariff, pricing date, stocked, category. */
  | 'costs'
  /** Staff moving the order between steps (status dots). */
  | 'status'
  /** Paying (the status machine decides when a payment is due). */
  | 'payment'
  | 'cancel'
  /** Staff reopening an approved or paid order for changes, with a reason. */
  | 'reopen';

export type ChangeActor = 'guest' | 'employee';

const EDIT: readonly OrderChange[] = ['items', 'options', 'quantities'];

/**
 * The table. A customer edits freely until the order is submitted; then items and prices are locked
 * for them until it is sent back for changes. Once approved (any later step, payments included)
 * items and prices are locked for everyone: staff reopen it, with a reason, to change them.
 */
export const ORDER_CHANGES: Readonly<Record<OrderStatusType, Readonly<Record<ChangeActor, readonly OrderChange[]>>>> = {
  orderStarted: {
    guest: [...EDIT, 'orderDetails'],
    employee: [...EDIT, 'orderDetails', 'costs', 'status'],
  },
  submittedForApproval: {
    guest: ['orderDetails', 'cancel'],
    employee: [...EDIT, 'orderDetails', 'costs', 'status', 'cancel'],
  },
  payment: {
    guest: ['orderDetails', 'payment', 'cancel'],
    employee: ['orderDetails', 'status', 'payment', 'cancel', 'reopen'],
  },
  static: { guest: [], employee: ['orderDetails', 'status', 'cancel', 'reopen'] },
  inProduction: { guest: [], employee: ['orderDetails', 'status', 'cancel', 'reopen'] },
  shipped: { guest: ['payment'], employee: ['orderDetails', 'status', 'payment', 'reopen'] },
  delivered: { guest: ['payment'], employee: ['orderDetails', 'status', 'payment', 'reopen'] },
  afterSaleService: { guest: ['payment'], employee: ['orderDetails', 'status', 'payment', 'reopen'] },
};

/** Changes that move the price: never while a payment is processing. */
const PRICE_CHANGES: ReadonlySet<OrderChange> = new Set(['items', 'options', 'quantities', 'costs', 'cancel', 'reopen']);

type LockState = Pick<OrderStatusFields, 'statusData' | 'isProcessingPayment'>;

/** The step type whose row of the table applies: an order at no known step (none set up, an old key) is still open. */
export function lockStepType(statuses: readonly ProductOrderStatus[], statusData: StatusData): OrderStatusType {
  return currentStatus(statuses, statusData)?.type ?? 'orderStarted';
}

/** Whether the actor may make this kind of change now. */
export function mayChangeOrder(statuses: readonly ProductOrderStatus[], order: LockState, actor: ChangeActor, change: OrderChange): boolean {
  return changeRefusal(statuses, order, actor, change) === null;
}

/** Every kind of change the actor may make now (for the browser to show its controls). */
export function allowedChanges(statuses: readonly ProductOrderStatus[], order: LockState, actor: ChangeActor): OrderChange[] {
  const all: OrderChange[] = ['items', 'options', 'quantities', 'orderDetails', 'costs', 'status', 'payment', 'cancel', 'reopen'];
  return all.filter((c) => mayChangeOrder(statuses, order, actor, c));
}

/** The sentences a locked change answers with, written for the person who tried. */
export const LOCK_REFUSALS = {
  processing: 'A payment is processing for this order, so it cannot be changed until the payment is finished.',
  submittedGuest: 'This order has been submitted for review, so its items and prices can no longer be changed. If something needs to change, ask for the order to be sent back for changes.',
  approvedGuest: 'This order has been approved, so its items and prices are locked. If something needs to change, contact us: staff can reopen the order for changes.',
  approvedEmployee: 'This order has been approved, so its items and prices are locked. Reopen it for changes first (the reason is kept on its history).',
  detailsGuest: 'This order is past payment, so its details can only be changed by staff.',
  costsGuest: 'Only staff can change the costs of an order.',
  statusGuest: "Only the organisation's staff can change an order's status.",
  notPaying: 'This order is not waiting for a payment.',
  cancelGuest: 'This order can no longer be cancelled from here: it is already being prepared. Please contact us.',
  cancelNotYet: 'This order has not been submitted yet, so there is nothing to cancel.',
  reopenGuest: "Only the organisation's staff can reopen an order for changes.",
  reopenNotLocked: 'This order is not locked: it can be changed without reopening it.',
} as const;

/** Why the actor may not make this change now; null when they may. */
export function changeRefusal(statuses: readonly ProductOrderStatus[], order: LockState, actor: ChangeActor, change: OrderChange): string | null {
  if (order.isProcessingPayment === 1 && PRICE_CHANGES.has(change)) return LOCK_REFUSALS.processing;
  const type = lockStepType(statuses, order.statusData);
  if (ORDER_CHANGES[type][actor].includes(change)) return null;
  const employee = actor === 'employee';
  switch (change) {
    case 'items':
    case 'options':
    case 'quantities':
      if (!employee && type === 'submittedForApproval') return LOCK_REFUSALS.submittedGuest;
      return employee ? LOCK_REFUSALS.approvedEmployee : LOCK_REFUSALS.approvedGuest;
    case 'costs':
      return employee ? LOCK_REFUSALS.approvedEmployee : LOCK_REFUSALS.costsGuest;
    case 'orderDetails':
      return LOCK_REFUSALS.detailsGuest;
    case 'status':
      return LOCK_REFUSALS.statusGuest;
    case 'payment':
      return LOCK_REFUSALS.notPaying;
    case 'cancel':
      return type === 'orderStarted' ? LOCK_REFUSALS.cancelNotYet : LOCK_REFUSALS.cancelGuest;
    case 'reopen':
      return employee ? LOCK_REFUSALS.reopenNotLocked : LOCK_REFUSALS.reopenGuest;
  }
}

/**
 * Whether the order's stored prices follow the catalogue: an open quote (at its first step, or sent
 * back for changes, or reopened) is repriced when a pricing version takes effect or the catalogue
 * changes; a submitted, approved or paid order keeps the prices it was submitted with.
 */
export function pricesFollowCatalogue(statuses: readonly ProductOrderStatus[], statusData: StatusData): boolean {
  return lockStepType(statuses, statusData) === 'orderStarted';
}

/** The order fields of each kind of change (fields not named here, like archived, are bookkeeping anyone who reaches the order may set). */
export const ORDER_FIELD_CHANGES: Readonly<Record<string, OrderChange>> = {
  title: 'orderDetails',
  phone: 'orderDetails',
  email: 'orderDetails',
  clientEmails: 'orderDetails',
  deliveryAddress: 'orderDetails',
  billingAddress: 'orderDetails',
  contactName: 'orderDetails',
  projectName: 'orderDetails',
  firmName: 'orderDetails',
  purchaseOrderNumber: 'orderDetails',
  estimateNumber: 'orderDetails',
  externalLink1: 'orderDetails',
  trackingNumber: 'orderDetails',
  estimatedShippingDate: 'orderDetails',
  primaryNote: 'orderDetails',
  secondaryNote: 'orderDetails',
  type: 'costs',
  productId: 'costs',
  productCategoryId: 'costs',
  isStocked: 'costs',
  disableSalesTax: 'costs',
  effectivePricingDate: 'costs',
  shippingMode: 'costs',
  shippingPercentage: 'costs',
  shippingFlatAmount: 'costs',
  discountMode: 'costs',
  discountPercentage: 'costs',
  discountFlatAmount: 'costs',
  taxPercentage: 'costs',
  tariffPercentage: 'costs',
  commandData: 'costs',
};

/** The kinds of change an order update makes, from the fields it sends. */
export function orderUpdateChanges(fields: Iterable<string>): OrderChange[] {
  const kinds = new Set<OrderChange>();
  for (const f of fields) {
    const kind = ORDER_FIELD_CHANGES[f];
    if (kind) kinds.add(kind);
  }
  return [...kinds];
}

/** The kinds of change an item update makes: options, quantity, or the item itself. */
export function itemUpdateChanges(fields: Iterable<string>): OrderChange[] {
  const kinds = new Set<OrderChange>();
  for (const f of fields) {
    if (f === 'properties') kinds.add('options');
    else if (f === 'quantity') kinds.add('quantities');
    else if (f !== 'productOrderId' && f !== 'orgId') kinds.add('items');
  }
  return [...kinds];
}
