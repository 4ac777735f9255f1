import type { Knex } from 'knex';
import { itemValidity, measureTextServer, repriceOrder, type CatalogueIndex } from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import type { Repos } from '../db/repository.ts';
import type { ProductInstanceRow, ProductOrderRow } from '../db/rows.ts';
import type { PluginRegistry } from '../plugins.ts';
import { getOrg, orgSettings } from './orgs.ts';

export type InstanceRow = ProductInstanceRow;
export type OrderRow = ProductOrderRow;

export interface RecomputeDeps {
  repos: Repos;
  plugins: PluginRegistry;
  trx: Knex.Transaction;
}

/**
 * Recomputes and stores, inside the caller's transaction, every item's price and validity and the
 * order's costs. Called on every write that can change them (items, order pricing fields,
 * effectivePricingDate), with the catalogue the write already loaded. The caller holds the order's
 * lock, so the items read here are the ones the next writer will see. Rows are written only when
 * a stored value changed.
 */
export async function recomputeOrder({ repos, plugins, trx }: RecomputeDeps, orderId: number, catalogue: CatalogueIndex, now = new Date()): Promise<void> {
  const order = await repos.productOrders.findOne({ id: orderId }, trx);
  if (!order) return;
  const org = await getOrg(repos, order.orgId, trx);
  const settings = org ? orgSettings(org) : {};
  const hooks = engineHooks(plugins.rulesFor(order.orgId));
  const instances = await repos.productInstances.find({ productOrderId: orderId }, { trx, orderBy: ['rank', 'id'] });
  const guest = await repos.guests.findOne({ orgId: order.orgId, userId: order.userId }, trx);

  const result = repriceOrder({
    order,
    instances,
    catalogue,
    orgSettings: settings,
    hooks,
    guest: guest ? { disableSalesTax: guest.appData.designEngine.disableSalesTax } : null,
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
