/** Who sees prices (order page, printed documents). */
type Row = Record<string, unknown>;

const isOn = (v: unknown) => v === 1 || v === true || v === '1';

/**
 * Pricing is hidden when the user's organisation access data sets pricingIsHidden, or the order's
 * per-user data does. The membership flag is read wherever the session carries it.
 */
export function isPricingHidden(membership: unknown, order: { involvedUsers?: unknown } | null | undefined, userId: number | null | undefined): boolean {
  const m = (membership && typeof membership === 'object' ? membership : {}) as Row;
  const access = (m.orgAccessEdgeData as { designEngine?: Row } | undefined)?.designEngine;
  if (isOn(m.pricingIsHidden) || isOn(access?.pricingIsHidden)) return true;
  if (userId === null || userId === undefined) return false;
  const involved = order?.involvedUsers && typeof order.involvedUsers === 'object' ? (order.involvedUsers as Record<string, Row | undefined>) : {};
  return isOn(involved[String(userId)]?.pricingIsHidden);
}
