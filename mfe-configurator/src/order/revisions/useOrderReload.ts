import { useCallback, useState } from 'react';
import { api, type Catalogue, type OrderData } from '@cpq/client';
import { CatalogueIndex, catalogueSnapshotFromRows, orderCatalogueRows } from '@cpq/domain';
import type { EditorEngine } from '../editor/itemViews.ts';
import type { Order } from '../editor/writes.ts';
import { RESTORED_NOTICE } from './words.ts';

export interface LoadedOrder {
  order: Order;
  data: OrderData;
  catalogue: Catalogue;
  engine: EditorEngine;
}

export interface OrderReload {
  /** Bumped by each reload: the editor is drawn afresh from the order read again (the page's Retry does the same). */
  version: number;
  /** The order as read again; null until the first reload (the page's own load stands). */
  loaded: LoadedOrder | null;
  /** Said once by the revisions panel after the reload a restore asked for. */
  notice: string | null;
  /** After a restore: reads the order and its catalogue again; rejects when they could not be read. */
  afterRestore(started: number, from: number): Promise<void>;
}

/**
 * Reading the order again after a restore. A restore replaces every item (new rows) and the order's
 * details and prices, which the editor's saves and re-reads do not take in (they update the items
 * they know), so the editor is drawn afresh from what was read, as the page does when it loads.
 */
export function useOrderReload(initial: LoadedOrder & { orgId: number }): OrderReload {
  const [state, setState] = useState<{ version: number; loaded: LoadedOrder | null; notice: string | null }>({ version: 0, loaded: null, notice: null });
  const { orgId } = initial;
  const orgSpecificId = initial.order.orgSpecificId;
  const current = state.loaded ?? initial;
  const afterRestore = useCallback(
    async (started: number, from: number) => {
      const data = await api.orderData({ orgId, productOrderOrgSpecificId: orgSpecificId });
      const order = data.productOrders.find((o) => o.orgSpecificId === orgSpecificId) ?? data.productOrders[0];
      if (!order) throw new Error('The order could not be read again.');
      // The catalogue is asked again only when the order was priced with a newer one (as the page's load does).
      const catalogue = data.catalogueVersion > current.catalogue.version ? await api.catalogue(orgId, orgSpecificId) : current.catalogue;
      const rows = orderCatalogueRows(catalogue, data.catalogueAdditions);
      const engine: EditorEngine = { ...current.engine, catalogue: new CatalogueIndex(catalogueSnapshotFromRows(rows)), now: new Date() };
      setState((s) => ({ version: s.version + 1, loaded: { order, data, catalogue, engine }, notice: RESTORED_NOTICE(started, from) }));
    },
    [orgId, orgSpecificId, current.catalogue, current.engine],
  );
  return { version: state.version, loaded: state.loaded, notice: state.notice, afterRestore };
}
