import { api } from '@cpq/client';
import { orderCatalogueRows, type CatalogueRows, type InstanceLike, type OrderPricingFields } from '@cpq/domain';
import type { BenchOrder } from './testBench.ts';

/** An order as the test bench prices it: its pricing fields, its items, and its catalogue rows. */
export interface LoadedBenchOrder extends BenchOrder {
  rows: CatalogueRows;
  title: string;
  orgSpecificId: number;
}

/**
 * Loads one order of the organisation for pricing in the browser: the order data, and the
 * organisation's catalogue (revalidated by ETag, so asking again per order costs a 304) with the
 * order's additions.
 */
export async function loadBenchOrder(orgId: number, orgSpecificId: number): Promise<LoadedBenchOrder> {
  const [catalogue, data] = await Promise.all([api.catalogue(orgId), api.orderData({ orgId, productOrderOrgSpecificId: orgSpecificId })]);
  const order = data.productOrders[0]!;
  return {
    rows: orderCatalogueRows(catalogue, data.catalogueAdditions),
    order: order as OrderPricingFields,
    instances: [...data.productInstances].sort((a, b) => a.rank - b.rank) as Array<InstanceLike & { id: number; title?: string | null }>,
    title: String(order.title ?? ''),
    orgSpecificId,
  };
}
