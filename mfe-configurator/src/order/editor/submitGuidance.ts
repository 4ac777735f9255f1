/**
 * Guidance around submit (decision 0091), as plain rules: which items still need options, in the
 * cart's order and with the cart's titles; and which of the page's notices a fix has answered, so
 * "A valid, 10-digit contact phone number…" goes once the phone is right, without a reload.
 */
import { submitDetailMissing, SUBMIT_PROBLEMS, type IncompleteItem, type SubmitProblemField } from '@cpq/domain';
import type { ItemView } from './itemViews.ts';
import { byRank } from './logic.ts';
import type { Instance, Order } from './writes.ts';

/** The items with required options unchosen, numbered as the cart numbers them. */
export function incompleteItemsOf(items: readonly Instance[], views: ReadonlyMap<number, Pick<ItemView, 'title' | 'completeness'>>): IncompleteItem[] {
  const out: IncompleteItem[] = [];
  byRank([...items]).forEach((item, n) => {
    const view = views.get(item.id);
    if (view && !view.completeness.complete) out.push({ id: item.id, rank: n + 1, title: view.title, missing: view.completeness.missing });
  });
  return out;
}

const DETAIL_MESSAGES: ReadonlyArray<[string, SubmitProblemField]> = [
  [SUBMIT_PROBLEMS.phone, 'phone'],
  [SUBMIT_PROBLEMS.deliveryAddress, 'deliveryAddress'],
  [SUBMIT_PROBLEMS.firmName, 'firmName'],
  [SUBMIT_PROBLEMS.clientEmails, 'clientEmails'],
];

/**
 * Whether a notice the submit checks raised no longer holds: the order detail it names now passes,
 * every item is valid again, or the item it names has every required option. Other notices stay.
 */
export function noticeAnswered(text: string, now: { order: Order; itemsValid: readonly boolean[]; incompleteItems: readonly IncompleteItem[] }): boolean {
  const detail = DETAIL_MESSAGES.find(([message]) => message === text);
  if (detail) return !submitDetailMissing(detail[1], now.order);
  if (text === SUBMIT_PROBLEMS.invalidItem) return now.itemsValid.every(Boolean);
  // "Choose … for item 2 “Hallway” before submitting.": answered once that item needs nothing more.
  const named = /^Choose .+ for item (\d+) “(.*)” before submitting\.$/s.exec(text);
  if (named) return !now.incompleteItems.some((i) => String(i.rank) === named[1] && i.title === named[2]);
  return false;
}
