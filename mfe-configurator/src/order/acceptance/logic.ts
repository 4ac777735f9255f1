/**
 * What the order page shows of the online quote acceptance, decided from the order and the viewer.
 * The rules themselves (approved, accepted, payment waits) are @cpq/domain's, shared with the API.
 */
import { isQuoteAccepted, paymentAwaitsAcceptance } from '@cpq/domain';

export interface AcceptanceFacts {
  /** Owner or member acting as staff (not in guest mode). */
  employee: boolean;
  /** The viewer may accept: the order's owner or someone it is shared with, seeing prices (the server's rule). */
  customer: boolean;
  /** The order is past its approval step. */
  approved: boolean;
  /** The latest revision's number; 0 when the order was never submitted. */
  quoteRevision: number;
  acceptedRevision: number | null;
}

export interface AcceptanceView {
  /** The current quote's acceptance; or that an earlier revision was accepted and the current one was not. */
  note: 'accepted' | 'superseded' | null;
  /** The card that accepts the current quote. */
  card: boolean;
}

const NOTHING: AcceptanceView = { note: null, card: false };

/** Nothing before approval or without a revision: there is no quote to accept yet. */
export function acceptanceView(f: AcceptanceFacts): AcceptanceView {
  if (!f.approved || !(f.quoteRevision > 0)) return NOTHING;
  const order = { quoteRevision: f.quoteRevision, acceptedRevision: f.acceptedRevision };
  if (isQuoteAccepted(order)) return { note: 'accepted', card: false };
  return { note: f.acceptedRevision != null ? 'superseded' : null, card: f.customer && !f.employee };
}

/**
 * The payment panel waits for the acceptance: the organisation asks for it and the viewer pays as the
 * customer (staff recording a payment are not held up). A payment already processing, or a viewer who
 * cannot pay for want of prices, keeps the panel's own view.
 */
export function paymentWaitsForAcceptance(f: {
  required: boolean;
  employee: boolean;
  processing: boolean;
  pricingHidden: boolean;
  quoteRevision: number;
  acceptedRevision: number | null;
}): boolean {
  if (f.processing || f.pricingHidden) return false;
  return paymentAwaitsAcceptance({ required: f.required, customer: !f.employee, order: { quoteRevision: f.quoteRevision, acceptedRevision: f.acceptedRevision } });
}

/** The viewer is the order's owner or someone it is shared with (as the server's mayAcceptQuote reads it). */
export function isOrderCustomer(order: { userId?: number | null; involvedUsers?: unknown }, userId: number | null): boolean {
  if (userId === null) return false;
  if (order.userId === userId) return true;
  const involved = order.involvedUsers && typeof order.involvedUsers === 'object' ? (order.involvedUsers as Record<string, unknown>) : {};
  return String(userId) in involved;
}
