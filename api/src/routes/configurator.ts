import Router from '@koa/router';
import type { Context } from 'koa';
import { CatalogueQuery, CreateProductOrderBody, HomepageDataBody, OrderDataBody } from '@cpq/domain';
import { requestClientOf } from '../auth/sessions.ts';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { sendRevalidated, type Encoding } from '../http/revalidate.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, authorizeOrder, catalogueAudience, requireUser } from '../policy.ts';
import { catalogueResponse, homepageBody, type CachedBody, type CatalogueCache } from '../services/catalogueCache.ts';
import type { OrderDataService } from '../services/orderData.ts';
import { createProductOrder } from '../services/orders.ts';
import { enterOrderByToken, type SharingDeps } from '../services/sharing.ts';

export interface ConfiguratorDeps {
  repos: Repos;
  queries: Queries;
  transaction: TransactionRunner;
  catalogues: CatalogueCache;
  orderData: OrderDataService;
  /** What opening an order by a share token needs. */
  sharing: SharingDeps;
}

/** Query-string numbers to numbers (validated by the schema afterwards); anything else as it came. */
function queryOf(ctx: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ctx.query)) {
    if (Array.isArray(v)) throw new ApiError(400, 'invalidQuery', `query ${k} is given more than once`);
    out[k] = v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : v;
  }
  return out;
}

/** A catalogue response as made by the cache (compressed once per version and audience). */
const cachedCatalogue = (cached: CachedBody) => ({
  bytes: (encoding: Encoding) => (encoding === 'br' ? cached.br : encoding === 'gzip' ? cached.gzip : cached.body),
});

export function configuratorRoutes(deps: ConfiguratorDeps): Router {
  const { repos } = deps;
  const r = new Router({ prefix: '/api/configurator' });

  r.post('/get-configurator-homepage-data', async (ctx) => {
    const body = validateBody(HomepageDataBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'configurator.getHomepageData', body.orgId);
    ctx.type = 'application/json';
    ctx.body = homepageBody(await deps.catalogues.entry(access.orgId, undefined, access.catalogueVersion), catalogueAudience(access));
  });

  r.post('/create-product-order', async (ctx) => {
    const body = validateBody(CreateProductOrderBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'configurator.createProductOrder', body.productOrderProps.orgId);
    ctx.body = { data: await createProductOrder(deps, access, body.productOrderProps) };
  });

  r.post('/get-configurator-order-data', async (ctx) => {
    const body = validateBody(OrderDataBody, ctx.request.body);
    // A share token must open this very order (else 404); it involves a caller who cannot reach it yet.
    if (body.shareToken !== undefined) await enterOrderByToken(deps.sharing, await requireUser(ctx, deps.queries), requestClientOf(ctx), { ...body, shareToken: body.shareToken });
    const { access, order } = await authorizeOrder(ctx, deps, 'configurator.getOrderData', body.orgId, body.productOrderOrgSpecificId);
    if (body.userId !== undefined && body.userId !== access.user.id) throw forbidden('userId must be your own user id.');
    // Tagged from the order's revision and the caller's view of it: an unchanged order answers 304, its body never made.
    const response = await deps.orderData.response(access, order);
    await sendRevalidated(ctx, response.etag, response.body);
  });

  /**
   * The organisation's catalogue for the caller (for an order page: as that order shows it to the
   * caller). One cached response per organisation, catalogue version and audience; revalidated by ETag.
   */
  r.get('/catalogue', async (ctx) => {
    const query = validateBody(CatalogueQuery, queryOf(ctx), 'query');
    const orderNo = query.productOrderOrgSpecificId;
    const { access, order: head } =
      orderNo === undefined ? { access: await authorize(ctx, deps, 'configurator.getCatalogue', query.orgId), order: undefined } : await authorizeOrder(ctx, deps, 'configurator.getCatalogue', query.orgId, orderNo);
    const order = orderNo === undefined ? undefined : (await deps.orderData.open(access, head)).order;
    const entry = await deps.catalogues.entry(access.orgId, undefined, access.catalogueVersion);
    const cached = await catalogueResponse(entry, catalogueAudience(access, order));
    await sendRevalidated(ctx, cached.etag, () => cachedCatalogue(cached));
  });

  return r;
}
