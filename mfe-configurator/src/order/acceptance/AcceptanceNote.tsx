import { useEffect, useRef } from 'react';
import { Link } from '@cpq/ui';
import { localDateTime } from '../status/logic.ts';
import type { QuoteAcceptanceModel } from './useQuoteAcceptance.ts';
import { LoadState } from './LoadState.tsx';
import { ACCEPTANCE_SUPERSEDED, CUSTOMER_ACCEPTED, DOWNLOAD_SIGNED_QUOTE, LOADING_ACCEPTANCE, quoteRevisionHref, YOU_ACCEPTED } from './words.ts';
import styles from './Acceptance.module.css';

/**
 * The current quote's acceptance: who accepted which revision and when, with the signed quote (the
 * revision's documents carry the acceptance). Takes the focus when this page just recorded it.
 */
export function AcceptedNote({ model, orgSpecificId }: { model: QuoteAcceptanceModel; orgSpecificId: number }) {
  const { acceptance } = model;
  const ref = useRef<HTMLDivElement>(null);
  // The card's button had the focus: the note that replaces it takes it, so keyboard users stay here.
  const justRecorded = model.recorded !== null && model.recorded.revisionNumber === model.acceptedRevision;
  const known = acceptance !== null;
  useEffect(() => {
    if (justRecorded && known) ref.current?.focus();
  }, [justRecorded, known]);
  if (!acceptance) {
    return (
      <div className={styles.box} data-testid="acceptance-note-pending">
        <LoadState model={model} loading={LOADING_ACCEPTANCE} />
      </div>
    );
  }
  const n = acceptance.revisionNumber;
  const when = localDateTime(acceptance.at);
  return (
    <div ref={ref} tabIndex={-1} className={`${styles.box} ${styles.accepted}`} role="status" data-testid="acceptance-note">
      <p className={styles.text} data-testid="acceptance-note-text">
        {model.mine ? YOU_ACCEPTED(n, when, acceptance.fullName) : CUSTOMER_ACCEPTED(n, when, acceptance.fullName)}
      </p>
      <p className={styles.text}>
        <Link href={quoteRevisionHref(orgSpecificId, n)} className={styles.link} data-testid="signed-quote">
          {DOWNLOAD_SIGNED_QUOTE}
        </Link>
      </p>
    </div>
  );
}

/** An earlier revision was accepted and the quote changed since (for those who do not see the card). */
export function SupersededNote({ accepted, current }: { accepted: number; current: number }) {
  return (
    <p className={`${styles.box} ${styles.superseded} ${styles.text}`} role="note" data-testid="acceptance-superseded">
      {ACCEPTANCE_SUPERSEDED(accepted, current)}
    </p>
  );
}
