import type { CreateProductOrderWithItemsBody, OrderDataProductOrder } from '@cpq/domain';
import { ORDER_TITLE_MAX_LENGTH } from '@cpq/domain/basics';

/** The "Back Box" property of keypads and plates: its options name a back-box product in `data.backBoxProductId`. */
export const BACK_BOX_PROPERTY_ID = 10;
/** Back boxes are stocked items of category 5. */
export const BACK_BOX_CATEGORY_ID = 5;
export const BACK_BOX_TITLE_SUFFIX = ' - Back Boxes';

export interface BackBoxLine {
  productId: number;
  quantity: number;
}

interface ItemLike {
  quantity: number;
  properties?: Record<string, { optionId?: number | null } | undefined> | null;
}
interface OptionLike {
  id: number;
  productPropertyId: number;
  data?: unknown;
}
interface ProductLike {
  id: number;
  productCategoryId: number | null;
  archived?: number | boolean | null;
}

function backBoxProductIdOf(option: OptionLike | undefined): number | null {
  if (!option || option.productPropertyId !== BACK_BOX_PROPERTY_ID) return null;
  const raw = (option.data as { backBoxProductId?: unknown } | null | undefined)?.backBoxProductId;
  const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The back boxes an order needs: for every item whose selected back-box option names an active
 * back-box product (category 5), that product with the item's quantity, summed per product, in the
 * order the products first appear.
 */
export function backBoxLines(items: readonly ItemLike[], options: readonly OptionLike[], products: readonly ProductLike[]): BackBoxLine[] {
  const optionById = new Map(options.map((o) => [o.id, o]));
  const backBoxes = new Set(products.filter((p) => p.productCategoryId === BACK_BOX_CATEGORY_ID && !p.archived).map((p) => p.id));
  const totals = new Map<number, number>();
  for (const item of items) {
    const optionId = item.properties?.[String(BACK_BOX_PROPERTY_ID)]?.optionId;
    const productId = optionId == null ? null : backBoxProductIdOf(optionById.get(optionId));
    if (productId === null || !backBoxes.has(productId)) continue;
    totals.set(productId, (totals.get(productId) ?? 0) + Math.max(1, Math.trunc(item.quantity || 1)));
  }
  return [...totals].map(([productId, quantity]) => ({ productId, quantity }));
}

/** "{title} - Back Boxes", the source title shortened when the whole would be too long. */
export function backBoxQuoteTitle(title: string): string {
  return title.slice(0, ORDER_TITLE_MAX_LENGTH - BACK_BOX_TITLE_SUFFIX.length).trimEnd() + BACK_BOX_TITLE_SUFFIX;
}

/** Order fields the back-box quote copies from its source order. */
const COPIED_FIELDS = ['phone', 'email', 'clientEmails', 'deliveryAddress', 'billingAddress', 'contactName', 'projectName', 'firmName', 'purchaseOrderNumber', 'estimateNumber', 'externalLink1'] as const;

/** The create-product-order-with-items call of a back-box quote: a stocked standalone order in category 5. */
export function backBoxQuoteBody(order: OrderDataProductOrder, lines: readonly BackBoxLine[]): CreateProductOrderWithItemsBody {
  const copied: Record<string, unknown> = {};
  for (const f of COPIED_FIELDS) if (order[f] !== undefined && order[f] !== null) copied[f] = order[f];
  return {
    productOrderProps: {
      orgId: order.orgId,
      title: backBoxQuoteTitle(order.title),
      productCategoryId: BACK_BOX_CATEGORY_ID,
      isStocked: 1,
      type: 'standalone',
      ...copied,
    },
    propsSets: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
  };
}
