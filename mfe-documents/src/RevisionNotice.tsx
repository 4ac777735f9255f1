import { activeDateSettings } from '@cpq/client';
import { formatDate, type DateSettings } from '@cpq/domain';
import { Link } from '@cpq/ui';
import type { ShownRevision } from './revisionLoad.ts';
import styles from './RevisionNotice.module.css';

export interface RevisionNoticeProps {
  shown: Pick<ShownRevision, 'number' | 'at'>;
  /** The order's latest revision and whether it changed since. */
  latest: number;
  changedSinceLatest: boolean;
  /** The same page without the revision. */
  currentHref: string;
  /** The reader's date settings (the organisation's locale and zone, else the reader's zone). */
  dateSettings?: DateSettings;
}

/**
 * On screen above a revision's document (never printed): which revision this is and when it was, with a
 * way to the current quote; or that it is the current quote, when it is the latest and nothing changed since.
 */
export function RevisionNotice({ shown, latest, changedSinceLatest, currentHref, dateSettings = activeDateSettings() }: RevisionNoticeProps) {
  if (shown.number === latest && !changedSinceLatest) {
    return (
      <p className={styles.notice} data-testid="revision-notice">
        This is the current quote (revision {shown.number}).
      </p>
    );
  }
  const date = formatDate(shown.at, { ...dateSettings, style: 'date' });
  return (
    <p className={styles.notice} data-testid="revision-notice">
      <span>
        You are looking at revision {shown.number}, as it was on {date}.
      </span>{' '}
      <Link href={currentHref} className={styles.link} data-testid="current-quote-link">
        See the current quote
      </Link>
    </p>
  );
}
