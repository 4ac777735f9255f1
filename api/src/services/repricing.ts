import type { Knex } from 'knex';
import {
  computeAvailability,
  invalidSelections,
  measureTextServer,
  repriceOrder,
  validateInstance,
  type CatalogueIndex,
  type EngineHooks,
  type InstanceLike,
  type OrderPricingFields,
  type PropertyIssue,
} from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import type { Repos, Row } from '../db/repository.ts';
import type { PluginRegistry } from '../plugins.ts';
import { loadCatalogue } from './catalogueSnapshot.ts';
import { getOrg, orgSettings } from './orgs.ts';

export type InstanceRow = Row & InstanceLike & { id: number; productOrderId: number; rank: number };
export type OrderRow = Row & OrderPricingFields & { id: number; orgId: number; userId: number; costs: unknown };

/**
 * The server's validity of an item: core checks, the organisation's validators and option membership.
 * Membership is judged for the most permissive viewer (owner): an option an employee chose stays
 * valid when a guest looks at the order; who may CHOOSE what is enforced when the item is written.
 */
export function instanceValidity(catalogue: CatalogueIndex, hooks: EngineHooks, instance: InstanceLike): { isValid: 0 | 1; issues: PropertyIssue[] } {
  const product = catalogue.product(instance.productId);
  if (!product) {
    if (instance.productId === -1) return { isValid: 1, issues: [] };
    return { isValid: 0, issues: [{ propertyId: null, message: 'This product no longer exists.', severity: 'error' }] };
  }
  const input = { product, instance, catalogue, viewer: { role: 'owner' }, optionFilters: hooks.optionFilters };
  const availability = computeAvailability(input);
  const allowed: Record<string, number[]> = {};
  for (const [pid, pa] of Object.entries(availability.properties)) allowed[pid] = pa.offered;
  const v = validateInstance({ product, instance, catalogue, allowedOptionIds: allowed, hooks, measureText: measureTextServer });
  const issues = [...v.issues];
  for (const bad of invalidSelections(input, availability)) {
    if (!issues.some((i) => i.propertyId === bad.propertyId && i.severity === 'error')) {
      issues.push({ propertyId: bad.propertyId, message: bad.reasons[0]?.message ?? 'This option is not available.', severity: 'error' });
    }
  }
  return { isValid: issues.some((i) => i.severity === 'error') ? 0 : 1, issues };
}

export interface RecomputeDeps {
  repos: Repos;
  plugins: PluginRegistry;
  trx: Knex.Transaction;
}

/**
 * Recomputes and stores, inside the caller's transaction, every item's price and validity and the
 * order's costs. Called on every write that can change them (items, order pricing fields,
 * effectivePricingDate). Rows are written only when a stored value changed.
 */
export async function recomputeOrder({ repos, plugins, trx }: RecomputeDeps, orderId: number, now = new Date()): Promise<void> {
  const order = (await repos.productOrders.findOne({ id: orderId }, trx)) as OrderRow | undefined;
  if (!order) return;
  const org = await getOrg(repos, order.orgId, trx);
  const settings = org ? orgSettings(org) : {};
  const catalogue = await loadCatalogue(repos, order.orgId, trx);
  const hooks = engineHooks(plugins.rulesFor(order.orgId));
  const instances = (await repos.productInstances.find({ productOrderId: orderId }, { trx, orderBy: ['rank', 'id'] })) as InstanceRow[];
  const guest = (await repos.guests.findOne({ orgId: order.orgId, userId: order.userId }, trx)) as Row | undefined;

  const result = repriceOrder({
    order,
    instances,
    catalogue,
    orgSettings: settings,
    hooks,
    guest: guest ? { disableSalesTax: guest.disableSalesTax as 0 | 1 } : null,
    now,
  });

  for (let i = 0; i < instances.length; i++) {
    const inst = instances[i]!;
    const priced = result.instances[i]!;
    const validity = instanceValidity(catalogue, hooks, inst);
    const next = {
      unitPriceInCents: priced.unitPriceInCents,
      totalPriceInCents: priced.totalPriceInCents,
      pricingRuleVersion: priced.versionKey,
      isValid: validity.isValid,
      validationIssues: validity.issues,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => JSON.stringify(inst[k] ?? null) !== JSON.stringify(next[k] ?? null));
    if (changed) await repos.productInstances.update({ id: inst.id }, next, trx);
  }
  if (JSON.stringify(order.costs) !== JSON.stringify(result.costs)) {
    await repos.productOrders.update({ id: orderId }, { costs: result.costs }, trx);
  }
}
