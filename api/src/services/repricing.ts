import type { Knex } from 'knex';
import { itemValidity, measureTextServer, repriceOrder, type InstanceLike, type OrderPricingFields } from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import type { Repos, Row } from '../db/repository.ts';
import type { PluginRegistry } from '../plugins.ts';
import { loadCatalogue } from './catalogueSnapshot.ts';
import { getOrg, orgSettings } from './orgs.ts';

export type InstanceRow = Row & InstanceLike & { id: number; productOrderId: number; rank: number };
export type OrderRow = Row & OrderPricingFields & { id: number; orgId: number; userId: number; costs: unknown };

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
    const validity = itemValidity(catalogue, hooks, inst, measureTextServer);
    const next = {
      unitPriceInCents: priced.unitPriceInCents,
      totalPriceInCents: priced.totalPriceInCents,
      pricingRuleVersion: priced.versionKey,
      isValid: validity.valid ? 1 : 0,
      validationIssues: validity.issues,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => JSON.stringify(inst[k] ?? null) !== JSON.stringify(next[k] ?? null));
    if (changed) await repos.productInstances.update({ id: inst.id }, next, trx);
  }
  if (JSON.stringify(order.costs) !== JSON.stringify(result.costs)) {
    await repos.productOrders.update({ id: orderId }, { costs: result.costs }, trx);
  }
}
