/** The part of an order a revision compares: its items as the cart words them, its price summary, its printed details. */
import { addressLines } from '../documents/address.ts';
import { costLines } from '../costs/lines.ts';
import type { CatalogueIndex } from '../engine/catalogue.ts';
import { optionSummary } from '../engine/optionSummary.ts';
import type { InstanceProperties } from '../engine/types.ts';
import { isCustomProduct } from '../schemas/catalogue.ts';
import type { Costs } from '../schemas/productOrder.ts';
import type { RevisionDetail, RevisionItem, RevisionSide } from '../schemas/revisions.ts';

export interface SideInstance {
  id: number;
  title?: string | null;
  productId: number;
  quantity?: number | null;
  properties?: unknown;
  unitPriceInCents?: number | null;
  totalPriceInCents?: number | null;
}

export interface SideOrder {
  title?: string | null;
  contactName?: string | null;
  deliveryAddress?: unknown;
  purchaseOrderNumber?: string | null;
  estimateNumber?: string | null;
  costs?: Costs | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The details that print on the quote, in the order a person reads them. Contact details that do not
 * print (phone, contact emails, company) are left out: a customer completing them after accepting does
 * not change the quote they accepted.
 */
export function revisionDetails(order: SideOrder): RevisionDetail[] {
  const address = order.deliveryAddress && typeof order.deliveryAddress === 'object' ? addressLines(order.deliveryAddress as Parameters<typeof addressLines>[0]).lines.join(', ') : '';
  return [
    { key: 'title', label: 'Order name', value: text(order.title) },
    { key: 'contactName', label: 'Contact', value: text(order.contactName) },
    { key: 'deliveryAddress', label: 'Delivery address', value: address },
    { key: 'purchaseOrderNumber', label: 'PO #', value: text(order.purchaseOrderNumber) },
    { key: 'estimateNumber', label: 'Estimate #', value: text(order.estimateNumber) },
  ];
}

/** The side of an order, items in the order given (rank order), with its stored prices and summary. */
export function revisionSide(order: SideOrder, instances: readonly SideInstance[], catalogue: CatalogueIndex): RevisionSide {
  const items: RevisionItem[] = instances.map((i) => {
    const productId = Number(i.productId);
    const own = text(i.title);
    const instance = { productId, quantity: Number(i.quantity ?? 1), properties: (i.properties ?? {}) as InstanceProperties };
    return {
      id: Number(i.id),
      title: own || catalogue.product(productId)?.title || (isCustomProduct(productId) ? 'Custom product' : 'Item'),
      productId,
      quantity: instance.quantity,
      options: optionSummary(instance, catalogue).map((s) => ({ property: s.property, value: s.value })),
      unitPriceInCents: Math.round(Number(i.unitPriceInCents ?? 0)),
      totalPriceInCents: Math.round(Number(i.totalPriceInCents ?? 0)),
    };
  });
  const side: RevisionSide = { items, details: revisionDetails(order) };
  if (order.costs && typeof order.costs === 'object') side.costs = costLines(order.costs).map((l) => ({ key: l.key, label: l.label, text: l.text, cents: Math.round(l.cents) }));
  return side;
}
