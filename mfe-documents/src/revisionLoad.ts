/**
 * What the documents page needs to know of quote revisions (docs/decisions/0122-quote-revisions.md):
 * the revision it prints when the address names one (its order data and catalogue as they were then,
 * so it prints exactly as it did when it was current), and the order's latest revision and whether the
 * order changed since (the header's "Revision" field and the on-screen notice).
 */
import { api, type Catalogue, type LoadedOrder, type OrderData } from '@cpq/client';
import type { OrderDataProductOrder, QuoteAcceptance } from '@cpq/domain';

export interface ShownRevision {
  number: number;
  /** When it was frozen (UTC, 'YYYY-MM-DD HH:MM:SS'). */
  at: string;
  acceptance: QuoteAcceptance | null;
}

export interface RevisionContext {
  /** The revision printed; null: the order as it is now. */
  shown: ShownRevision | null;
  /** The order's latest revision (0: never submitted). */
  latest: number;
  /** The order changed since its latest revision (asked only when it matters; false otherwise). */
  changedSinceLatest: boolean;
}

export interface RevisionLoad extends LoadedOrder {
  revisions: RevisionContext;
}

/**
 * The live order as loaded, or the revision asked for in its place, with the revision context. The list
 * of revisions is asked for only when its answer is shown: on the live page of a submitted order (draft
 * or not), and on screen above the latest revision (current or not). A missing revision rejects with
 * the server's 404 ("This order has no revision N.").
 */
export async function loadRevision(live: LoadedOrder, revision: number | null, onScreen: boolean): Promise<RevisionLoad> {
  const latest = live.order.quoteRevision ?? 0;
  const productOrderId = live.order.id;
  const asksChanged = latest > 0 && (revision === null || (onScreen && revision === latest));
  const [one, all] = await Promise.all([
    revision === null ? null : api.getOrderRevision({ productOrderId, revisionNumber: revision }),
    asksChanged ? api.getOrderRevisions({ productOrderId }) : null,
  ]);
  const changedSinceLatest = all?.changedSinceLatest ?? false;
  if (!one) return { ...live, revisions: { shown: null, latest, changedSinceLatest } };
  // The same shapes as the live answers (get-configurator-order-data and the catalogue), as they were then.
  const data = one.orderData as OrderData;
  const catalogue = one.catalogue as Catalogue;
  const order: OrderDataProductOrder | undefined = data.productOrders.find((o) => o.orgSpecificId === live.order.orgSpecificId) ?? data.productOrders[0];
  if (!order) throw new Error(`Revision ${one.revision.number} of this order could not be read.`);
  return {
    order,
    data,
    catalogue,
    revisions: { shown: { number: one.revision.number, at: one.revision.at, acceptance: one.revision.acceptance }, latest, changedSinceLatest },
  };
}

/** The header's "Revision": the revision shown; on the live page its latest (a draft when changed since); none before submission. */
export function revisionLabel(r: RevisionContext): { number: number; draft: boolean } | null {
  if (r.shown) return { number: r.shown.number, draft: false };
  return r.latest > 0 ? { number: r.latest, draft: r.changedSinceLatest } : null;
}

/** A stored UTC timestamp ('YYYY-MM-DD HH:MM:SS', or ISO) as a Date; null when it is no date. */
export function revisionTime(at: string): Date | null {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(at) ? `${at.replace(' ', 'T')}Z` : at;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}
