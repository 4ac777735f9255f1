import Router from '@koa/router';
import type { Context } from 'koa';
import {
  CATALOGUE_DUPLICATE_KEYS,
  CATALOGUE_RESOURCE_KEYS,
  CATALOGUE_WRITE_KEYS,
  CatalogueCreateBody,
  CatalogueDestroyBody,
  CatalogueDuplicateBody,
  CatalogueUpdateBody,
  ResourceGetBody,
  type CatalogueDuplicateKey,
  type CatalogueResourceKey,
  type CatalogueWriteKey,
} from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Repos, Row } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, catalogueRowReadable, requireCaller, shapeCatalogueRows, type ReadableCatalogue } from '../policy.ts';
import { RESOURCES } from '../services/catalogue.ts';
import { shapeMedia } from '../services/media.ts';
import type { MediaStorage } from '../adapters/storage/types.ts';
import { assertChangeRequested, createRow, destroyRow, duplicateRow, orgOfRow, rowNotFound, updateRow } from '../services/catalogueWrites.ts';

const unknownResource = (key: string) => new ApiError(404, 'unknownResource', `Unknown resource "${key}".`);

/** The catalogue resource a write names: one the admin area writes, else 404 like an unknown resource. */
function writeKey(ctx: Context): CatalogueWriteKey {
  const key = ctx.params.resourceKey as string;
  if (!(CATALOGUE_WRITE_KEYS as readonly string[]).includes(key)) throw unknownResource(key);
  return key as CatalogueWriteKey;
}

export function resourceRoutes(deps: { repos: Repos; queries: Queries; transaction: TransactionRunner; storage: MediaStorage }): Router {
  const { repos } = deps;
  const r = new Router({ prefix: '/api/resources' });

  r.post('/:resourceKey/get', async (ctx) => {
    const key = ctx.params.resourceKey as string;
    if (!(CATALOGUE_RESOURCE_KEYS as readonly string[]).includes(key)) throw unknownResource(key);
    const decl = RESOURCES[key as CatalogueResourceKey];
    const body = validateBody(ResourceGetBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'resources.get', body.where.orgId);
    const { orgId, ...filters } = body.where;
    for (const f of Object.keys(filters)) {
      if (!(decl.filters as readonly string[]).includes(f)) throw badRequest(`where.${f} is not a filter of ${key}`);
    }
    const rows = await repos[decl.table].find({ ...filters, ...decl.fixedWhere, orgId }, { orderBy: decl.orderBy });
    // What rows pointing at products and options may show (pricing rules, product rules, classifiers).
    const readable = async (): Promise<ReadableCatalogue> => {
      const products = (await repos.products.find({ orgId })).filter((p) => catalogueRowReadable(access, p));
      const options = (await repos.productOptions.find({ orgId })).filter((o) => catalogueRowReadable(access, o));
      return {
        productIds: new Set(products.map((p) => p.id)),
        optionIds: new Set(options.map((o) => o.id)),
        pricingRuleIds: new Set(products.map((p) => p.productPricingRuleId as number)),
      };
    };
    const shaped = await shapeCatalogueRows(access, key, rows, readable);
    // Media carry their time-limited address (the presigned URL), not where the file is kept.
    ctx.body = { data: key === 'media' ? await shapeMedia(deps.storage, shaped) : shaped };
  });

  // Catalogue writes (admin area): owners only. Routes registered before these (productInstances,
  // productOrders) keep their own create/update/destroy.
  r.post('/:resourceKey/create', async (ctx) => {
    const key = writeKey(ctx);
    const body = validateBody(CatalogueCreateBody[key], ctx.request.body) as { props: Row & { orgId: number } };
    const access = await authorize(ctx, deps, 'resources.write', body.props.orgId);
    ctx.body = { data: await createRow(deps, access, key, body.props) };
  });

  r.post('/:resourceKey/update', async (ctx) => {
    const key = writeKey(ctx);
    const body = validateBody(CatalogueUpdateBody[key], ctx.request.body) as { where: { id: number }; props?: Row; addVersion?: true };
    assertChangeRequested(body.props, body.addVersion);
    const access = await authorizeRow(ctx, key, body.where.id);
    ctx.body = { data: await updateRow(deps, access, key, body.where.id, body.props ?? {}, { addVersion: body.addVersion }) };
  });

  r.post('/:resourceKey/destroy', async (ctx) => {
    const key = writeKey(ctx);
    const body = validateBody(CatalogueDestroyBody[key], ctx.request.body);
    const access = await authorizeRow(ctx, key, body.where.id);
    ctx.body = { data: await destroyRow(deps, access, key, body.where.id) };
  });

  r.post('/:resourceKey/duplicate', async (ctx) => {
    const key = ctx.params.resourceKey as string;
    if (!(CATALOGUE_DUPLICATE_KEYS as readonly string[]).includes(key)) throw unknownResource(key);
    const body = validateBody(CatalogueDuplicateBody, ctx.request.body);
    const access = await authorizeRow(ctx, key as CatalogueDuplicateKey, body.where.id);
    ctx.body = { data: await duplicateRow(deps, access, key as CatalogueDuplicateKey, body.where.id) };
  });

  /** A row named by id: signed in first (401), then its organisation decides; missing and foreign rows alike are 404. */
  async function authorizeRow(ctx: Context, key: CatalogueWriteKey, id: number) {
    await requireCaller(ctx, deps.queries);
    return authorize(ctx, deps, 'resources.write', await orgOfRow(deps, key, id), rowNotFound);
  }

  return r;
}
