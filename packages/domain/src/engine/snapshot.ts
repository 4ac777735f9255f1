/**
 * Catalogue rows (as the API reads its tables and as get-configurator-order-data sends them) to the
 * engine's CatalogueSnapshot. One pure function for both sides, so the browser prices with exactly
 * what the server prices with.
 */
import type { CatalogueAdditions, CatalogueResponse, ConfiguratorProduct, OrderDataProductOption } from '../schemas/api.ts';
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';
import type { ProductOptionClassifierRowJson } from '../schemas/entities.ts';
import type { CatalogueSnapshot, ProductOptionClassifier, ProductPricingRule, ProductRule } from './types.ts';

/** Stored rows (the API) or the configurator data (the browser, where price fields may be left out). */
export interface CatalogueRows {
  products: readonly ConfiguratorProduct[];
  productProperties: readonly ProductProperty[];
  productOptions: readonly OrderDataProductOption[];
  productRules: readonly ProductRule[];
  /** Absent when pricing is hidden from the caller: nothing is priced from it then. */
  productPricingRules?: readonly ProductPricingRule[] | undefined;
  productOptionClassifiers: readonly ProductOptionClassifierRowJson[];
}

/** A stored classifier as the engine reads it: `data.numberTitles` becomes `numberTitles` (texts). */
export function classifierFromRow(row: ProductOptionClassifierRowJson): ProductOptionClassifier {
  // `data` is a JSON column: tolerate NULL and non-text titles rather than fail a whole order.
  const data: { numberTitles?: unknown } | null | undefined = row.data;
  const numberTitles = Array.isArray(data?.numberTitles) ? data.numberTitles.map(String) : [];
  return { id: row.id, orgId: row.orgId, title: String(row.title ?? ''), numberTitles };
}

const hasPricingRuleId = (p: ConfiguratorProduct): p is Product => p.productPricingRuleId !== undefined;
const hasClassifications = (o: OrderDataProductOption): o is ProductOption => 'classifications' in o;

export function catalogueSnapshotFromRows(rows: CatalogueRows): CatalogueSnapshot {
  return {
    // Stored rows pass through as they are; only records sent without their price fields are completed.
    products: rows.products.map((p) => (hasPricingRuleId(p) ? p : { ...p, productPricingRuleId: null })),
    productProperties: rows.productProperties,
    productOptions: rows.productOptions.map((o) => (hasClassifications(o) ? o : { ...o, classifications: {} })),
    productRules: rows.productRules,
    productPricingRules: rows.productPricingRules ?? [],
    productOptionClassifiers: rows.productOptionClassifiers.map(classifierFromRow),
  };
}

/** Rows by id, later lists winning (an addition replaces nothing the catalogue has; ids are unique). */
function byId<T extends { id: number }>(...lists: ReadonlyArray<readonly T[] | undefined>): T[] {
  const out = new Map<number, T>();
  for (const list of lists) for (const row of list ?? []) if (!out.has(row.id)) out.set(row.id, row);
  return [...out.values()];
}

/**
 * What an order page prices and validates with: the organisation's catalogue as the caller receives
 * it (get-configurator-catalogue) plus what the order uses beyond it (its catalogueAdditions:
 * archived products and options it already has, and their pricing rules).
 */
export function orderCatalogueRows(catalogue: CatalogueResponse, additions?: CatalogueAdditions | null): CatalogueRows {
  return {
    products: byId(catalogue.products, additions?.products),
    productProperties: catalogue.productProperties,
    productOptions: byId(catalogue.productOptions, additions?.productOptions),
    productRules: catalogue.productRules,
    productPricingRules: catalogue.pricingIsHidden ? [] : byId(catalogue.productPricingRules, additions?.productPricingRules),
    productOptionClassifiers: catalogue.productOptionClassifiers,
  };
}
