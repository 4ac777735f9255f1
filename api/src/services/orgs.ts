import type { Knex } from 'knex';
import type { Organisation } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';

export { DEFAULT_ORDER_STATUSES, orgSettings, orgStatuses } from '../db/orgSettings.ts';

export async function getOrg(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<Organisation | undefined> {
  return (await repos.organisations.findOne({ id: orgId }, trx)) as Organisation | undefined;
}
