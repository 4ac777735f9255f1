import { selectPricingRuleVersion, type PricingVersionOrder } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import { notFound } from '../http/errors.ts';
import type { Access } from '../policy.ts';

export const pricingRuleNotFound = () => notFound('pricingRuleNotFound', 'Pricing rule not found.');
export const pricingVersionNotFound = () => notFound('pricingVersionNotFound', 'This pricing rule has no such version.');

/**
 * The organisation's orders (archived ones left out) that a version of a pricing rule prices: an
 * item of theirs is a product using the rule, and their effective pricing date — now when they have
 * none — selects that version, by the same choice the engine makes. A rule of another organisation
 * answers like a missing one.
 */
export async function pricingVersionOrders(
  deps: { repos: Repos },
  access: Access,
  body: { productPricingRuleId: number; versionKey: string },
  now: Date = new Date(),
): Promise<PricingVersionOrder[]> {
  const rule = await deps.repos.productPricingRules.findOne({ id: body.productPricingRuleId, orgId: access.orgId });
  if (!rule) throw pricingRuleNotFound();
  if (!rule.versions || !Object.hasOwn(rule.versions, body.versionKey)) throw pricingVersionNotFound();

  const rows = await ordersUsingRule(deps.repos, access.orgId, rule.id);

  const orders: PricingVersionOrder[] = [];
  for (const row of rows) {
    const choice = selectPricingRuleVersion(rule, row.effective_pricing_date ?? now);
    if (choice?.key !== body.versionKey) continue;
    orders.push({
      id: Number(row.id),
      orgSpecificId: Number(row.org_specific_id),
      title: String(row.title ?? ''),
      effectivePricingDate: row.effective_pricing_date,
      lastUpdated: dbText(row.last_updated),
    });
  }
  return orders.sort((a, b) => (a.lastUpdated === b.lastUpdated ? b.id - a.id : a.lastUpdated < b.lastUpdated ? 1 : -1));
}

/** A non-archived order of the organisation with an item of a product priced by a rule. */
export interface OrderUsingRule {
  id: number;
  org_specific_id: number;
  title: string | null;
  effective_pricing_date: string | null;
  last_updated: string | Date;
}

/**
 * The organisation's orders (archived ones left out) with an item of a product priced by the rule, in
 * one read; which version each one's date selects is the caller's choice (the engine's).
 */
export async function ordersUsingRule(repos: Repos, orgId: number, ruleId: number): Promise<OrderUsingRule[]> {
  return (await repos.productOrders
    .q()
    .distinct('o.id', 'o.org_specific_id', 'o.title', 'o.effective_pricing_date', 'o.last_updated')
    .from('product_orders as o')
    .join('product_instances as i', 'i.product_order_id', 'o.id')
    .join('products as p', 'p.id', 'i.product_id')
    .where('o.org_id', orgId)
    .andWhere('o.archived', 0)
    .andWhere('p.product_pricing_rule_id', ruleId)) as OrderUsingRule[];
}

/** A timestamp column as 'YYYY-MM-DD HH:MM:SS' whichever driver read it (MariaDB gives Date objects). */
function dbText(v: string | Date): string {
  return v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v);
}
