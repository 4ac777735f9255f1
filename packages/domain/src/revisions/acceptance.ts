/**
 * When a customer may accept a quote online, and when payment waits for it (decision 0122). The API
 * decides with these inside the transaction that records an acceptance or a payment; the page uses
 * the same sentences.
 */
import type { ProductOrderStatus } from '../schemas/org.ts';
import type { StatusData } from '../status/types.ts';
import { currentStatus, stepIndex } from '../status/steps.ts';

export const ACCEPTANCE_REFUSALS = {
  noRevision: 'This order has no quote to accept yet: it has not been submitted.',
  notApproved: 'This quote can be accepted once it has been approved.',
  notPriced: 'This quote has no price yet, so it cannot be accepted.',
  notCustomer: "Only the customer (the order's owner, or someone it is shared with) can accept this quote.",
  pricesHidden: 'Prices are hidden from you on this order, so you cannot accept its quote. Please ask the person who shared it with you.',
  staleRevision: (shown: number, latest: number) =>
    `This quote has changed since you opened it: you read revision ${shown}, and revision ${latest} is now current. Reload the order, read the current quote, then accept it.`,
  changedSinceRevision: (latest: number) =>
    `This order has been changed since revision ${latest} was issued. It needs to be submitted and approved again before its quote can be accepted.`,
  unknownRevision: (n: number) => `This order has no revision ${n}.`,
} as const;

/** The person must accept the current quote first (the organisation asks for it before payment). */
export const PAYMENT_NEEDS_ACCEPTANCE = 'Please accept the quote before paying: open the quote, type your full name, tick the terms and accept.';

/** The order has passed its approval step: at a step after "submitted for approval" (after the first step where there is none). */
export function isApproved(statuses: readonly ProductOrderStatus[], statusData: StatusData): boolean {
  const current = currentStatus(statuses, statusData);
  if (!current) return false;
  const approval = statuses.findIndex((s) => s.type === 'submittedForApproval');
  const gate = approval >= 0 ? approval : statuses.findIndex((s) => s.type === 'orderStarted');
  return stepIndex(statuses, current.key) > gate;
}

export interface AcceptanceFacts {
  statuses: readonly ProductOrderStatus[];
  statusData: StatusData;
  orderTotalInCents: number;
  /** The latest revision's number; null when the order was never submitted. */
  latestRevision: number | null;
  /** The revision the person read and accepts. */
  shownRevision: number;
  /** The order's content differs from its latest revision. */
  changedSinceLatest: boolean;
  /** The person is the order's owner or someone it is shared with. */
  isCustomer: boolean;
  pricesVisible: boolean;
}

/** Why this acceptance is refused, or null: the first reason wins, in the order a person fixes them. */
export function acceptanceProblem(f: AcceptanceFacts): string | null {
  if (!f.isCustomer) return ACCEPTANCE_REFUSALS.notCustomer;
  if (!f.pricesVisible) return ACCEPTANCE_REFUSALS.pricesHidden;
  if (f.latestRevision === null) return ACCEPTANCE_REFUSALS.noRevision;
  if (f.shownRevision > f.latestRevision) return ACCEPTANCE_REFUSALS.unknownRevision(f.shownRevision);
  if (f.shownRevision !== f.latestRevision) return ACCEPTANCE_REFUSALS.staleRevision(f.shownRevision, f.latestRevision);
  if (f.changedSinceLatest) return ACCEPTANCE_REFUSALS.changedSinceRevision(f.latestRevision);
  if (!isApproved(f.statuses, f.statusData)) return ACCEPTANCE_REFUSALS.notApproved;
  if (!(f.orderTotalInCents > 0)) return ACCEPTANCE_REFUSALS.notPriced;
  return null;
}

/** The current quote is accepted: the revision accepted is the order's latest (any later change is a new revision). */
export function isQuoteAccepted(order: { quoteRevision?: number | null; acceptedRevision?: number | null }): boolean {
  return order.acceptedRevision != null && order.acceptedRevision === (order.quoteRevision ?? 0);
}

/**
 * A customer's payment waits for their acceptance when the organisation asks for it and the current
 * quote is not accepted. Staff recording money that arrived are not held up by it, nor is an order
 * with no revision at all (approved before revisions were kept: there is no quote to accept).
 */
export function paymentAwaitsAcceptance(f: { required: boolean; customer: boolean; order: { quoteRevision?: number | null; acceptedRevision?: number | null } }): boolean {
  return f.required && f.customer && (f.order.quoteRevision ?? 0) > 0 && !isQuoteAccepted(f.order);
}

/** When an organisation prints no terms under its quotes, the customer agrees to this. */
export const DEFAULT_ACCEPTANCE_TERMS: readonly string[] = ['The items, quantities and prices of this quote are what I order.'];

/** The terms a customer ticks to accept: the organisation's quote terms, else the default sentence. */
export function acceptanceTerms(settings: { quoteTerms?: readonly string[] | null }): string[] {
  const own = (settings.quoteTerms ?? []).map((t) => t.trim()).filter(Boolean);
  return own.length ? own : [...DEFAULT_ACCEPTANCE_TERMS];
}
