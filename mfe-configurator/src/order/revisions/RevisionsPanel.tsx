import { useEffect, useId, useRef, useState } from 'react';
import { revisionDiff, formatCents, type OrderRevisionSummary, type OrderRevisionsResponse } from '@cpq/domain';
import { api } from '@cpq/client';
import { Button, ErrorPanel, Link } from '@cpq/ui';
import { errorMessage } from '../../shared/errors.ts';
import { localDateTime } from '../status/logic.ts';
import { ChangedSince } from './ChangedSince.tsx';
import { RestoreDialog, type RestoreOutcome } from './RestoreDialog.tsx';
import { RevisionDiffView } from './RevisionDiffView.tsx';
import { useAsync, useRevisions, type RevisionReader } from './useRevisions.ts';
import { FIRST_REVISION, OPEN_QUOTE, reasonWords, RESTORE_SPATIAL, restoreLockedWords, REVISIONS, revisionQuoteHref, START_FROM_THIS, WHAT_CHANGED } from './words.ts';
import styles from './Revisions.module.css';

export interface RevisionsPanelProps {
  orderId: number;
  orgSpecificId: number;
  employee: boolean;
  wordingOrder: string;
  /** The order is an open quote (its first step): what changed since the latest revision shows, and a restore is possible. */
  atFirstStep: boolean;
  /** At the review step: a restore needs "Requires Changes" first rather than a reopen. */
  atReview: boolean;
  /** Drawn on the architectural canvas: the server refuses a restore. */
  isSpatial: boolean;
  /** The order is known to have revisions (quoteRevision > 0): loading shows meanwhile. Otherwise nothing shows until some are read. */
  expected: boolean;
  /** Changes whenever the order may have changed (a status call, a write read back): the revisions are read again. */
  version: string;
  /** The editor's save state: each time edits are saved, the order now is read again (what changed since the latest). */
  saveState?: string;
  /** Resolves once the page's edits are saved (true) or some failed to save (false). */
  settle(): Promise<boolean>;
  /** After a restore: the page reads the order again; rejects when it could not. */
  onRestored(started: number, from: number): Promise<void>;
  /** Said once on arrival, with the focus on the panel (the page was read again after a restore). */
  notice?: string | null;
}

export const UNSAVED_BEFORE_RESTORE = 'Some changes could not be saved. Retry saving them first: they are kept in the revision history before a restore.';

/**
 * The order's quote revisions, newest first, for employees and customers: why and when each was
 * frozen, by whom, its total and acceptance, what changed in it, its quote; at the first step, what
 * changed since the latest; for employees, a new revision started from an earlier one.
 */
export function RevisionsPanel(p: RevisionsPanelProps) {
  const saves = useSaveCount(p.saveState);
  const { load, retry, revision } = useRevisions(p.orderId, `${p.version}:${saves}`);
  const [restoring, setRestoring] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lockedId = useId();
  const headingId = useId();
  const [notice] = useState(p.notice ?? null);
  useEffect(() => {
    if (notice) headingRef.current?.focus();
  }, [notice]);

  if (load.state !== 'ready' && !p.expected) return null;
  if (load.state === 'ready' && load.data.revisions.length === 0) return null;

  const restoreBlocked = p.isSpatial ? RESTORE_SPATIAL : p.atFirstStep ? null : restoreLockedWords(p.wordingOrder, p.atReview);

  const restore = async (n: number): Promise<RestoreOutcome> => {
    if (!(await p.settle())) return { kind: 'refused', message: UNSAVED_BEFORE_RESTORE };
    let started: number;
    try {
      started = (await api.restoreRevision({ productOrderId: p.orderId, revisionNumber: n })).revisionNumber;
    } catch (err) {
      // The server's sentence, as it is (e.g. reopen first).
      return { kind: 'refused', message: errorMessage(err) };
    }
    try {
      await p.onRestored(started, n);
    } catch {
      return { kind: 'reloadFailed', message: `Revision ${started} was started, but the ${p.wordingOrder} could not be read again. Reload the page to see it.` };
    }
    return { kind: 'done' };
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="revisions-panel">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
        {REVISIONS}
      </h2>
      {notice && (
        <p className={styles.notice} role="status" data-testid="revisions-notice">
          {notice}
        </p>
      )}
      {load.state === 'loading' && (
        <p className={styles.muted} role="status" data-testid="revisions-loading">
          Loading revisions…
        </p>
      )}
      {load.state === 'error' && <ErrorPanel heading="The revisions could not be loaded." detail={load.message} onRetry={retry} testId="revisions-error" />}
      {load.state === 'ready' && (
        <>
          {p.atFirstStep && <ChangedSince data={load.data} revision={revision} />}
          {p.employee && restoreBlocked && load.data.revisions.length > 1 && (
            <p id={lockedId} className={styles.muted} data-testid="restore-locked">
              {restoreBlocked}
            </p>
          )}
          <RevisionList
            data={load.data}
            orgSpecificId={p.orgSpecificId}
            revision={revision}
            {...(p.employee ? { onRestore: setRestoring, restoreBlockedId: restoreBlocked ? lockedId : null } : {})}
          />
        </>
      )}
      {restoring !== null && <RestoreDialog revisionNumber={restoring} onClose={() => setRestoring(null)} onConfirm={() => restore(restoring)} />}
    </section>
  );
}

/** How many times the editor's edits were saved while the panel was shown. */
function useSaveCount(saveState: string | undefined): number {
  const [count, setCount] = useState(0);
  const before = useRef(saveState);
  useEffect(() => {
    // A save that ended before the panel was shown is in what it reads first.
    if (saveState === 'saved' && before.current !== 'saved') setCount((n) => n + 1);
    before.current = saveState;
  }, [saveState]);
  return count;
}

function RevisionList({
  data,
  orgSpecificId,
  revision,
  onRestore,
  restoreBlockedId,
}: {
  data: OrderRevisionsResponse;
  orgSpecificId: number;
  revision: RevisionReader;
  /** Employees: start a new revision from an older one. */
  onRestore?: (n: number) => void;
  /** The explanation's id when a restore is not possible now (the buttons are disabled). */
  restoreBlockedId?: string | null;
}) {
  const latest = data.revisions[0]?.number;
  return (
    <ol className={styles.list} aria-label="Revisions, newest first">
      {data.revisions.map((r) => (
        <RevisionRow
          key={r.number}
          summary={r}
          orgSpecificId={orgSpecificId}
          revision={revision}
          {...(onRestore && r.number !== latest ? { onRestore: () => onRestore(r.number), restoreBlockedId: restoreBlockedId ?? null } : {})}
        />
      ))}
    </ol>
  );
}

function RevisionRow({
  summary: r,
  orgSpecificId,
  revision,
  onRestore,
  restoreBlockedId,
}: {
  summary: OrderRevisionSummary;
  orgSpecificId: number;
  revision: RevisionReader;
  onRestore?: () => void;
  restoreBlockedId?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <li className={styles.row} data-testid="revision-row" data-revision={r.number}>
      <div className={styles.rowHead}>
        <h3 className={styles.rowTitle}>
          Revision {r.number} <span className={styles.reason}>{reasonWords(r)}</span>
        </h3>
        {r.orderTotalInCents !== undefined && (
          <span className={styles.total} data-testid="revision-total">
            {formatCents(r.orderTotalInCents)}
          </span>
        )}
      </div>
      <p className={styles.meta}>
        <time dateTime={r.at}>{localDateTime(r.at)}</time>
        {r.userName && <> · by {r.userName}</>}
      </p>
      {r.acceptance && (
        <p className={styles.accepted} data-testid="revision-accepted">
          Accepted by {r.acceptance.fullName}
          <span className={styles.muted}> · {localDateTime(r.acceptance.at)}</span>
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((o) => !o)} data-testid="revision-what-changed">
          {WHAT_CHANGED}
          <span aria-hidden="true" className={open ? styles.chevronOpen : styles.chevron}>
            ▾
          </span>
        </Button>
        <Link href={revisionQuoteHref(orgSpecificId, r.number)} className={styles.link} data-testid="revision-open-quote">
          {OPEN_QUOTE}
        </Link>
        {onRestore && (
          <Button variant="secondary" onClick={onRestore} disabled={!!restoreBlockedId} {...(restoreBlockedId ? { 'aria-describedby': restoreBlockedId } : {})} data-testid="revision-restore">
            {START_FROM_THIS}
          </Button>
        )}
      </div>
      <div id={regionId} className={styles.changes} hidden={!open}>
        {open && <RowChanges n={r.number} revision={revision} />}
      </div>
    </li>
  );
}

/** What changed in revision n since the one before (the first has none before it). */
function RowChanges({ n, revision }: { n: number; revision: RevisionReader }) {
  const [diff, retry] = useAsync(() => revision(n).then((r) => (r.previous ? revisionDiff(r.previous, r.side) : null)), String(n));
  if (diff.state === 'loading') {
    return (
      <p className={styles.muted} role="status">
        Loading the changes…
      </p>
    );
  }
  if (diff.state === 'error') return <ErrorPanel heading="The changes could not be loaded." detail={diff.message} onRetry={retry} testId="revision-changes-error" />;
  if (!diff.value) {
    return (
      <p className={styles.muted} data-testid="revision-first">
        {FIRST_REVISION}
      </p>
    );
  }
  return <RevisionDiffView diff={diff.value} />;
}
