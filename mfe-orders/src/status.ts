import type { ProductOrderStatus } from '@cpq/domain';

type StatusData = Record<string, unknown>;

/** Statuses a role may see: guests (and guest mode) only those marked isVisibleToGuest 1. */
export function visibleStatuses(statuses: readonly ProductOrderStatus[], guest: boolean): ProductOrderStatus[] {
  return guest ? statuses.filter((s) => s.isVisibleToGuest === 1) : [...statuses];
}

/** The last status, in the organisation's order, that the order's statusData has reached. */
export function lastCompletedStatus(statusData: StatusData, statuses: readonly ProductOrderStatus[]): ProductOrderStatus | null {
  let last: ProductOrderStatus | null = null;
  for (const s of statuses) if (Object.prototype.hasOwnProperty.call(statusData, s.key)) last = s;
  return last;
}

export interface StatusCell {
  /** The title shown ('' when the order has reached no known status). */
  title: string;
  /** The computed status differs from the order's stored lastCompletedStatusKey (drawn red). */
  mismatch: boolean;
  /** Title of the stored status, for the hint on a mismatch (null when unknown or hidden from the role). */
  storedTitle: string | null;
}

function titleOf(s: ProductOrderStatus, isStocked: boolean): string {
  return isStocked && s.stockedOrderTitle ? s.stockedOrderTitle : s.title;
}

/**
 * The status column: the last completed status computed from statusData against the organisation's
 * status order, and whether it disagrees with the stored key. A guest is shown the last completed
 * status they may see.
 */
export function statusCell(
  row: { statusData: StatusData; lastCompletedStatusKey: string | null; isStocked: number },
  statuses: readonly ProductOrderStatus[],
  guest: boolean,
): StatusCell {
  const computed = lastCompletedStatus(row.statusData, statuses);
  const shown = guest && computed && computed.isVisibleToGuest !== 1 ? lastCompletedStatus(row.statusData, visibleStatuses(statuses, true)) : computed;
  const stocked = row.isStocked === 1;
  const stored = visibleStatuses(statuses, guest).find((s) => s.key === row.lastCompletedStatusKey) ?? null;
  const mismatch = (computed?.key ?? null) !== (row.lastCompletedStatusKey ?? null);
  return {
    title: shown ? titleOf(shown, stocked) : '',
    mismatch,
    storedTitle: stored ? titleOf(stored, stocked) : null,
  };
}
