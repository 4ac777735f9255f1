import { apiPost } from '@cpq/client';
import type { PricingRuleVersion, PricingVersionImpact, PricingVersionImpactResponse, PublishPricingVersionResponse } from '@cpq/domain';
import { resources } from '../common/index.ts';
import type { PricingRuleRow } from './rules.ts';

const KEY = 'productPricingRules';

/**
 * The pricing rule writes of the admin screens. Versions go through the rule's update: a partial
 * `versions` map (null deletes a key), `addVersion: true` adds the next key as a draft dated
 * tomorrow. A draft is published by its own call, which the server refuses for an empty draft or
 * one pricing a product at $0.
 */
export const pricingRules = {
  list: (orgId: number) => resources.get<PricingRuleRow>(KEY, { orgId }),
  one: async (orgId: number, id: number) => (await resources.get<PricingRuleRow>(KEY, { orgId, id }))[0] ?? null,
  create: (orgId: number, title: string) => resources.create<PricingRuleRow>(KEY, { orgId, title }),
  update: (id: number, props: { title?: string; deleted?: 0 | 1 }) => resources.update<PricingRuleRow>(KEY, id, props),
  saveVersion: (id: number, key: string, version: PricingRuleVersion) => resources.update<PricingRuleRow>(KEY, id, { versions: { [key]: version } }),
  deleteVersion: (id: number, key: string) => resources.update<PricingRuleRow>(KEY, id, { versions: { [key]: null } }),
  addVersion: (id: number) => apiPost<PricingRuleRow>(`/api/resources/${KEY}/update`, { where: { id }, addVersion: true }),
  /** Publishes a draft as the server has it; answers the rule. */
  publishVersion: async (rule: Pick<PricingRuleRow, 'id' | 'orgId'>, key: string) =>
    (await apiPost<PublishPricingVersionResponse>('/api/configurator/publish-pricing-version', { orgId: rule.orgId, productPricingRuleId: rule.id, versionKey: key })).productPricingRule as PricingRuleRow,
  /**
   * What a version text (without one: the stored version) would do to existing orders as the
   * published version `key`, priced by the server over every order it would affect.
   */
  impact: async (rule: Pick<PricingRuleRow, 'id' | 'orgId'>, key: string, draft?: PricingRuleVersion): Promise<PricingVersionImpact> =>
    (await apiPost<PricingVersionImpactResponse>('/api/configurator/get-pricing-version-impact', { orgId: rule.orgId, productPricingRuleId: rule.id, versionKey: key, ...(draft ? { draft } : {}) })).impact,
};
