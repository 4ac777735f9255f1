import type { OrdersDataResponse, OrdersListRow, ProductOrderStatus } from '@cpq/domain';
import type { OrdersListRules, Wording } from '@cpq/plugin-sdk';
import { ErrorPanel, useIsPhone } from '@cpq/ui';
import { visibleColumns } from './columns.ts';
import { OrdersCards } from './OrdersCards.tsx';
import { OrdersTable } from './OrdersTable.tsx';
import { DEFAULT_LIST_VIEW, type OrdersListView } from './query.ts';
import type { GoToView, LoadError } from './types.ts';
import styles from './OrdersPage.module.css';

export interface OrdersResultsProps {
  list: {
    /** The last page that loaded (null before the first one, and after a failure). */
    data: OrdersDataResponse | null;
    rows: readonly OrdersListRow[];
    loading: boolean;
    error: LoadError | null;
    refresh: () => void;
  };
  view: OrdersListView;
  change: GoToView;
  rules: OrdersListRules;
  wording: Wording;
  guest: boolean;
  statuses: readonly ProductOrderStatus[];
  /** The page's title: it names the table's region and caption. */
  title: string;
  archive: {
    /** Ids of orders whose archive change is running. */
    busyIds: ReadonlySet<number>;
    toggleArchived: (row: OrdersListRow) => void;
  };
}

/** The list itself, or why there is none: the error, the first load, or nothing found. */
export function OrdersResults({ list, view, change, rules, wording, guest, statuses, title, archive }: OrdersResultsProps) {
  const { data, rows, loading, error } = list;
  // A phone gets cards: a table of up to 13 columns would scroll sideways in its box.
  const phone = useIsPhone();
  if (error) {
    return (
      <ErrorPanel heading={`The ${wording.orders} could not be loaded.`} detail={error.message} onRetry={list.refresh} testId="orders-error">
        {error.refused ? (
          // The server refused these filters (e.g. a category from an old link): offer the plain list.
          <p>
            <button type="button" className={styles.linkButton} onClick={() => change({ ...DEFAULT_LIST_VIEW, size: view.size, view: view.view })}>
              Show all active {wording.orders}
            </button>
          </p>
        ) : null}
      </ErrorPanel>
    );
  }
  if (!data) {
    return (
      <div className={styles.loading} role="status" data-testid="orders-loading">
        <span className={styles.spinner} aria-hidden="true" />
        Loading {wording.orders}…
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p className={styles.emptyList} role="status" data-testid="orders-empty">
        {loading ? `Loading ${wording.orders}…` : `No ${wording.orders} found`}
      </p>
    );
  }
  const columns = visibleColumns({ rules, view: view.view, guest, pricingIsHidden: data.pricingIsHidden ?? false });
  return (
    <>
      {loading ? (
        <p className={styles.refreshing} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          Loading {wording.orders}…
        </p>
      ) : null}
      {phone ? (
        <OrdersCards
          rows={rows}
          columns={columns}
          rules={rules}
          wording={wording}
          ctx={{ statuses, guest }}
          label={`${title}, page ${view.page}`}
          stale={loading}
          busyIds={archive.busyIds}
          onToggleArchived={archive.toggleArchived}
        />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label={title} tabIndex={0}>
          <OrdersTable
            rows={rows}
            columns={columns}
            rules={rules}
            wording={wording}
            ctx={{ statuses, guest }}
            caption={`${title}, page ${view.page}`}
            stale={loading}
            busyIds={archive.busyIds}
            onToggleArchived={archive.toggleArchived}
          />
        </div>
      )}
    </>
  );
}
