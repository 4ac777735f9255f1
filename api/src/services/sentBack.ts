import type { Knex } from 'knex';
import { isCustomProduct, optionSummary, type InstanceProperties, type SentBackItem, type SentBackSnapshot, type SentBackSnapshotResponse } from '@cpq/domain';
import type { ProductOrderRow } from '../db/rows.ts';
import { shapeSentBackSnapshot, type Access } from '../policy.ts';
import type { WriteDeps } from './orderWrites.ts';
import { lockReachableOrder } from './orderStatus.ts';

/**
 * The copy of an order kept when it is sent back for changes (docs/decisions/0097-changes-since-sent-back.md):
 * its items as the cart shows them (title, quantity, "Property: Option", stored prices) and its total.
 * Written in the transaction that sends it back, on the locked order row: one row per order, the
 * latest send-back replacing the one before.
 */
export async function keepSentBackSnapshot(deps: WriteDeps, trx: Knex.Transaction, order: ProductOrderRow, userId: number): Promise<void> {
  const org = (await deps.repos.organisations.findOne({ id: order.orgId }, trx))!;
  const catalogue = await deps.catalogues.get(order.orgId, trx, org.catalogueVersion);
  const rows = await deps.repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] });
  const items: SentBackItem[] = rows.map((i) => {
    const productId = Number(i.productId);
    const own = typeof i.title === 'string' && i.title.trim() !== '' ? i.title.trim() : null;
    const instance = { productId, quantity: Number(i.quantity ?? 1), properties: (i.properties ?? {}) as InstanceProperties };
    return {
      id: Number(i.id),
      title: own ?? catalogue.product(productId)?.title ?? (isCustomProduct(productId) ? 'Custom product' : 'Item'),
      productId,
      quantity: instance.quantity,
      options: optionSummary(instance, catalogue).map((s) => ({ property: s.property, value: s.value })),
      unitPriceInCents: Number(i.unitPriceInCents ?? 0),
      totalPriceInCents: Number(i.totalPriceInCents ?? 0),
    };
  });
  await deps.repos.orderSentBackSnapshots.delete({ productOrderId: order.id }, trx);
  await deps.repos.orderSentBackSnapshots.insert({ orgId: order.orgId, productOrderId: order.id, userId, items, costs: order.costs }, trx);
}

/** The copy kept when the order was last sent back, for an employee who reaches it; null if it never was. */
export async function sentBackSnapshot(deps: WriteDeps, access: Access, productOrderId: number): Promise<SentBackSnapshotResponse> {
  return deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, productOrderId);
    const row = await deps.repos.orderSentBackSnapshots.findOne({ productOrderId: order.id }, trx);
    if (!row) return shapeSentBackSnapshot(access, order, null);
    const costs = (row.costs ?? {}) as { orderTotal?: unknown };
    const snapshot: SentBackSnapshot = {
      at: String(row.created ?? ''),
      items: (row.items ?? []) as SentBackItem[],
      ...(typeof costs.orderTotal === 'number' ? { orderTotalInCents: costs.orderTotal } : {}),
    };
    return shapeSentBackSnapshot(access, order, snapshot);
  });
}
