import { useEffect, useState } from 'react';
import { api, errorMessage, isMissing, type Catalogue, type OrderData } from '@cpq/client';
import { CatalogueIndex, catalogueSnapshotFromRows, orderCatalogueRows, type OrderDataProductOrder } from '@cpq/domain';

export type DrawingsData =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; order: OrderDataProductOrder; data: OrderData; catalogue: Catalogue; index: CatalogueIndex };

export interface DrawingsSource {
  orgId: number | null;
  orgSpecificId: number | null;
  shareToken?: string | undefined;
  shareableOrderId?: string | undefined;
}

/**
 * The order (as the caller, or through its share link) and the organisation's catalogue, loaded
 * side by side; `attempt` changes to retry after an error.
 */
export function useDrawingsData({ orgId, orgSpecificId, shareToken, shareableOrderId }: DrawingsSource, attempt: number): DrawingsData {
  const [state, setState] = useState<DrawingsData>({ status: 'loading' });
  useEffect(() => {
    if (orgId === null) return;
    if (orgSpecificId === null) {
      setState({ status: 'missing' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    Promise.all([
      api.orderData({
        orgId,
        productOrderOrgSpecificId: orgSpecificId,
        ...(shareToken ? { shareToken } : {}),
        ...(shareableOrderId ? { shareableOrderId } : {}),
      }),
      api.catalogue(orgId, orgSpecificId),
    ]).then(
      async ([data, catalogue]) => {
        const order = data.productOrders[0];
        if (!live) return;
        if (!order) return setState({ status: 'missing' });
        // The catalogue changed between the two answers: ask again for the one the order was read with (or newer).
        if (catalogue.version < data.catalogueVersion) catalogue = await api.catalogue(orgId, orgSpecificId);
        const index = new CatalogueIndex(catalogueSnapshotFromRows(orderCatalogueRows(catalogue, data.catalogueAdditions)));
        if (live) setState({ status: 'loaded', order, data, catalogue, index });
      },
      (err: unknown) => {
        if (live) setState(isMissing(err) ? { status: 'missing' } : { status: 'error', message: errorMessage(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [orgId, orgSpecificId, shareToken, shareableOrderId, attempt]);
  return state;
}
