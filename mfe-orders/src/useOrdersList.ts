import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, api } from '@cpq/client';
import type { OrdersDataResponse } from '@cpq/domain';
import { errorMessage, isAbort } from './errors.ts';
import { canGoNext, canGoPrevious } from './paging.ts';
import type { OrdersListView } from './query.ts';
import { listBody, type ListAsker } from './request.ts';
import type { Category, GoToView, LoadError } from './types.ts';

type ListLoad = { data: OrdersDataResponse | null; loading: boolean; error: LoadError | null };

export interface OrdersListInput extends ListAsker {
  view: OrdersListView;
  go: GoToView;
  /** The organisation's plural word, for the console message of a failed load. */
  ordersWord: string;
}

/**
 * The page of rows a view lists: asked for again whenever the request changes or `refresh` is
 * called, and paging (the page lives in the URL, like the rest of the view).
 */
export function useOrdersList({ orgId, userId, guestMode, view, go, ordersWord }: OrdersListInput) {
  const body = listBody({ orgId, userId, guestMode }, view);
  const bodyKey = JSON.stringify(body);
  const [load, setLoad] = useState<ListLoad>({ data: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  // The Category filter's choices come with each page: the last ones known stay through a failed load.
  const [categories, setCategories] = useState<readonly Category[]>([]);

  useEffect(() => {
    // A newer request replaces an older one: the older one is cancelled, never shown late.
    const controller = new AbortController();
    setLoad((l) => ({ ...l, loading: true, error: null }));
    api.ordersData(JSON.parse(bodyKey) as typeof body, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setLoad({ data, loading: false, error: null });
        setCategories(data.productCategories);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        console.error(`The ${ordersWord} could not be loaded.`, err);
        setLoad({ data: null, loading: false, error: { message: errorMessage(err), refused: err instanceof ApiRequestError && err.status === 400 } });
      },
    );
    return () => controller.abort();
  }, [bodyKey, attempt, ordersWord]);

  const rows = load.data?.productOrders ?? [];
  const turnPage = (page: number) => {
    go({ ...view, page });
    window.scrollTo({ top: 0 });
  };

  return {
    /** The request of the page shown (the CSV export sends it without its page). */
    body,
    data: load.data,
    rows,
    /** A request is running (the rows of the last one stay until it answers). */
    loading: load.loading,
    error: load.error,
    categories,
    refresh,
    paging: {
      canGoPrevious: canGoPrevious(view.page),
      canGoNext: !!load.data && !load.loading && canGoNext(rows.length, view.size),
      turnPage,
    },
  };
}
