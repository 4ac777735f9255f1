/** Test and benchmark helpers: a small catalogue and builders. Not exported from the package index. */
import { CatalogueIndex } from '../engine/catalogue.ts';
import type { CatalogueSnapshot, PricingExpression, ProductOptionClassifier, ProductPricingRule } from '../engine/types.ts';
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';

export function product(id: number, productPricingRuleId: number | null, extra: Partial<Product> = {}): Product {
  return {
    id,
    orgId: 1,
    title: `Product ${id}`,
    rank: id,
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
    productPricingRuleId,
    instanceTitleIsRequired: 0,
    shouldRoundPrice: 0,
    hasScript: 0,
    mediumId: null,
    ...extra,
  };
}

export function property(id: number, type: ProductProperty['type'] = 'singleSelect'): ProductProperty {
  return {
    id,
    orgId: 1,
    title: `Property ${id}`,
    internalTitle: null,
    rank: id,
    archived: 0,
    type,
    isArray: 0,
    noOptionThumbnails: 0,
    isOrderLevel: 0,
    drawingVisibility: 'visible',
    invoiceVisibility: 'inline',
    showThumbnailsOnInvoice: 0,
    productOptionDataFields: [],
    data: {},
    productPropertyGroupId: null,
    thumbnailUrl: null,
  };
}

export function option(id: number, productPropertyId: number, priceInCents?: number, classifications: Record<string, number[]> = {}): ProductOption {
  return {
    id,
    orgId: 1,
    title: `Option ${id}`,
    productPropertyId,
    rank: id,
    archived: 0,
    publishLevel: 'all',
    data: priceInCents === undefined ? {} : { priceInCents },
    classifications,
    referenceCodes: {},
    thumbnailUrl: null,
  };
}

export function rule(id: number, versions: Record<string, { created: string; expressions: PricingExpression[] }>, title = `Rule ${id}`): ProductPricingRule {
  return { id, orgId: 1, title, deleted: 0, versions };
}

export function snapshot(parts: Partial<CatalogueSnapshot>): CatalogueSnapshot {
  return {
    products: [],
    productProperties: [],
    productOptions: [],
    productRules: [],
    productPricingRules: [],
    productOptionClassifiers: [],
    ...parts,
  };
}

export function catalogue(parts: Partial<CatalogueSnapshot>): CatalogueIndex {
  return new CatalogueIndex(snapshot(parts));
}

export const classifier = (id: number, title: string, numberTitles: string[] = []): ProductOptionClassifier => ({ id, orgId: 1, title, numberTitles });

// Expression builders
type Op = PricingExpression['operator'];
export const fixed = (value: number, operator: Op = '+', extra: Partial<PricingExpression> = {}): PricingExpression => ({ type: 'fixed', props: { value }, operator, ...extra });
export const price = (productPropertyId: number, operator: Op = '+', extra: Partial<PricingExpression> = {}): PricingExpression => ({ type: 'productPropertyPrice', props: { productPropertyId }, operator, ...extra });
export const classNum = (productPropertyId: number | undefined, classifierId: number, index: number, operator: Op = '+', extra: Partial<PricingExpression> = {}): PricingExpression => ({
  type: 'productPropertyClassifierNumber',
  props: { productPropertyId, productOptionClassifierGroupId: classifierId, productOptionClassifierNumberIndex: index },
  operator,
  ...extra,
});
export const value = (productPropertyId: number, operator: Op = '+', extra: Partial<PricingExpression> = {}): PricingExpression => ({ type: 'propertyValue', props: { productPropertyId }, operator, ...extra });
export const group = (expressions: PricingExpression[], operator: Op = '+', extra: Partial<PricingExpression> = {}): PricingExpression => ({ type: 'group', props: { expressions }, operator, ...extra });
