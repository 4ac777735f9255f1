import type { Knex } from 'knex';
import type { Organisation, OrgDesignEngineSettings, ProductOrderStatus } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';

/** Used when an organisation has not configured its statuses yet (core default, not org-specific). */
export const DEFAULT_ORDER_STATUSES: ProductOrderStatus[] = [
  { key: 'orderStarted', type: 'orderStarted', title: 'Order Started', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'submittedForApproval', type: 'submittedForApproval', title: 'Submitted for Approval', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'inProduction', type: 'inProduction', title: 'In Production', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'shipped', type: 'shipped', title: 'Shipped', isMilestone: true, isVisibleToGuest: 1 },
  { key: 'delivered', type: 'delivered', title: 'Delivered', isMilestone: true, isVisibleToGuest: 1 },
];

export async function getOrg(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<Organisation | undefined> {
  return (await repos.organisations.findOne({ id: orgId }, trx)) as Organisation | undefined;
}

export function orgSettings(org: Organisation): OrgDesignEngineSettings {
  return org.appData?.designEngine ?? {};
}

export function orgStatuses(org: Organisation): ProductOrderStatus[] {
  const s = orgSettings(org).productOrderStatuses;
  return s && s.length ? s : DEFAULT_ORDER_STATUSES;
}
