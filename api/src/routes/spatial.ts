import Router from '@koa/router';
import type { Context } from 'koa';
import {
  EntityBatchUpdateBody,
  SPATIAL_RESOURCE_KEYS,
  SpatialCreateBody,
  SpatialDestroyBody,
  SpatialUpdateBody,
  type SpatialResourceKey,
} from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Row } from '../db/repository.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, requireCaller } from '../policy.ts';
import {
  batchUpdateEntities,
  createSpatialRow,
  destroySpatialRow,
  spatialRowMissing,
  spatialRowOwner,
  updateSpatialRow,
  type SpatialWriteDeps,
} from '../services/spatialWrites.ts';

const orderMissing = () => notFound('orderNotFound', 'Order not found.');

/** The drawing resource a path names; anything else answers like an unknown resource. */
function spatialKey(ctx: Context): SpatialResourceKey {
  const key = ctx.params.resourceKey as string;
  if (!(SPATIAL_RESOURCE_KEYS as readonly string[]).includes(key)) throw new ApiError(404, 'unknownResource', `Unknown resource "${key}".`);
  return key as SpatialResourceKey;
}

/**
 * Writes of the architectural canvas: walls, elevations, views, drawing entities, canvas texts and
 * lines. Whoever may change the order's items may change its drawing (policy 'spatial.write' and the
 * order's involvement rule); the order must be spatial. Each call is one transaction.
 */
export function spatialRoutes(deps: SpatialWriteDeps & { queries: Queries }): Router {
  const r = new Router({ prefix: '/api/spatial' });
  const { repos } = deps;

  /** The organisation of a row's order decides access; unknown rows and other tenants' rows are the same 404. */
  async function accessForRow(ctx: Context, key: SpatialResourceKey, id: number) {
    await requireCaller(ctx, deps.queries);
    const owner = await spatialRowOwner(repos, key, id);
    const access = await authorize(ctx, deps, 'spatial.write', owner.orgId, spatialRowMissing);
    return { access, orderId: owner.productOrderId };
  }

  r.post('/entities/batch-update', async (ctx) => {
    const body = validateBody(EntityBatchUpdateBody, ctx.request.body);
    await requireCaller(ctx, deps.queries);
    const first = await spatialRowOwner(repos, 'entities', body.updates[0]!.where.id);
    const access = await authorize(ctx, deps, 'spatial.write', first.orgId, spatialRowMissing);
    ctx.body = { data: await batchUpdateEntities(deps, access, first.productOrderId, body.updates as { where: { id: number }; props: { data: Row } }[]) };
  });

  r.post('/:resourceKey/create', async (ctx) => {
    const key = spatialKey(ctx);
    const body = validateBody(SpatialCreateBody[key], ctx.request.body) as { props: Row & { orgId: number; productOrderId: number } };
    await requireCaller(ctx, deps.queries);
    const [order] = await repos.productOrders.find({ id: body.props.productOrderId }, { columns: ['orgId'] });
    if (!order) throw orderMissing();
    const access = await authorize(ctx, deps, 'spatial.write', order.orgId as number, orderMissing);
    ctx.body = { data: await createSpatialRow(deps, access, key, body.props) };
  });

  r.post('/:resourceKey/update', async (ctx) => {
    const key = spatialKey(ctx);
    const body = validateBody(SpatialUpdateBody[key], ctx.request.body) as { where: { id: number }; props: Row };
    const { access, orderId } = await accessForRow(ctx, key, body.where.id);
    ctx.body = { data: await updateSpatialRow(deps, access, key, body.where.id, orderId, body.props) };
  });

  r.post('/:resourceKey/destroy', async (ctx) => {
    const key = spatialKey(ctx);
    const body = validateBody(SpatialDestroyBody, ctx.request.body) as { where: { id: number } };
    const { access, orderId } = await accessForRow(ctx, key, body.where.id);
    ctx.body = { data: await destroySpatialRow(deps, access, key, body.where.id, orderId) };
  });

  return r;
}
