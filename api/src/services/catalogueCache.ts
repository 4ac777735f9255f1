import type { Knex } from 'knex';
import type { Queries } from '../db/queries.ts';
import type { CatalogueIndex } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import { loadCatalogue } from './catalogueSnapshot.ts';

/**
 * Each organisation's catalogue, indexed, kept in memory between writes. The key is the
 * catalogue version stored in the database (every catalogue write bumps it), so several API
 * processes stay correct: each checks the version (one small read) and reloads only when another
 * process — or this one — changed the catalogue.
 */
export class CatalogueCache {
  private readonly byOrg = new Map<number, { version: number; index: CatalogueIndex }>();
  loads = 0;

  constructor(
    private readonly queries: Pick<Queries, 'catalogueVersion'>,
    private readonly repos: Repos,
  ) {}

  async get(orgId: number, trx?: Knex.Transaction): Promise<CatalogueIndex> {
    // Read before loading: a write landing in between only makes the next call reload.
    const version = await this.queries.catalogueVersion(orgId, trx);
    const hit = this.byOrg.get(orgId);
    if (hit && version !== undefined && hit.version === version) return hit.index;
    const index = await loadCatalogue(this.repos, orgId, trx);
    this.loads++;
    if (version !== undefined) this.byOrg.set(orgId, { version, index });
    return index;
  }
}
