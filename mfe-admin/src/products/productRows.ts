import type { Row } from '../common/index.ts';

/** A product row as the admin screens read it (POST /api/resources/products/get, owners get every field). */
export interface ProductRow extends Row {
  id: number;
  orgId: number;
  title: string;
  rank: number;
  archived: 0 | 1;
  description: string | null;
  links: string | null;
  thumbnailUrl: string | null;
  /** Its picture in the media library (shown when it has no thumbnail address). */
  mediumId?: number | null;
  publishLevel: 'all' | 'internal' | 'admin';
  isStocked: 0 | 1;
  currentInventory: number | null;
  referenceCodes: { catalog?: string; factory?: string; machining?: string };
  associations: { productProperties?: Record<string, { disabledProductOptionIds?: number[] }> };
  productCategoryId: number;
  productPricingRuleId: number | null;
  instanceTitleIsRequired: 0 | 1;
  shouldRoundPrice: 0 | 1;
  hasScript: 0 | 1;
  exportPriceData?: unknown;
}

/** The Stocked filter of the products list. */
export type StockedFilterValue = 'stocked' | 'notStocked' | 'all';

export function byStocked<T extends { isStocked: unknown }>(rows: readonly T[], value: StockedFilterValue): T[] {
  if (value === 'all') return [...rows];
  return rows.filter((r) => Boolean(r.isStocked) === (value === 'stocked'));
}

/** Publish levels a product can have, with the words the owner picks from (the options' list). */
export const PUBLISH_LEVELS = [
  { value: 'all', label: 'All Users' },
  { value: 'internal', label: 'Members' },
  { value: 'admin', label: 'Owners' },
] as const;

export function publishLevelLabel(value: string): string {
  return PUBLISH_LEVELS.find((l) => l.value === value)?.label ?? value;
}

/** Inventory as the list shows it: stocked products their count, the others a dash. */
export function inventoryText(p: Pick<ProductRow, 'isStocked' | 'currentInventory'>): string {
  if (!p.isStocked) return '—';
  return String(p.currentInventory ?? 0);
}

/** The ids of the properties applied to a product (ascending: integer keys of an object come in that order). */
export function appliedPropertyIds(p: Pick<ProductRow, 'associations'>): number[] {
  return Object.keys(p.associations?.productProperties ?? {}).map(Number);
}
