import Router from '@koa/router';
import { CreateProductOrderBody, HomepageDataBody, OrderDataBody } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { forbidden } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize } from '../policy.ts';
import { homepageData } from '../services/catalogue.ts';
import { orderData } from '../services/orderData.ts';
import { createProductOrder } from '../services/orders.ts';

export function configuratorRoutes(deps: { repos: Repos; transaction: TransactionRunner }): Router {
  const { repos } = deps;
  const r = new Router({ prefix: '/api/configurator' });

  r.post('/get-configurator-homepage-data', async (ctx) => {
    const body = validateBody(HomepageDataBody, ctx.request.body);
    const access = await authorize(ctx, repos, 'configurator.getHomepageData', body.orgId);
    ctx.body = { data: await homepageData(repos, access) };
  });

  r.post('/create-product-order', async (ctx) => {
    const body = validateBody(CreateProductOrderBody, ctx.request.body);
    const access = await authorize(ctx, repos, 'configurator.createProductOrder', body.productOrderProps.orgId);
    ctx.body = { data: await createProductOrder(deps, access, body.productOrderProps) };
  });

  r.post('/get-configurator-order-data', async (ctx) => {
    const body = validateBody(OrderDataBody, ctx.request.body);
    const access = await authorize(ctx, repos, 'configurator.getOrderData', body.orgId);
    if (body.userId !== undefined && body.userId !== access.user.id) throw forbidden('userId must be your own user id.');
    ctx.body = { data: await orderData(repos, access, body.productOrderOrgSpecificId) };
  });

  return r;
}
