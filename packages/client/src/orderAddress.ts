/** The order a portal address names: /orders/{orgSpecificId}[/documents|/drawings] and its share parameters. */
export type OrderAddressTab = 'edit' | 'documents' | 'drawings';

export interface OrderAddress {
  orgSpecificId: number;
  shareToken?: string;
  shareableOrderId?: string;
  /** The query string, for what each screen reads besides the share parameters. */
  query: URLSearchParams;
}

/** Null when the path is not that tab of an order or names no valid order number. */
export function parseOrderAddress(pathname: string, search: string, tab: OrderAddressTab): OrderAddress | null {
  const suffix = tab === 'edit' ? '' : `\\/${tab}`;
  const m = new RegExp(`^\\/orders\\/(\\d+)${suffix}\\/?$`).exec(pathname);
  if (!m?.[1]) return null;
  const orgSpecificId = Number(m[1]);
  if (!Number.isSafeInteger(orgSpecificId) || orgSpecificId < 1) return null;
  const query = new URLSearchParams(search);
  const shareToken = query.get('shareToken') || undefined;
  const shareableOrderId = query.get('shareableOrderId') || undefined;
  return { orgSpecificId, ...(shareToken ? { shareToken } : {}), ...(shareableOrderId ? { shareableOrderId } : {}), query };
}
