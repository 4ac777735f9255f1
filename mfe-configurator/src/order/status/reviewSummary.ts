import type { Costs, OrderStatusEvent, SentBackItem, SentBackSide } from '@cpq/domain';
import type { ItemView } from '../editor/itemViews.ts';
import type { Instance } from '../editor/writes.ts';

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

/**
 * The order as the reviewer sees it now, in the shape of the copy kept when it was sent back: the
 * items in rank order with their choices as the cart words them; no amounts when prices are hidden.
 */
export function currentSide(items: readonly Instance[], views: ReadonlyMap<number, ItemView>, costs: Costs, pricingHidden: boolean): SentBackSide {
  const out: SentBackItem[] = [];
  for (const item of items) {
    const v = views.get(item.id);
    if (!v) continue;
    out.push({
      id: item.id,
      title: v.title.trim(),
      productId: item.productId,
      quantity: item.quantity ?? 1,
      options: v.summary.map((s) => ({ property: s.property, value: s.value })),
      ...(pricingHidden ? {} : { unitPriceInCents: v.unitPriceInCents, totalPriceInCents: v.totalPriceInCents }),
    });
  }
  return pricingHidden ? { items: out } : { items: out, orderTotalInCents: costs.orderTotal };
}
