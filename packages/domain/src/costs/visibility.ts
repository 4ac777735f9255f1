/**
 * Who sees prices: the one rule, for the API's policy module (which decides) and for the browser
 * (which hides what the server will not send). Hiding is per person within an organisation
 * (docs/decisions/0070-hidden-prices-per-person.md).
 */
import { isEmployeeRole, type Role } from '../roles.ts';

type Row = Record<string, unknown>;

const isOn = (v: unknown) => v === 1 || v === true || v === '1';

export interface PricingViewer {
  /** The role in force in the organisation: an employee in guest mode is a guest here. */
  role: Role;
  /** The organisation's access data or the person's guest record hides prices from them. */
  orgPricingHidden: boolean;
  /** Some order of the organisation hides prices from them: then every order and the catalogue do. */
  personPricingHidden: boolean;
}

/**
 * Employees see prices. Anyone else does unless the organisation, their guest record, any order of
 * the organisation, or the order at hand (`involvedEntry`: their entry in its involvedUsers, which
 * counts even before the organisation-wide flags are read again) hides them.
 */
export function pricingVisibleTo(viewer: PricingViewer, involvedEntry?: unknown): boolean {
  if (isEmployeeRole(viewer.role)) return true;
  if (viewer.orgPricingHidden || viewer.personPricingHidden) return false;
  const entry = involvedEntry && typeof involvedEntry === 'object' ? (involvedEntry as Row) : undefined;
  return !isOn(entry?.pricingIsHidden);
}

/** A person's entry in an order's involvedUsers, if they have one. */
export function involvedEntryOf(order: { involvedUsers?: unknown } | null | undefined, userId: number | null | undefined): unknown {
  if (userId === null || userId === undefined) return undefined;
  const involved = order?.involvedUsers && typeof order.involvedUsers === 'object' ? (order.involvedUsers as Record<string, unknown>) : {};
  return involved[String(userId)];
}

/**
 * The browser's reading of the rule, from the session's membership (its role in force and
 * `pricingIsHidden`, which the server already sets for the organisation, the guest record and any
 * order) and the order at hand.
 */
export function isPricingHidden(membership: unknown, order: { involvedUsers?: unknown } | null | undefined, userId: number | null | undefined): boolean {
  const m = (membership && typeof membership === 'object' ? membership : {}) as Row;
  const guestRecord = (m.orgAccessEdgeData as { designEngine?: Row } | undefined)?.designEngine;
  const viewer: PricingViewer = {
    role: typeof m.role === 'string' ? m.role : '',
    orgPricingHidden: isOn(m.pricingIsHidden) || isOn(guestRecord?.pricingIsHidden),
    // Already part of the session's pricingIsHidden: the browser has no separate flag for it.
    personPricingHidden: false,
  };
  return !pricingVisibleTo(viewer, involvedEntryOf(order, userId));
}
