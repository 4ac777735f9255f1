import Router from '@koa/router';
import type { Context } from 'koa';
import { ChangeOrderOwnerBody, CreateProductOrderWithItemsBody, DuplicateProductOrderBody, OrderOwnerCandidatesBody } from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, authorizeOrderById, orderNotFound, requireUser, type Endpoint } from '../policy.ts';
import { changeOrderOwner, createProductOrderWithItems, duplicateProductOrder, orderOwnerCandidates } from '../services/orderActions.ts';
import type { WriteDeps } from '../services/orderWrites.ts';

/**
 * Order actions of the order settings popup (copy, owner change and its candidate list) and the
 * creation of an order with its items (plugin actions such as a back-box quote).
 */
export function orderActionRoutes(deps: WriteDeps & { queries: Queries }): Router {
  const r = new Router({ prefix: '/api/configurator' });

  const accessForOrder = (ctx: Context, endpoint: Endpoint, productOrderId: number) => authorizeOrderById(ctx, deps, endpoint, productOrderId);

  r.post('/duplicate-product-order', async (ctx) => {
    const body = validateBody(DuplicateProductOrderBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.duplicateProductOrder', body.productOrderId);
    ctx.body = { data: await duplicateProductOrder(deps, access, body.productOrderId) };
  });

  r.post('/change-order-owner', async (ctx) => {
    const body = validateBody(ChangeOrderOwnerBody, ctx.request.body);
    const access = await accessForOrder(ctx, 'configurator.changeOrderOwner', body.productOrderId);
    ctx.body = { data: await changeOrderOwner(deps, access, body.productOrderId, body.userId) };
  });

  r.post('/get-order-owner-candidates', async (ctx) => {
    const body = validateBody(OrderOwnerCandidatesBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'configurator.getOrderOwnerCandidates', body.orgId);
    ctx.body = { data: await orderOwnerCandidates(deps.repos, access.orgId) };
  });

  r.post('/create-product-order-with-items', async (ctx) => {
    const body = validateBody(CreateProductOrderWithItemsBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'configurator.createProductOrderWithItems', body.productOrderProps.orgId);
    ctx.body = { data: await createProductOrderWithItems(deps, access, body) };
  });

  return r;
}
