import type { OrderDataBody, OrderDataProductOrder } from '@cpq/domain';
import { api, type Catalogue, type OrderData } from './api.ts';

export interface LoadedOrder {
  order: OrderDataProductOrder;
  data: OrderData;
  catalogue: Catalogue;
}

/**
 * An order with the catalogue it is read with (order page, documents): the two answers travel side by
 * side; when the catalogue changed between them it is asked again for the order's version (or newer).
 * null when the answer holds no order.
 */
export async function loadOrderWithCatalogue(body: OrderDataBody): Promise<LoadedOrder | null> {
  let [data, catalogue] = await Promise.all([api.orderData(body), api.catalogue(body.orgId, body.productOrderOrgSpecificId)]);
  const order = data.productOrders.find((o) => o.orgSpecificId === body.productOrderOrgSpecificId) ?? data.productOrders[0];
  if (!order) return null;
  if (catalogue.version < data.catalogueVersion) catalogue = await api.catalogue(body.orgId, body.productOrderOrgSpecificId);
  return { order, data, catalogue };
}
