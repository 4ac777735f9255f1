import type { Knex } from 'knex';
import {
  CatalogueIndex,
  type CatalogueSnapshot,
  type Product,
  type ProductOption,
  type ProductOptionClassifier,
  type ProductPricingRule,
  type ProductProperty,
  type ProductRule,
} from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';

/**
 * An organisation's catalogue as the engine reads it. Deleted pricing rules are included on purpose:
 * products that still point at one keep their price (the rule is only hidden from the admin list).
 */
export async function loadCatalogueSnapshot(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<CatalogueSnapshot> {
  const [products, productProperties, productOptions, productRules, productPricingRules, classifiers] = await Promise.all([
    repos.products.find({ orgId }, { trx }),
    repos.productProperties.find({ orgId }, { trx }),
    repos.productOptions.find({ orgId }, { trx }),
    repos.productRules.find({ orgId }, { trx }),
    repos.productPricingRules.find({ orgId }, { trx }),
    repos.productOptionClassifiers.find({ orgId }, { trx }),
  ]);
  return {
    products: products as unknown as Product[],
    productProperties: productProperties as unknown as ProductProperty[],
    productOptions: productOptions as unknown as ProductOption[],
    productRules: productRules as unknown as ProductRule[],
    productPricingRules: productPricingRules as unknown as ProductPricingRule[],
    productOptionClassifiers: (classifiers as Row[]).map(toClassifier),
  };
}

function toClassifier(row: Row): ProductOptionClassifier {
  const data = (row.data ?? {}) as { numberTitles?: string[] };
  return { id: row.id as number, orgId: row.orgId as number, title: String(row.title ?? ''), numberTitles: data.numberTitles ?? [] };
}

export async function loadCatalogue(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<CatalogueIndex> {
  return new CatalogueIndex(await loadCatalogueSnapshot(repos, orgId, trx));
}
