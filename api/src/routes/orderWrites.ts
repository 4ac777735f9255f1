import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ProductInstanceCreateBody,
  ProductInstanceDestroyBody,
  ProductInstanceUpdateBody,
  ProductOrderUpdateBody,
} from '@cpq/domain';
import type { Row } from '../db/repository.ts';
import { notFound } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, requireUser, type Endpoint } from '../policy.ts';
import {
  createInstance,
  destroyInstance,
  stripInstanceComputed,
  stripOrderComputed,
  updateInstance,
  updateOrder,
  type WriteDeps,
} from '../services/orderWrites.ts';

/**
 * Writes that affect prices: product instances and order fields, as generic resource calls
 * (create, update, destroy with where and props). Every write recomputes and stores item prices and
 * order costs on the server.
 */
export function orderWriteRoutes(deps: WriteDeps): Router {
  const r = new Router({ prefix: '/api/resources' });
  const { repos } = deps;

  /** The organisation a row belongs to decides who may write it; unknown rows are 404. */
  async function accessFor(ctx: Context, endpoint: Endpoint, table: 'productOrders' | 'productInstances', id: number, missing: () => Error) {
    requireUser(ctx);
    const row = await repos[table].findOne({ id });
    if (!row) throw missing();
    return authorize(ctx, repos, endpoint, row.orgId);
  }
  const orderMissing = () => notFound('orderNotFound', 'Order not found.');
  const itemMissing = () => notFound('instanceNotFound', 'Item not found.');

  r.post('/productInstances/create', async (ctx) => {
    const body = validateBody(ProductInstanceCreateBody, stripInstanceComputed(ctx.request.body));
    const access = await accessFor(ctx, 'productInstances.write', 'productOrders', body.props.productOrderId, orderMissing);
    ctx.body = { data: await createInstance(deps, access, body.props) };
  });

  r.post('/productInstances/update', async (ctx) => {
    const body = validateBody(ProductInstanceUpdateBody, stripInstanceComputed(ctx.request.body));
    const access = await accessFor(ctx, 'productInstances.write', 'productInstances', body.where.id, itemMissing);
    ctx.body = { data: await updateInstance(deps, access, body.where.id, body.props) };
  });

  r.post('/productInstances/destroy', async (ctx) => {
    const body = validateBody(ProductInstanceDestroyBody, ctx.request.body);
    const access = await accessFor(ctx, 'productInstances.write', 'productInstances', body.where.id, itemMissing);
    ctx.body = { data: await destroyInstance(deps, access, body.where.id) };
  });

  r.post('/productOrders/update', async (ctx) => {
    const body = validateBody(ProductOrderUpdateBody, stripOrderComputed(ctx.request.body));
    const access = await accessFor(ctx, 'productOrders.update', 'productOrders', body.where.id, orderMissing);
    ctx.body = { data: await updateOrder(deps, access, body.where.id, body.props as Row) };
  });

  return r;
}
