import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ProductInstanceCreateBody,
  ProductInstanceDestroyBody,
  ProductInstanceUpdateBody,
  ProductOrderDestroyBody,
  ProductOrderUpdateBody,
  checkOrderTitle,
  normaliseQuantity,
} from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Row } from '../db/repository.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, requireCaller, type Endpoint } from '../policy.ts';
import {
  createInstance,
  destroyInstance,
  discardUntitledOrder,
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
export function orderWriteRoutes(deps: WriteDeps & { queries: Queries }): Router {
  const r = new Router({ prefix: '/api/resources' });
  const { repos } = deps;

  /**
   * The organisation a row belongs to decides who may write it; unknown rows, and rows of an
   * organisation the caller is no member of, are the same 404. Reads only the row's organisation and
   * order (the write reads the row itself again, under the order's lock).
   */
  async function accessFor(ctx: Context, endpoint: Endpoint, table: 'productOrders' | 'productInstances', id: number, missing: () => Error) {
    await requireCaller(ctx, deps.queries);
    const [row] = await repos[table].find({ id }, { columns: table === 'productInstances' ? ['orgId', 'productOrderId'] : ['orgId', 'id'] });
    if (!row) throw missing();
    const access = await authorize(ctx, deps, endpoint, row.orgId, missing);
    return { access, orderId: (table === 'productInstances' ? row.productOrderId : row.id) as number };
  }
  const orderMissing = () => notFound('orderNotFound', 'Order not found.');
  const itemMissing = () => notFound('instanceNotFound', 'Item not found.');

  r.post('/productInstances/create', async (ctx) => {
    const body = validateBody(ProductInstanceCreateBody, normaliseItemBody(stripInstanceComputed(ctx.request.body)));
    const { access } = await accessFor(ctx, 'productInstances.write', 'productOrders', body.props.productOrderId, orderMissing);
    ctx.body = { data: await createInstance(deps, access, body.props) };
  });

  r.post('/productInstances/update', async (ctx) => {
    const body = validateBody(ProductInstanceUpdateBody, normaliseItemBody(stripInstanceComputed(ctx.request.body)));
    const { access, orderId } = await accessFor(ctx, 'productInstances.write', 'productInstances', body.where.id, itemMissing);
    ctx.body = { data: await updateInstance(deps, access, body.where.id, orderId, body.props, body.where.expectedVersion) };
  });

  r.post('/productInstances/destroy', async (ctx) => {
    const body = validateBody(ProductInstanceDestroyBody, ctx.request.body);
    const { access, orderId } = await accessFor(ctx, 'productInstances.write', 'productInstances', body.where.id, itemMissing);
    ctx.body = { data: await destroyInstance(deps, access, body.where.id, orderId) };
  });

  r.post('/productOrders/update', async (ctx) => {
    const body = validateBody(ProductOrderUpdateBody, checkTitleFirst(stripOrderComputed(ctx.request.body)));
    const { access } = await accessFor(ctx, 'productOrders.update', 'productOrders', body.where.id, orderMissing);
    ctx.body = { data: await updateOrder(deps, access, body.where.id, body.props as Row) };
  });

  /** Only an untitled order that is empty and was never prompted for project info (left right after creation). */
  r.post('/productOrders/destroy', async (ctx) => {
    const body = validateBody(ProductOrderDestroyBody, ctx.request.body);
    const { access } = await accessFor(ctx, 'productOrders.destroy', 'productOrders', body.where.id, orderMissing);
    ctx.body = { data: await discardUntitledOrder(deps, access, body.where.id) };
  });

  return r;
}

const isObject = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A quantity below 1 or not a number becomes 1 (the field rule), before the schema sees it: typed
 * input such as "0", "" or "abc" is corrected, not refused.
 */
export function normaliseItemBody(body: unknown): unknown {
  if (!isObject(body) || !isObject(body.props) || !('quantity' in body.props)) return body;
  return { ...body, props: { ...body.props, quantity: normaliseQuantity(body.props.quantity) } };
}

/**
 * An order title is checked by its own rule before the schema (whose length check would answer a
 * raw schema message): empty → "A valid order name is required.", the untitled default refused.
 */
export function checkTitleFirst(body: unknown): unknown {
  if (!isObject(body) || !isObject(body.props) || typeof body.props.title !== 'string') return body;
  const c = checkOrderTitle(body.props.title);
  if (!c.ok) throw badRequest(c.message);
  return body;
}
