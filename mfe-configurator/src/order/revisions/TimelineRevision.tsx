import { useId, useState } from 'react';
import type { OrderStatusEvent } from '@cpq/domain';
import { CHANGES_SHOWN, NO_CHANGES, SHOW_ALL_CHANGES } from './words.ts';
import styles from './Revisions.module.css';

/** The revision actions' titles on the timeline; null for the other actions (the status words name them). */
export function revisionEventTitle(e: Pick<OrderStatusEvent, 'action' | 'revisionNumber'>): string | null {
  const n = e.revisionNumber ?? null;
  switch (e.action) {
    case 'restoreRevision':
      return n ? `Started revision ${n} from an earlier one` : 'Started a revision from an earlier one';
    case 'amendRevision':
      return n ? `Revision ${n}: the approved quote changed` : 'The approved quote changed';
    case 'acceptQuote':
      return n ? `Quote accepted (revision ${n})` : 'Quote accepted';
    default:
      return null;
  }
}

/**
 * Under a timeline event that froze a revision: "Revision n" and what changed in it since the one
 * before, the first few lines then all on request. Nothing when the event names no revision, or when
 * its title already says the number and there are no changes to list (an acceptance).
 */
export function TimelineRevision({ event }: { event: Pick<OrderStatusEvent, 'action' | 'revisionNumber' | 'changes'> }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const n = event.revisionNumber;
  if (!n) return null;
  const changes = event.changes;
  if (!changes && revisionEventTitle(event) !== null) return null;
  const shown = !changes ? [] : all ? changes : changes.slice(0, CHANGES_SHOWN);
  return (
    <div data-testid="history-revision">
      <p className={styles.eventRevision}>Revision {n}</p>
      {changes && changes.length === 0 && <p className={styles.muted}>{NO_CHANGES}</p>}
      {shown.length > 0 && (
        <ul id={listId} className={styles.eventChanges} aria-label={`Changes in revision ${n}`}>
          {shown.map((c, i) => (
            <li key={i} data-testid="history-change">
              {c}
            </li>
          ))}
        </ul>
      )}
      {/* One button that stays where it is (the focus with it): all, then fewer again. */}
      {changes && changes.length > CHANGES_SHOWN && (
        <button type="button" className={styles.showAll} aria-expanded={all} aria-controls={listId} onClick={() => setAll((a) => !a)} data-testid="history-show-all">
          {all ? 'Show fewer changes' : SHOW_ALL_CHANGES(changes.length)}
        </button>
      )}
    </div>
  );
}
