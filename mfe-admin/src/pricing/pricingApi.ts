import { apiPost } from '@cpq/client';
import type { PricingRuleVersion } from '@cpq/domain';
import { resources } from '../common/index.ts';
import type { PricingRuleRow } from './rules.ts';

const KEY = 'productPricingRules';

/**
 * The pricing rule writes of the admin screens. Versions go through the rule's update: a partial
 * `versions` map (null deletes a key), `addVersion: true` adds the next key dated tomorrow.
 */
export const pricingRules = {
  list: (orgId: number) => resources.get<PricingRuleRow>(KEY, { orgId }),
  one: async (orgId: number, id: number) => (await resources.get<PricingRuleRow>(KEY, { orgId, id }))[0] ?? null,
  create: (orgId: number, title: string) => resources.create<PricingRuleRow>(KEY, { orgId, title }),
  update: (id: number, props: { title?: string; deleted?: 0 | 1 }) => resources.update<PricingRuleRow>(KEY, id, props),
  saveVersion: (id: number, key: string, version: PricingRuleVersion) => resources.update<PricingRuleRow>(KEY, id, { versions: { [key]: version } }),
  deleteVersion: (id: number, key: string) => resources.update<PricingRuleRow>(KEY, id, { versions: { [key]: null } }),
  addVersion: (id: number) => apiPost<PricingRuleRow>(`/api/resources/${KEY}/update`, { where: { id }, addVersion: true }),
};
