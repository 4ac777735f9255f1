/** The words of the order page's quote revisions (decision 0122): reasons, the restore question, the quote link. */
import type { OrderRevisionSummary } from '@cpq/domain';

export const REVISIONS = 'Revisions';
export const WHAT_CHANGED = 'What changed';
export const FIRST_REVISION = 'First revision.';
export const NO_CHANGES = 'No changes.';
export const OPEN_QUOTE = 'Open quote';
export const START_FROM_THIS = 'Start a new revision from this one';
export const START_NEW_REVISION = 'Start new revision';

/** Why a revision was frozen, as a person reads it. */
export function reasonWords(r: Pick<OrderRevisionSummary, 'reason' | 'restoredFrom'>): string {
  switch (r.reason) {
    case 'submitted':
      return 'Submitted';
    case 'reopened':
      return 'Reopened for changes';
    case 'restored':
      return r.restoredFrom === null ? 'Restored from an earlier revision' : `Restored from revision ${r.restoredFrom}`;
    case 'approved':
      return 'Changed by the approver before approval';
    case 'amended':
      return 'Changed after approval';
    case 'kept':
      return 'Draft kept before a restore';
  }
}

export const RESTORE_QUESTION = (n: number) =>
  `Start a new revision from revision ${n}? The order takes back its items and details, and is priced again. Nothing is deleted: the current items stay in the revision history.`;

/**
 * Why an earlier revision cannot be restored now (the server refuses it too): only an open quote takes
 * one back. At the review step it is sent back; past it, reopened.
 */
export function restoreLockedWords(wordingOrder: string, atReview: boolean): string {
  return atReview
    ? `An earlier revision can be restored only while the ${wordingOrder} can be edited: send it back with "Requires Changes" first.`
    : `An earlier revision can be restored only while the ${wordingOrder} can be edited: reopen it for changes first.`;
}

/** Drawn on the architectural canvas: its drawing would not come back with the items (the server's reason). */
export const RESTORE_SPATIAL =
  'An order drawn on the architectural canvas cannot be restored from an earlier revision: its drawing would not come back with it. Make the changes on the canvas instead.';

/** Said after a restore, once the order was read again. */
export const RESTORED_NOTICE = (started: number, from: number) => `Revision ${started} started from revision ${from}. The items and details are back as they were then, priced again.`;

/** The quote of one revision, as the documents page prints it. */
export const revisionQuoteHref = (orgSpecificId: number, n: number): string => `/orders/${orgSpecificId}/documents?mode=quote&revision=${n}`;

export const SHOW_ALL_CHANGES = (count: number) => `Show all ${count} changes`;
/** How many of a timeline entry's changes show before "Show all". */
export const CHANGES_SHOWN = 5;
