/**
 * Complete catalogue records with neutral defaults, for tests, fixtures and benchmarks (the engine
 * never uses them). Each builder takes the fields that matter to the caller.
 */
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';

export function makeProduct(fields: Pick<Product, 'id'> & Partial<Product>): Product {
  return {
    orgId: 850,
    title: `Product ${fields.id}`,
    rank: 1,
    archived: 0,
    description: null,
    links: null,
    thumbnailUrl: null,
    publishLevel: 'all',
    isStocked: 0,
    currentInventory: null,
    referenceCodes: {},
    associations: { productProperties: {} },
    productCategoryId: 1,
    productPricingRuleId: null,
    instanceTitleIsRequired: 0,
    shouldRoundPrice: 0,
    hasScript: 0,
    mediumId: null,
    ...fields,
  };
}

export function makeProperty(fields: Pick<ProductProperty, 'id'> & Partial<ProductProperty>): ProductProperty {
  return {
    orgId: 850,
    title: `Property ${fields.id}`,
    internalTitle: null,
    rank: fields.id,
    archived: 0,
    type: 'singleSelect',
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
    ...fields,
  };
}

export function makeOption(fields: Pick<ProductOption, 'id' | 'productPropertyId'> & Partial<ProductOption>): ProductOption {
  return {
    orgId: 850,
    title: `Option ${fields.id}`,
    rank: fields.id,
    archived: 0,
    publishLevel: 'all',
    data: {},
    classifications: {},
    referenceCodes: {},
    thumbnailUrl: null,
    ...fields,
  };
}

/** associations.productProperties for a list of property ids, with optional disabled options. */
export function productPropertiesOf(propertyIds: readonly number[], disabled: Record<number, number[]> = {}): Product['associations'] {
  return {
    productProperties: Object.fromEntries(propertyIds.map((id) => [String(id), disabled[id] ? { disabledProductOptionIds: disabled[id] } : {}])),
  };
}
