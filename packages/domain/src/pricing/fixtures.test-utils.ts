/** Test and benchmark helpers: a small catalogue and builders. Not exported from the package index. */
import type { CatalogueIndex } from '../engine/catalogue.ts';
import { makeCatalogue, makeClassifier, makeOption, makePricingRule, makeProduct, makeProperty, makeSnapshot } from '@cpq/test-utils';
import type { CatalogueSnapshot, PricingExpression, ProductOptionClassifier, ProductPricingRule } from '../engine/types.ts';
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';

export function product(id: number, productPricingRuleId: number | null, extra: Partial<Product> = {}): Product {
  return makeProduct({ id, orgId: 1, rank: id, productPricingRuleId, ...extra });
}

export function property(id: number, type: ProductProperty['type'] = 'singleSelect'): ProductProperty {
  return makeProperty({ id, orgId: 1, type, noOptionThumbnails: 0 });
}

export function option(id: number, productPropertyId: number, priceInCents?: number, classifications: Record<string, number[]> = {}): ProductOption {
  return makeOption({ id, orgId: 1, productPropertyId, data: priceInCents === undefined ? {} : { priceInCents }, classifications });
}

export function rule(id: number, versions: Record<string, { created: string; expressions: PricingExpression[] }>, title = `Rule ${id}`): ProductPricingRule {
  return makePricingRule({ id, orgId: 1, title, versions });
}

export const snapshot = (parts: Partial<CatalogueSnapshot>): CatalogueSnapshot => makeSnapshot(parts);

export const catalogue = (parts: Partial<CatalogueSnapshot>): CatalogueIndex => makeCatalogue(parts);

export const classifier = (id: number, title: string, numberTitles: string[] = []): ProductOptionClassifier => makeClassifier({ id, orgId: 1, title, numberTitles });

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
