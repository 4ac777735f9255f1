/** Small catalogue fixtures for validation tests (not exported from the package). */
import { CatalogueIndex } from '../engine/catalogue.ts';
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';

export function product(id: number, propertyIds: number[], extra: Partial<Product> = {}): Product {
  return {
    id,
    orgId: 850,
    title: `Product ${id}`,
    rank: 1,
    archived: 0,
    description: null,
    links: null,
    thumbnailUrl: null,
    publishLevel: 'all',
    isStocked: 0,
    currentInventory: null,
    referenceCodes: {},
    associations: { productProperties: Object.fromEntries(propertyIds.map((p) => [String(p), {}])) },
    productCategoryId: 1,
    productPricingRuleId: null,
    instanceTitleIsRequired: 0,
    shouldRoundPrice: 0,
    hasScript: 0,
    mediumId: null,
    ...extra,
  };
}

export function property(id: number, title: string, type: ProductProperty['type'], rank: number, extra: Partial<ProductProperty> = {}): ProductProperty {
  return {
    id,
    orgId: 850,
    title,
    internalTitle: null,
    rank,
    archived: 0,
    type,
    isArray: 0,
    noOptionThumbnails: 1,
    isOrderLevel: 0,
    drawingVisibility: 'visible',
    invoiceVisibility: 'inline',
    showThumbnailsOnInvoice: 0,
    productOptionDataFields: [],
    data: {},
    productPropertyGroupId: null,
    thumbnailUrl: null,
    ...extra,
  };
}

export function option(id: number, productPropertyId: number, title: string, data: Record<string, unknown> = {}): ProductOption {
  return { id, orgId: 850, title, productPropertyId, rank: id, archived: 0, publishLevel: 'all', data, classifications: {}, referenceCodes: {}, thumbnailUrl: null };
}

export function catalogue(products: Product[], properties: ProductProperty[], options: ProductOption[]): CatalogueIndex {
  return new CatalogueIndex({
    products,
    productProperties: properties,
    productOptions: options,
    productRules: [],
    productPricingRules: [],
    productOptionClassifiers: [],
  });
}
