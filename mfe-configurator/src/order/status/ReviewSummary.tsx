import { useEffect, useState } from 'react';
import { api } from '@cpq/client';
import { costLines, formatCents, revisionDiff, type Costs, type RevisionDiff } from '@cpq/domain';
import { Button } from '@cpq/ui';
import type { ItemView } from '../editor/itemViews.ts';
import type { Instance } from '../editor/writes.ts';
import { RevisionDiffView } from '../revisions/RevisionDiffView.tsx';
import { useAsync, type Async } from '../revisions/useRevisions.ts';
import { localDateTime } from './logic.ts';
import { lastSentBack, type SentBack } from './reviewSummary.ts';
import styles from './ReviewSummary.module.css';

export interface ReviewSummaryProps {
  orderId: number;
  /** The items in rank order. */
  items: readonly Instance[];
  views: ReadonlyMap<number, ItemView>;
  costs: Costs;
  pricingHidden: boolean;
  wordingOrder: string;
  /** The order's latest quote revision: the one under review (0 when it has none). */
  quoteRevision: number;
  /** Bumped after each status call: the timeline is read again. */
  historyVersion: number;
  onOpenEditor(): void;
}

type History = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; sentBack: SentBack | null };

/**
 * What an owner or member approves when a customer submits: each item with its quantity, choices and
 * price, the totals, and the feedback it was last sent back with. The editor is one button away.
 */
export function ReviewSummary(p: ReviewSummaryProps) {
  const [history, setHistory] = useState<History>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    api.getOrderStatusEvents({ productOrderId: p.orderId }).then(
      (events) => live && setHistory({ state: 'ready', sentBack: lastSentBack(events) }),
      () => live && setHistory({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [p.orderId, p.historyVersion]);
  // The order under review is its latest revision: what changed in it since the one before.
  const n = p.quoteRevision;
  const [changes, retryChanges] = useAsync<RevisionDiff | null>(
    () => (n > 1 ? api.getOrderRevision({ productOrderId: p.orderId, revisionNumber: n }).then((r) => (r.previous ? revisionDiff(r.previous, r.side) : null)) : Promise.resolve(null)),
    `${p.orderId}:${n}`,
  );

  const count = p.items.reduce((n, i) => n + (i.quantity ?? 1), 0);
  return (
    <section className={styles.summary} aria-labelledby="cfg-review-heading" data-testid="review-summary" data-tour="review-summary">
      <div className={styles.head}>
        <h2 id="cfg-review-heading" className={styles.title}>
          What you are approving
        </h2>
        <Button variant="secondary" onClick={p.onOpenEditor} data-testid="open-full-editor">
          Open the full editor
        </Button>
      </div>
      <p className={styles.muted}>
        {p.items.length === 1 ? '1 item' : `${p.items.length} items`}, {count === 1 ? '1 piece' : `${count} pieces`} in all.
      </p>

      <SentBackNote history={history} wordingOrder={p.wordingOrder} firstRevision={n <= 1} />
      {n > 1 && <ChangesSince since={n - 1} changes={changes} onRetry={retryChanges} />}

      <ul className={styles.items} aria-label="Items">
        {p.items.map((item) => {
          const v = p.views.get(item.id);
          if (!v) return null;
          return (
            <li key={item.id} className={styles.item} data-testid="review-item">
              <div className={styles.itemHead}>
                <span className={styles.itemTitle} data-testid="review-item-title">
                  {v.title}
                </span>
                {v.productTitle && <span className={styles.muted}>{v.productTitle}</span>}
              </div>
              {v.summary.length > 0 && (
                <p className={styles.options} data-testid="review-item-options">
                  {v.summary.map((s, i) => (
                    <span key={s.propertyId}>
                      {i > 0 && ', '}
                      {s.property}: <span className={s.isError ? styles.invalid : undefined}>{s.value}</span>
                    </span>
                  ))}
                </p>
              )}
              <p className={styles.figures}>
                <span data-testid="review-item-quantity">Quantity {item.quantity ?? 1}</span>
                {!p.pricingHidden && (
                  <>
                    <span className={styles.muted}>{formatCents(v.unitPriceInCents)} each</span>
                    <strong data-testid="review-item-total">{formatCents(v.totalPriceInCents)}</strong>
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ul>

      {!p.pricingHidden && (
        <dl className={styles.costs} data-testid="review-costs">
          {costLines(p.costs).map((l) => (
            <div key={l.key} className={l.emphasis ? styles.totalLine : undefined} data-testid={`review-cost-${l.key}`}>
              <dt>{l.label}</dt>
              <dd>{l.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function SentBackNote({ history, wordingOrder, firstRevision }: { history: History; wordingOrder: string; firstRevision: boolean }) {
  if (history.state === 'loading') {
    return (
      <p className={styles.muted} role="status">
        Reading the {wordingOrder}'s history…
      </p>
    );
  }
  if (history.state === 'failed') return <p className={styles.muted}>Whether this {wordingOrder} was sent back before could not be read.</p>;
  const s = history.sentBack;
  if (!s) {
    // Submitted again after a staff reopen: not sent back, nor a first submission (the changes say what is new).
    if (!firstRevision) return null;
    return (
      <p className={styles.muted} data-testid="review-first-submission">
        First submission: this {wordingOrder} has not been sent back before.
      </p>
    );
  }
  return (
    <div className={styles.sentBack} data-testid="review-sent-back">
      <p className={styles.sentBackLine}>
        Sent back for changes on {localDateTime(s.at)}
        {s.by ? ` by ${s.by}` : ''}
        {s.resubmittedAt ? `, submitted again on ${localDateTime(s.resubmittedAt)}` : ''}. The feedback was:
      </p>
      <blockquote className={styles.feedback} data-testid="review-sent-back-feedback">
        {s.feedback || '(no feedback written)'}
      </blockquote>
    </div>
  );
}

/** "What changed since revision N-1": the revision under review against the one before it. */
function ChangesSince({ since, changes, onRetry }: { since: number; changes: Async<RevisionDiff | null>; onRetry: () => void }) {
  let body;
  if (changes.state === 'loading') {
    body = (
      <p className={styles.muted} role="status">
        Comparing with revision {since}…
      </p>
    );
  } else if (changes.state === 'error') {
    body = (
      <p className={styles.muted} data-testid="review-changes-error">
        Revision {since} could not be read, so the changes are not listed ({changes.message}).{' '}
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </p>
    );
  } else if (!changes.value) {
    body = <p className={styles.muted}>Revision {since} was not kept, so the changes cannot be listed.</p>;
  } else body = <RevisionDiffView diff={changes.value} testId="review-diff" />;
  return (
    <section className={styles.changesBox} aria-labelledby="cfg-review-changes-heading" data-testid="review-changes">
      <h3 id="cfg-review-changes-heading" className={styles.changesTitle}>
        What changed since revision {since}
      </h3>
      {body}
    </section>
  );
}
