import { api } from '@cpq/client';
import type { PricingRuleVersion, ProductPricingRule } from '@cpq/domain';
import { loadBenchOrder } from './benchData.ts';
import type { PricingRuleRow } from './rules.ts';
import { MAX_ORDERS_PRICED, benchPrices, impactOf, type BenchResult, type ImpactSummary } from './testBench.ts';

/**
 * What saving a draft does to existing orders: the server says which orders the saved version
 * prices now; the browser prices the first MAX_ORDERS_PRICED of them with the draft in its place
 * (their dates still choose the version, so a draft dated later leaves them alone). Null when the
 * version prices no order.
 */
export async function loadSaveImpact(rule: PricingRuleRow, versionKey: string, draft: PricingRuleVersion, onProgress?: (done: number, of: number) => void): Promise<ImpactSummary | null> {
  const { productOrders } = await api.pricingVersionOrders({ orgId: rule.orgId, productPricingRuleId: rule.id, versionKey });
  if (!productOrders.length) return null;
  const chosen = productOrders.slice(0, MAX_ORDERS_PRICED);
  const now = new Date();
  const results: BenchResult[] = [];
  // One order at a time: the calls are small and the page stays responsive.
  for (const o of chosen) {
    const loaded = await loadBenchOrder(rule.orgId, o.orgSpecificId);
    results.push(benchPrices({ ...loaded, rule: rule as ProductPricingRule, versionKey, draft, mode: 'substitute', now }));
    onProgress?.(results.length, chosen.length);
  }
  return impactOf(productOrders.length, results);
}
