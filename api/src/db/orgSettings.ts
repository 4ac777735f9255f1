import type { Organisation, OrgDesignEngineSettings, ProductOrderStatus } from '@cpq/domain';

/*
 * What an organisation's row says of its settings (app_data.designEngine). Here, below the services,
 * because a migration reads the statuses too and the database layer imports nothing above it.
 */

/** Used when an organisation has not configured its statuses yet (core default, not org-specific). */
export const DEFAULT_ORDER_STATUSES: ProductOrderStatus[] = [
  { key: 'orderStarted', type: 'orderStarted', title: 'Order Started', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'submittedForApproval', type: 'submittedForApproval', title: 'Submitted for Approval', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'inProduction', type: 'inProduction', title: 'In Production', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'shipped', type: 'shipped', title: 'Shipped', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'delivered', type: 'delivered', title: 'Delivered', isMilestone: true, isVisibleToGuest: 1 },
];

export function orgSettings(org: Organisation): OrgDesignEngineSettings {
  return org.appData?.designEngine ?? {};
}

export function orgStatuses(org: Organisation): ProductOrderStatus[] {
  const s = orgSettings(org).productOrderStatuses;
  return s && s.length ? s : DEFAULT_ORDER_STATUSES;
}
