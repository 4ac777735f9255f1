import { useEffect, useState } from 'react';
import { api } from '@cpq/client';
import { formatCents, paymentMethodTitle, statusTitle, type OrderStatusEvent } from '@cpq/domain';
import { ErrorPanel } from '@cpq/ui';
import { errorMessage } from '../../shared/errors.ts';
import { revisionEventTitle, TimelineRevision } from '../revisions/TimelineRevision.tsx';
import { ACTION_WORDS, emptyHistoryText, HISTORY, localDateTime } from './logic.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';
import styles from './Status.module.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; events: OrderStatusEvent[] };

/** The order's status timeline, for employees: who moved it, when, from which step to which, payments, and the quote revisions with what changed in each. */
export function StatusHistory({ status }: { status: OrderStatusModel }) {
  const { order, statuses, facts, settings, historyVersion } = status;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    // Keep showing the list while it is read again after a status call.
    setLoad((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    api.getOrderStatusEvents({ productOrderId: order.id }).then(
      (events) => live && setLoad({ state: 'ready', events }),
      (err: unknown) => live && setLoad({ state: 'error', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [order.id, historyVersion, attempt]);

  const titleOf = (key: string | null) => {
    if (!key) return null;
    const s = statuses.find((x) => x.key === key);
    return s ? statusTitle(s, facts.isStocked) : key;
  };
  // A card payment names the provider that took it: it reads as the organisation's card method.
  const methodOf = (key: string | null) => (key ? paymentMethodTitle(key, settings.paymentMethods) : null);

  return (
    <section className={styles.history} aria-labelledby="cfg-history-heading" data-testid="status-history">
      <h2 id="cfg-history-heading" className={styles.boxTitle}>
        {HISTORY}
      </h2>
      {load.state === 'loading' && (
        <p className={styles.muted} role="status" data-testid="history-loading">
          Loading history…
        </p>
      )}
      {load.state === 'error' && (
        <ErrorPanel heading="The history could not be loaded." detail={load.message} onRetry={() => setAttempt((n) => n + 1)} testId="history-error" />
      )}
      {load.state === 'ready' && load.events.length === 0 && (
        <p className={styles.muted} data-testid="history-empty">
          {emptyHistoryText(statuses, status.current)}
        </p>
      )}
      {load.state === 'ready' && load.events.length > 0 && (
        <ol className={styles.events}>
          {load.events.map((e) => {
            const from = titleOf(e.fromStatusKey);
            const to = titleOf(e.toStatusKey);
            const method = methodOf(e.paymentMethod);
            return (
              <li key={e.id} className={styles.event} data-testid="history-event">
                <div className={styles.eventHead}>
                  <strong>{revisionEventTitle(e) ?? ACTION_WORDS[e.action] ?? e.action}</strong>
                  <span className={styles.muted}>
                    {e.userName ?? (e.userId === null ? 'Payment provider' : `User ${e.userId}`)} · <time dateTime={e.at}>{localDateTime(e.at)}</time>
                  </span>
                </div>
                {(from || to) && from !== to && (
                  <p className={styles.eventLine} data-testid="history-steps">
                    {from ?? '—'} → {to ?? '—'}
                  </p>
                )}
                {(e.amountInCents !== null || method) && (
                  <p className={styles.eventLine} data-testid="history-payment">
                    {e.amountInCents !== null ? formatCents(e.amountInCents) : ''}
                    {e.amountInCents !== null && method ? ' · ' : ''}
                    {method ?? ''}
                  </p>
                )}
                {e.note && <p className={`${styles.eventLine} ${styles.notes}`}>{e.note}</p>}
                <TimelineRevision event={e} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
