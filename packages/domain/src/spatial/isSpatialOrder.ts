/**
 * Which orders are drawn on the architectural canvas: type arch, every order of an organisation
 * flagged architectural, and orders in the product categories the organisation's plugin names
 * (`rules.spatial.spatialCategoryIds`). The API's `isSpatial` and every screen ask this one function.
 */
export function isSpatialOrder(
  order: { type?: string | null; productCategoryId?: number | null },
  org: { isArchitectural?: boolean | null },
  spatialCategoryIds: readonly number[],
): boolean {
  if (order.type === 'arch') return true;
  if (org.isArchitectural) return true;
  return order.productCategoryId != null && spatialCategoryIds.includes(order.productCategoryId);
}
