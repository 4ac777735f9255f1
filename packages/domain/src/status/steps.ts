import type { ProductOrderStatus, StatusData, StatusEntry } from './types.ts';

/** Whether statusData holds an entry of its own under this key (not one inherited from Object). */
export function hasEntry(statusData: StatusData, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(statusData, key);
}

/** Position of a step in the organisation's order, -1 when the organisation has no such step. */
export function stepIndex(statuses: readonly ProductOrderStatus[], key: string | null): number {
  if (key === null) return -1;
  return statuses.findIndex((s) => s.key === key);
}

/** The last step, in the organisation's order, that the order has reached; null when it has reached none. */
export function lastCompletedKey(statuses: readonly ProductOrderStatus[], statusData: StatusData): string | null {
  for (let i = statuses.length - 1; i >= 0; i--) {
    const key = statuses[i]!.key;
    if (hasEntry(statusData, key)) return key;
  }
  return null;
}

/** The step the order is at: the last one it reached. */
export function currentStatus(statuses: readonly ProductOrderStatus[], statusData: StatusData): ProductOrderStatus | null {
  const key = lastCompletedKey(statuses, statusData);
  return key === null ? null : (statuses.find((s) => s.key === key) ?? null);
}

/** The statusData of a new (or cancelled) order: only its first step, reached now. */
export function newStatusData(statuses: readonly ProductOrderStatus[], now: string): StatusData {
  const first = statuses[0];
  if (!first) return {};
  const entry: StatusEntry = { date: now };
  return { [first.key]: entry };
}

/** The steps a person sees: guests only those the organisation shows to guests. */
export function visibleStatuses(statuses: readonly ProductOrderStatus[], guest: boolean): ProductOrderStatus[] {
  return guest ? statuses.filter((s) => s.isVisibleToGuest === 1) : [...statuses];
}

/** A dot is lit when statusData names the step by its type (older orders) or by its key. */
export function isDotLit(status: ProductOrderStatus, statusData: StatusData): boolean {
  return hasEntry(statusData, status.type) || hasEntry(statusData, status.key);
}

/** Milestones are drawn larger, except on stocked orders where every step weighs the same. */
export function isDotLarge(status: ProductOrderStatus, isStocked: 0 | 1 | boolean): boolean {
  return status.isMilestone === true && !isStocked;
}

export function statusTitle(status: ProductOrderStatus, isStocked: 0 | 1 | boolean): string {
  return isStocked && status.stockedOrderTitle ? status.stockedOrderTitle : status.title;
}

export function statusDescription(status: ProductOrderStatus, isStocked: 0 | 1 | boolean): string | null {
  if (isStocked && status.stockedOrderDescription) return status.stockedOrderDescription;
  return status.description ?? null;
}
