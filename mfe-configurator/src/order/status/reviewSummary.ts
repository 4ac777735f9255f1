import type { OrderStatusEvent } from '@cpq/domain';

/** The last time the order was sent back for changes, and whether it was submitted again since. */
export interface SentBack {
  at: string;
  by: string | null;
  feedback: string;
  resubmittedAt: string | null;
}

/** From the order's timeline (oldest first): the last "Requires changes", and the submit that followed it. */
export function lastSentBack(events: readonly OrderStatusEvent[]): SentBack | null {
  let i = -1;
  for (let n = events.length - 1; n >= 0; n--) {
    if (events[n]!.action === 'requireChanges') {
      i = n;
      break;
    }
  }
  if (i < 0) return null;
  const e = events[i]!;
  const again = events.slice(i + 1).find((x) => x.action === 'submit');
  return { at: e.at, by: e.userName, feedback: e.note?.trim() ?? '', resubmittedAt: again?.at ?? null };
}
