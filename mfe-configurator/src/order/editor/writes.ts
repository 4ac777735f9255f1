/**
 * The order page's writes: every edit goes through the API (the authority), as the generic resource
 * calls on productInstances and productOrders.
 */
import { apiPost, type OrderData } from '@cpq/client';
import type { InstanceProperties, OrderDataProductOrder } from '@cpq/domain';

export type Instance = OrderData['productInstances'][number];
export type Order = OrderDataProductOrder;

/** What the editor changes on an item. */
export interface InstancePatch {
  title?: string | null;
  quantity?: number;
  rank?: number;
  notes?: string | null;
  /** Changed property entries only: the server applies them over the stored selection. */
  properties?: InstanceProperties;
  /** A custom product's unit price (employees only). */
  customPriceInCents?: number;
  /** Where the item is drawn on the architectural canvas. */
  archCustomViewId?: number | null;
  canvasPosition?: { x: number; y: number } | null;
}

export interface NewInstance {
  productOrderId: number;
  productId: number;
  title?: string | null;
  quantity?: number;
  rank?: number;
  notes?: string | null;
  properties?: InstanceProperties;
  /** A custom product's unit price (employees only). */
  customPriceInCents?: number;
  archCustomViewId?: number | null;
  canvasPosition?: { x: number; y: number } | null;
}

export const orderWrites = {
  createInstance: (props: NewInstance) => apiPost<Instance>('/api/resources/productInstances/create', { props }),
  /** `expectedVersion`: the item's version the edit was made on (a 409 when it changed since). */
  updateInstance: (id: number, props: InstancePatch, expectedVersion?: string) =>
    apiPost<Instance>('/api/resources/productInstances/update', { where: { id, ...(expectedVersion ? { expectedVersion } : {}) }, props }),
  destroyInstance: (id: number) => apiPost<{ id: number }>('/api/resources/productInstances/destroy', { where: { id } }),
  updateOrder: (id: number, props: Record<string, unknown>) => apiPost<Order>('/api/resources/productOrders/update', { where: { id }, props }),
};

export const DISCARD_ORDER_PATH = '/api/resources/productOrders/destroy';

/**
 * Asks the API to discard an order the user is leaving untouched. Sent with keepalive so it survives
 * the page going away (tab closed, reload); failures are ignored: the server keeps any order it should.
 */
export function discardUntouchedOrder(id: number): void {
  try {
    void fetch(DISCARD_ORDER_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ where: { id } }),
    }).catch(() => undefined);
  } catch {
    /* no fetch (tests without a network): nothing to discard */
  }
}
