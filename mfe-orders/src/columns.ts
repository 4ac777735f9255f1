import type { DetailLevel, OrdersListRow, ProductOrderStatus } from '@cpq/domain';
import type { OrdersColumnKey, OrdersListRules, Wording } from '@cpq/plugin-sdk';
import { capitalize, formatDate, formatDollars, formatEuros, formatShipping, personName } from './format.ts';
import { statusCell } from './status.ts';

/** Columns that show money: not rendered at all when the response says pricing is hidden. */
export const PRICE_COLUMNS: readonly OrdersColumnKey[] = ['subtotal', 'shipping', 'deposit', 'total', 'amountPaid', 'commandTotal'];

const ADVANCED_PREFIX = 'advanced:';

export function isAdvancedColumn(key: OrdersColumnKey): key is `advanced:${string}` {
  return key.startsWith(ADVANCED_PREFIX);
}

/** Amounts and counts line up on the right. */
export const NUMERIC_COLUMNS: readonly OrdersColumnKey[] = [...PRICE_COLUMNS, 'items'];

export interface ColumnChoice {
  rules: OrdersListRules;
  /** The view in force (Advanced only when it is offered to this user). */
  view: DetailLevel;
  /** A guest, or an employee in guest mode. */
  guest: boolean;
  pricingIsHidden: boolean;
}

/** The columns shown, left to right: the view's columns without guest-hidden ones for guests and without prices when hidden. */
export function visibleColumns({ rules, view, guest, pricingIsHidden }: ColumnChoice): OrdersColumnKey[] {
  const base = view === 'advanced' && rules.advancedColumns.length > 0 ? rules.advancedColumns : rules.basicColumns;
  return base.filter(
    (key) =>
      !(guest && rules.guestHiddenColumns.includes(key)) &&
      !(pricingIsHidden && PRICE_COLUMNS.includes(key)) &&
      // Advanced data is gathered for employees only.
      !(guest && isAdvancedColumn(key)),
  );
}

/** The cell the Accepted badge goes in: beside the status, else the title, else the first column. */
export function badgeColumn(columns: readonly OrdersColumnKey[]): OrdersColumnKey | undefined {
  return columns.find((key) => key === 'status') ?? columns.find((key) => key === 'title') ?? columns[0];
}

/** A column's header text. */
export function columnTitle(key: OrdersColumnKey, rules: OrdersListRules, wording: Wording): string {
  if (isAdvancedColumn(key)) {
    const k = key.slice(ADVANCED_PREFIX.length);
    return rules.advancedData.find((d) => d.key === k)?.title ?? k;
  }
  const titles: Record<Exclude<OrdersColumnKey, `advanced:${string}`>, string> = {
    orderNumber: `${capitalize(wording.order)} #`,
    title: 'Title',
    project: 'Project',
    accountClient: 'Account / Client',
    invoiceNumber: 'Invoice #',
    salesforceLink: 'Salesforce Link',
    product: 'Product',
    category: 'Category',
    owner: 'Owner',
    status: 'Status',
    items: 'Items',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    deposit: 'Deposit',
    total: 'Total',
    amountPaid: 'Amount Paid',
    commandNumber: 'Command #',
    commandTotal: 'Command Total',
    estimatedShippingDate: 'Est. Ship Date',
    trackingNumber: 'Tracking #',
    created: 'Created',
    lastUpdated: 'Last Updated',
  };
  return titles[key];
}

export interface CellContext {
  statuses: readonly ProductOrderStatus[];
  guest: boolean;
}

const money = (cents: number | null | undefined) => (typeof cents === 'number' ? formatDollars(cents) : '');

/**
 * A cell's text ('' when the order has no value). The status and link columns are drawn with more
 * than text by the table; their text here is what a person reads.
 */
export function cellText(key: OrdersColumnKey, row: OrdersListRow, ctx: CellContext): string {
  if (isAdvancedColumn(key)) return (row.advanced?.[key.slice(ADVANCED_PREFIX.length)] ?? []).join(', ');
  switch (key) {
    case 'orderNumber':
      return `#${row.orgSpecificId}`;
    case 'title':
      return row.title;
    case 'project':
      return row.projectName ?? '';
    case 'accountClient':
      return row.firmName ?? '';
    case 'invoiceNumber':
      return row.purchaseOrderNumber ?? '';
    case 'salesforceLink':
      return row.externalLink1 ?? '';
    case 'product':
      return row.productTitle ?? '';
    case 'category':
      return row.productCategoryTitle ?? '';
    case 'owner':
      return personName(row.ownerFirstName, row.ownerLastName);
    case 'status':
      return statusCell(row, ctx.statuses, ctx.guest).title;
    case 'items':
      return String(row.productInstancesCount);
    case 'subtotal':
      return money(row.costs?.orderSubTotal);
    case 'shipping':
      return row.costs ? formatShipping(row.costs) : '';
    case 'deposit':
      return money(row.costs?.depositAmount);
    case 'total':
      return money(row.costs?.orderTotal);
    case 'amountPaid':
      return money(row.amountPaidInCents);
    case 'commandNumber':
      return row.commandData?.number ?? '';
    case 'commandTotal':
      return typeof row.commandData?.totalInCents === 'number' ? formatEuros(row.commandData.totalInCents) : '';
    case 'estimatedShippingDate':
      return formatDate(row.estimatedShippingDate);
    case 'trackingNumber':
      return row.trackingNumber ?? '';
    case 'created':
      return formatDate(row.created);
    case 'lastUpdated':
      return formatDate(row.lastUpdated);
  }
}
