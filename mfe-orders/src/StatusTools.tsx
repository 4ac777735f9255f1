import type { OrdersCountResponse, ProductOrderStatus } from '@cpq/domain';
import type { OrdersShortcut } from '@cpq/plugin-sdk';
import { capitalize } from './format.ts';
import { withFilters, withShortcut, type OrdersListView } from './query.ts';
import type { GoToView } from './types.ts';
import styles from './OrdersPage.module.css';

export interface StatusToolsProps {
  view: OrdersListView;
  change: GoToView;
  ordersWord: string;
  /** The organisation's statuses, in its order. */
  statuses: readonly ProductOrderStatus[];
  showCounts: boolean;
  /** The counts as loaded (null until they are); `reload` asks again. */
  statusCounts: { counts: OrdersCountResponse | null; failed: boolean; reload: () => void };
  shortcuts: readonly OrdersShortcut[];
}

/** The employees' tools under the toolbar: a chip per status with its count, and the shortcuts. Each one filters the list. */
export function StatusTools({ view, change, ordersWord, statuses, showCounts, statusCounts, shortcuts }: StatusToolsProps) {
  const { counts, failed, reload } = statusCounts;
  if (!showCounts && shortcuts.length === 0) return null;
  return (
    <div className={styles.tools}>
      {showCounts ? (
        <div className={styles.chips} role="group" aria-label={`${capitalize(ordersWord)} by status`} data-testid="status-counts">
          {statuses.map((s) => {
            const n = counts?.productOrderCountsByStatusKey[s.key];
            return (
              <button
                key={s.key}
                type="button"
                className={styles.chip}
                aria-pressed={view.status === s.key && !view.pp}
                onClick={() => change(withShortcut(view, { statusKey: s.key }))}
                data-testid={`status-count-${s.key}`}
              >
                {s.title}
                <span className={styles.visuallyHidden}>: </span>
                <span className={styles.count}>{n === undefined ? (failed ? '?' : '…') : n}</span>
              </button>
            );
          })}
          {failed ? (
            <button type="button" className={styles.linkButton} onClick={reload}>
              Counts unavailable — retry
            </button>
          ) : null}
        </div>
      ) : null}
      {shortcuts.length > 0 ? (
        <div className={styles.chips} role="group" aria-label="Shortcuts">
          {shortcuts.map((s) => {
            const status = statuses.find((st) => st.key === s.statusKey);
            const meaning = s.processingPayment ? 'Payment processing' : (status?.title ?? '');
            const pressed = s.processingPayment ? view.pp : view.status === s.statusKey && !view.pp;
            return (
              <button
                key={s.label}
                type="button"
                className={`${styles.chip} ${styles.shortcut}`}
                aria-pressed={pressed}
                title={meaning}
                onClick={() => change(withShortcut(view, s))}
                data-testid={`shortcut-${s.label}`}
              >
                {s.label}
                <span className={styles.visuallyHidden}>: {meaning}</span>
                {s.processingPayment && counts ? (
                  <>
                    <span className={styles.visuallyHidden}>, </span>
                    <span className={styles.count}>{counts.processingPaymentCount}</span>
                  </>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

/** Under the tools while the processing-payment filter is on: what it shows, and the way back to every status. */
export function PaymentFilterNote({ view, change, ordersWord }: { view: OrdersListView; change: GoToView; ordersWord: string }) {
  if (!view.pp) return null;
  return (
    <p className={styles.activeFilter}>
      Only {ordersWord} whose payment is processing.{' '}
      <button type="button" className={styles.linkButton} onClick={() => change(withFilters(view, { pp: false }))}>
        Show all statuses
      </button>
    </p>
  );
}
