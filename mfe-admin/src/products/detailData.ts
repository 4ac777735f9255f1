import { resources, type Row } from '../common/index.ts';
import type { ProductRow } from './productRows.ts';

export interface PropertyRow extends Row {
  title: string;
  internalTitle: string | null;
  rank: number;
  archived: 0 | 1;
  type: string;
}
export interface OptionRow extends Row {
  title: string;
  productPropertyId: number;
  rank: number;
  archived: 0 | 1;
}
export interface NamedRow extends Row {
  title?: string | null;
  name?: string | null;
  archived?: 0 | 1;
}

/** What the product detail page shows: the product (null when it is not this organisation's) and the lists its pickers offer. */
export interface ProductDetailData {
  product: ProductRow | null;
  properties: PropertyRow[];
  options: OptionRow[];
  categories: NamedRow[];
  pricingRules: NamedRow[];
}

export async function loadProductDetail(orgId: number, id: number): Promise<ProductDetailData> {
  const [products, properties, options, categories, pricingRules] = await Promise.all([
    resources.get<ProductRow>('products', { orgId, id }),
    resources.get<PropertyRow>('productProperties', { orgId }),
    resources.get<OptionRow>('productOptions', { orgId }),
    resources.get<NamedRow>('productCategories', { orgId }),
    resources.get<NamedRow>('productPricingRules', { orgId }),
  ]);
  return { product: products[0] ?? null, properties, options, categories, pricingRules };
}

/** A pricing rule's name as the lists show it (title, else name, else 'Untitled Rule'). */
export function ruleTitle(r: NamedRow): string {
  return r.title || r.name || 'Untitled Rule';
}
