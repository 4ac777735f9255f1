import type { PricingRuleVersion, PricingVersionImpact } from '@cpq/domain';
import { pricingRules } from './pricingApi.ts';
import type { PricingRuleRow } from './rules.ts';

/**
 * What saving a change to a published version does to existing orders: the server prices every
 * order the version would price, before and with the text in its place (their dates still choose
 * the version, so a text dated later leaves them alone). Null when it affects no order.
 */
export async function loadSaveImpact(rule: PricingRuleRow, versionKey: string, draft: PricingRuleVersion): Promise<PricingVersionImpact | null> {
  const impact = await pricingRules.impact(rule, versionKey, draft);
  return impact.orders ? impact : null;
}
