import type { OrdersListRow } from '@cpq/domain';
import styles from './OrdersPage.module.css';

/** The badge's accessible name and hover text: the word and the revision the customer accepted. */
export const acceptedText = (revision: number) => `Accepted, revision ${revision}`;

/**
 * "Accepted" beside an order whose customer accepted its current quote; nothing otherwise. A quote
 * changed since (a new revision) is not accepted any more, which the server decides (quoteAccepted).
 */
export function AcceptedBadge({ row, className }: { row: Pick<OrdersListRow, 'quoteAccepted' | 'acceptedRevision'>; className?: string }) {
  if (!row.quoteAccepted || row.acceptedRevision == null) return null;
  const text = acceptedText(row.acceptedRevision);
  // One name for every reader, as the price-rule mark does: the word and the revision, shown on hover too.
  return (
    <span className={`${styles.acceptedBadge} ${className ?? ''}`} role="img" aria-label={text} title={text} data-testid="quote-accepted">
      <span aria-hidden="true">✓ </span>Accepted
    </span>
  );
}
