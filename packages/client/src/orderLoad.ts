import type { OrderDataBody, OrderDataProductOrder } from '@cpq/domain';
import { api, type Catalogue, type OrderData } from './api.ts';
import { earlyAnswers } from './earlyAnswers.ts';

export interface LoadedOrder {
  order: OrderDataProductOrder;
  data: OrderData;
  catalogue: Catalogue;
}

async function fetchOrderWithCatalogue(body: OrderDataBody): Promise<LoadedOrder | null> {
  let [data, catalogue] = await Promise.all([api.orderData(body), api.catalogue(body.orgId, body.productOrderOrgSpecificId)]);
  const order = data.productOrders.find((o) => o.orgSpecificId === body.productOrderOrgSpecificId) ?? data.productOrders[0];
  if (!order) return null;
  if (catalogue.version < data.catalogueVersion) catalogue = await api.catalogue(body.orgId, body.productOrderOrgSpecificId);
  return { order, data, catalogue };
}

/**
 * An order asked for ahead of its page (the shell, as soon as the session is known, while the page's
 * files still have to arrive): the page's own load takes it instead of asking again. The same request
 * the page makes, so it answers what the page would get.
 */
const early = earlyAnswers<LoadedOrder | null>();

const keyOf = (body: OrderDataBody) => JSON.stringify([body.orgId, body.productOrderOrgSpecificId, body.userId ?? null, body.shareToken ?? null, body.shareableOrderId ?? null]);

export function prefetchOrderWithCatalogue(body: OrderDataBody): void {
  early.ask(keyOf(body), () => fetchOrderWithCatalogue(body));
}

/**
 * An order with the catalogue it is read with (order page, documents): the two answers travel side by
 * side; when the catalogue changed between them it is asked again for the order's version (or newer).
 * null when the answer holds no order.
 */
export function loadOrderWithCatalogue(body: OrderDataBody): Promise<LoadedOrder | null> {
  return early.take(keyOf(body)) ?? fetchOrderWithCatalogue(body);
}
