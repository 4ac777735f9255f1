import type { Knex } from 'knex';
import { CatalogueIndex, catalogueSnapshotFromRows, type CatalogueSnapshot } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';

/**
 * An organisation's catalogue as the engine reads it. Deleted pricing rules are included on purpose:
 * products that still point at one keep their price (the rule is only hidden from the admin list).
 */
export async function loadCatalogueSnapshot(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<CatalogueSnapshot> {
  const [products, productProperties, productOptions, productRules, productPricingRules, productOptionClassifiers] = await Promise.all([
    repos.products.find({ orgId }, { trx }),
    repos.productProperties.find({ orgId }, { trx }),
    repos.productOptions.find({ orgId }, { trx }),
    repos.productRules.find({ orgId }, { trx }),
    repos.productPricingRules.find({ orgId }, { trx }),
    repos.productOptionClassifiers.find({ orgId }, { trx }),
  ]);
  // The same adapter the browser applies to get-configurator-order-data.
  return catalogueSnapshotFromRows({ products, productProperties, productOptions, productRules, productPricingRules, productOptionClassifiers });
}

export async function loadCatalogue(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<CatalogueIndex> {
  return new CatalogueIndex(await loadCatalogueSnapshot(repos, orgId, trx));
}
