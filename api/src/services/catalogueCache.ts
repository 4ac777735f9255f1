import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { CatalogueIndex, catalogueSnapshotFromRows, type CatalogueRows } from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import { wroteCatalogue, type Repos } from '../db/repository.ts';
import { audienceKey, shapeCatalogue, type CatalogueAudience, type CatalogueTables } from '../policy.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A response body made once and sent many times: its bytes, compressed forms and ETag. */
export interface CachedBody {
  etag: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** One organisation's catalogue at one version: the rows, the engine's index, and the responses made from them. */
export interface CatalogueEntry {
  orgId: number;
  version: number;
  tables: CatalogueTables;
  /** Every row the engine reads (archived and deleted ones included: orders that use them keep their prices). */
  index: CatalogueIndex;
  /** Shaped catalogue responses by audience, made on first use. */
  readonly responses: Map<string, Promise<CachedBody>>;
  /** Shaped home page data by audience, made on first use. */
  readonly home: Map<string, Buffer>;
}

/**
 * Each organisation's catalogue, kept in memory between requests. The key is the catalogue version
 * stored in the database (every catalogue write bumps it), so several API processes stay correct:
 * each checks the version (one small read, often one it reads anyway) and reloads only when another
 * process — or this one — changed the catalogue. The engine's compile and constraint-graph caches
 * are keyed by the CatalogueIndex object, so they live exactly as long as this entry.
 */
export class CatalogueCache {
  private readonly byOrg = new Map<number, CatalogueEntry>();
  private readonly loading = new Map<string, Promise<CatalogueEntry>>();
  loads = 0;

  constructor(
    private readonly queries: Pick<Queries, 'catalogueVersion'>,
    private readonly repos: Repos,
  ) {}

  /** The engine's index of the catalogue as it is now. `version`: the catalogue version when the caller already read it. */
  async get(orgId: number, trx?: Knex.Transaction, version?: number): Promise<CatalogueIndex> {
    return (await this.entry(orgId, trx, version)).index;
  }

  async entry(orgId: number, trx?: Knex.Transaction, knownVersion?: number): Promise<CatalogueEntry> {
    // Read before loading: a write landing in between only makes the next call reload.
    const version = knownVersion ?? (await this.queries.catalogueVersion(orgId, trx));
    const hit = this.byOrg.get(orgId);
    if (hit && version !== undefined && hit.version === version) return hit;
    if (version === undefined || trx) return this.load(orgId, version ?? -1, trx);
    // Concurrent readers of a new version share one load.
    const key = `${orgId}:${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(orgId, version).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(orgId: number, version: number, trx?: Knex.Transaction): Promise<CatalogueEntry> {
    const tables = await loadCatalogueTables(this.repos, orgId, trx);
    this.loads++;
    const entry: CatalogueEntry = {
      orgId,
      version,
      tables,
      index: new CatalogueIndex(catalogueSnapshotFromRows(tables as unknown as CatalogueRows)),
      responses: new Map(),
      home: new Map(),
    };
    // A transaction that wrote the catalogue may still roll back: what it saw is not kept.
    const current = this.byOrg.get(orgId);
    if (version >= 0 && !(trx && wroteCatalogue(trx)) && (!current || current.version <= version)) this.byOrg.set(orgId, entry);
    return entry;
  }
}

/** Every catalogue table of an organisation, sorted as the screens list them. */
export async function loadCatalogueTables(repos: Repos, orgId: number, trx?: Knex.Transaction): Promise<CatalogueTables> {
  const w = { orgId };
  const [products, productCategories, productProperties, productPropertyGroups, productOptions, productOptionClassifiers, productRules, productPricingRules, media, productGraphics] = await Promise.all([
    repos.products.find(w, { trx, orderBy: ['rank', 'id'] }),
    repos.productCategories.find(w, { trx, orderBy: ['rank', 'id'] }),
    repos.productProperties.find(w, { trx, orderBy: ['rank', 'id'] }),
    repos.productPropertyGroups.find(w, { trx, orderBy: ['rank', 'id'] }),
    repos.productOptions.find(w, { trx, orderBy: ['productPropertyId', 'rank', 'id'] }),
    repos.productOptionClassifiers.find(w, { trx, orderBy: ['rank', 'id'] }),
    repos.productRules.find(w, { trx }),
    repos.productPricingRules.find(w, { trx }),
    repos.media.find(w, { trx }),
    repos.productGraphics.find(w, { trx, orderBy: ['id'] }),
  ]);
  return { products, productCategories, productProperties, productPropertyGroups, productOptions, productOptionClassifiers, productRules, productPricingRules, media, productGraphics } as unknown as CatalogueTables;
}

/** `{"data": …}` as bytes, once. */
export function dataBody(data: unknown): Buffer {
  return Buffer.from(JSON.stringify({ data }));
}

/** The catalogue response for an audience: shaped by the policy, serialised, compressed and tagged once per version. */
export function catalogueResponse(entry: CatalogueEntry, audience: CatalogueAudience): Promise<CachedBody> {
  const key = audienceKey(audience);
  let made = entry.responses.get(key);
  if (!made) {
    made = (async () => {
      const body = dataBody({ orgId: entry.orgId, version: entry.version, ...shapeCatalogue(entry.tables, audience) });
      // Compressed off the event loop (zlib's thread pool): brotli for browsers, gzip for the rest.
      const [gz, br] = await Promise.all([gzip(body, { level: 9 }), brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })]);
      return { etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, body, gzip: gz, br };
    })();
    entry.responses.set(key, made);
    made.catch(() => entry.responses.delete(key));
  }
  return made;
}

/** The home page data (active categories and the products offered there) for an audience, serialised once per version. */
export function homepageBody(entry: CatalogueEntry, audience: CatalogueAudience): Buffer {
  const key = audienceKey(audience);
  let body = entry.home.get(key);
  if (!body) {
    const c = shapeCatalogue(entry.tables, audience);
    body = dataBody({ products: c.products, productCategories: c.productCategories });
    entry.home.set(key, body);
  }
  return body;
}

