import type { OrdersDataBody, OrdersFilters } from '@cpq/domain';
import { pageConstraints } from './paging.ts';
import type { OrdersListView } from './query.ts';

/** The request of one page of rows (the CSV export sends the same without its page). */
export type OrdersListBody = Omit<OrdersDataBody, 'formatForCsvExport'>;

/** Who asks for the list. */
export interface ListAsker {
  orgId: number;
  userId: number;
  /** An employee in guest mode: the server lists as for a guest. */
  guestMode: boolean;
}

/** The list's filters as the API takes them (the Quote filter only when it filters: absent means all). */
export function apiFilters(v: OrdersListView): OrdersFilters {
  return {
    orderOwner: v.owner,
    archived: v.type,
    productCategoryId: v.category,
    statusKey: v.status,
    ...(v.pp ? { isProcessingPayment: true } : {}),
    ...(v.quote !== 'all' ? { quoteAcceptance: v.quote } : {}),
  };
}

/** The request for the page a view shows: a blank search sends no search term. */
export function listBody(asker: ListAsker, v: OrdersListView): OrdersListBody {
  return {
    orgId: asker.orgId,
    userId: asker.userId,
    includeAdvancedOrderData: v.view === 'advanced',
    isGuestMode: asker.guestMode,
    resultConstraints: pageConstraints(v.page, v.size),
    ...(v.q.trim() ? { searchTerm: v.q.trim() } : {}),
    filters: apiFilters(v),
  };
}
