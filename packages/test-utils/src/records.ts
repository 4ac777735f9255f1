/**
 * Complete catalogue records with neutral defaults, for tests, fixtures and benchmarks (production
 * code never uses them). Each builder takes the fields that matter to the caller. This is the one set
 * of record builders: fixtures elsewhere keep their own data but build records here, so a new
 * required field is added in one place.
 */
import {
  CatalogueIndex,
  NEW_PRODUCT_DEFAULTS,
  NEW_PRODUCT_PROPERTY_DEFAULTS,
  type CatalogueSnapshot,
  type InstanceLike,
  type Product,
  type ProductCategory,
  type ProductOption,
  type ProductOptionClassifier,
  type ProductPricingRule,
  type ProductProperty,
  type ProductRule,
} from '@cpq/domain';

export function makeCategory(fields: Pick<ProductCategory, 'id'> & Partial<ProductCategory>): ProductCategory {
  return { orgId: 850, title: `Category ${fields.id}`, rank: fields.id, archived: 0, thumbnailUrl: null, ...fields };
}

export function makeProduct(fields: Pick<Product, 'id'> & Partial<Product>): Product {
  return {
    ...NEW_PRODUCT_DEFAULTS,
    referenceCodes: {},
    orgId: 850,
    title: `Product ${fields.id}`,
    rank: 1,
    associations: { productProperties: {} },
    productCategoryId: 1,
    ...fields,
  };
}

export function makeProperty(fields: Pick<ProductProperty, 'id'> & Partial<ProductProperty>): ProductProperty {
  return {
    orgId: 850,
    title: `Property ${fields.id}`,
    ...NEW_PRODUCT_PROPERTY_DEFAULTS,
    productOptionDataFields: [],
    data: {},
    rank: fields.id,
    type: 'singleSelect',
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

/** An option rule; by default "while one of fromIds is chosen, toIds are incompatible". */
export function makeProductRule(fields: Pick<ProductRule, 'id' | 'fromIds' | 'toIds'> & Partial<ProductRule>): ProductRule {
  return { orgId: 850, type: 'incompatible', fromResourceKey: 'productOptions', toResourceKey: 'productOptions', archived: 0, ...fields };
}

export function makePricingRule(fields: Pick<ProductPricingRule, 'id'> & Partial<ProductPricingRule>): ProductPricingRule {
  return { orgId: 850, title: `Rule ${fields.id}`, deleted: 0, versions: {}, ...fields };
}

export function makeClassifier(fields: Pick<ProductOptionClassifier, 'id'> & Partial<ProductOptionClassifier>): ProductOptionClassifier {
  return { orgId: 850, title: `Classifier ${fields.id}`, numberTitles: [], ...fields };
}

/** An item of a product: quantity 1, nothing chosen unless given. */
export function makeInstance(fields: Pick<InstanceLike, 'productId'> & Partial<InstanceLike>): InstanceLike {
  return { quantity: 1, properties: {}, ...fields };
}

/** A catalogue snapshot with empty lists for whatever is not given. */
export function makeSnapshot(parts: Partial<CatalogueSnapshot>): CatalogueSnapshot {
  return { products: [], productProperties: [], productOptions: [], productRules: [], productPricingRules: [], productOptionClassifiers: [], ...parts };
}

export function makeCatalogue(parts: Partial<CatalogueSnapshot>): CatalogueIndex {
  return new CatalogueIndex(makeSnapshot(parts));
}

/** Deterministic PRNG (mulberry32) for generated fixtures: the same seed gives the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
