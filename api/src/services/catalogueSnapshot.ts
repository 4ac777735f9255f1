import type { Knex } from 'knex';
import { CatalogueIndex, catalogueSnapshotFromRows, type CatalogueRows, type CatalogueSnapshot } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import { loadCatalogueTables } from './catalogueCache.ts';

/**
 * An organisation's catalogue as the engine reads it, straight from the database (the demo seed and
 * tests; requests go through the CatalogueCache). Deleted pricing rules are included on purpose:
 * products that still point at one keep their price (the rule is only hidden from the admin list).
 */
export async function loadCatalogueSnapshot(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<CatalogueSnapshot> {
  // The same adapter the browser applies to the catalogue it receives.
  return catalogueSnapshotFromRows((await loadCatalogueTables(repos, orgId, trx)) as unknown as CatalogueRows);
}

export async function loadCatalogue(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<CatalogueIndex> {
  return new CatalogueIndex(await loadCatalogueSnapshot(repos, orgId, trx));
}
