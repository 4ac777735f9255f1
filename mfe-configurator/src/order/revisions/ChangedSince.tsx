import { useId, useMemo } from 'react';
import { revisionDiff, type OrderRevisionsResponse, type RevisionSide } from '@cpq/domain';
import { ErrorPanel } from '@cpq/ui';
import { RevisionDiffView } from './RevisionDiffView.tsx';
import { useAsync, type RevisionReader } from './useRevisions.ts';
import styles from './Revisions.module.css';

/**
 * At the first step of an order submitted before (sent back, or reopened by staff): what changed since
 * its latest revision, the one the next submission will be compared with.
 */
export function ChangedSince({ data, revision }: { data: OrderRevisionsResponse; revision: RevisionReader }) {
  const headingId = useId();
  const latest = data.revisions[0]?.number ?? 0;
  const changed = data.changedSinceLatest;
  // The latest revision's side is read once, and only when there is something to compare; the order now comes with every read of the list.
  const [side, retry] = useAsync<RevisionSide | null>(() => (changed ? revision(latest).then((r) => r.side) : Promise.resolve(null)), `${latest}:${changed}`);
  const diff = useMemo(() => (side.state === 'ready' && side.value && changed ? revisionDiff(side.value, data.current) : null), [side, changed, data.current]);
  if (latest === 0) return null;
  let body;
  if (!changed) {
    body = (
      <p className={styles.muted} data-testid="changed-since-none">
        No changes since revision {latest} yet.
      </p>
    );
  } else if (side.state === 'loading') {
    body = (
      <p className={styles.muted} role="status">
        Comparing with revision {latest}…
      </p>
    );
  } else if (side.state === 'error') {
    body = <ErrorPanel heading={`Revision ${latest} could not be read, so the changes are not listed.`} detail={side.message} onRetry={retry} testId="changed-since-error" />;
  } else if (diff) {
    body = <RevisionDiffView diff={diff} testId="changed-since-diff" />;
  }
  return (
    <section className={styles.since} aria-labelledby={headingId} data-testid="changed-since">
      <h3 id={headingId} className={styles.sinceTitle}>
        What changed since revision {latest}
      </h3>
      {body}
    </section>
  );
}
