import type { TransactionRunner } from '../db/transactions.ts';
import type { Access } from '../policy.ts';
import { audit } from './orders.ts';
import { recomputeOrder, sameCosts, type PricingDeps } from './repricing.ts';

/**
 * Reprices every order of the organisation with the engine as it is now (every item's price and
 * validity, then the order's costs), one order per transaction with the order locked — so an order
 * is either wholly repriced or untouched, and concurrent edits wait rather than interleave. The
 * orders' lastUpdated stays (a recalculation is not a change by anyone). Answers how many orders'
 * costs changed.
 */
export async function updateOrderCosts(deps: PricingDeps & { transaction: TransactionRunner }, access: Access): Promise<{ updatedCount: number; orderCount: number }> {
  const { repos } = deps;
  const orders = await repos.productOrders.find({ orgId: access.orgId }, { columns: ['id'] });
  let updatedCount = 0;
  for (const { id } of orders) {
    const changed = await deps.transaction(async (trx) => {
      const before = await repos.productOrders.lockOne({ id }, trx);
      if (!before) return false; // deleted meanwhile
      await recomputeOrder({ ...deps, trx }, id);
      const after = await repos.productOrders.findOne({ id }, trx);
      return !sameCosts(before.costs, after?.costs);
    });
    if (changed) updatedCount++;
  }
  await deps.transaction((trx) =>
    audit(repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'organisation', entityId: access.orgId, action: 'updateOrderCosts', data: { orderCount: orders.length, updatedCount } }),
  );
  return { updatedCount, orderCount: orders.length };
}
