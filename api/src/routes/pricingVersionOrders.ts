import Router from '@koa/router';
import { PricingVersionOrdersBody } from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import { validateBody } from '../http/validate.ts';
import { authorize } from '../policy.ts';
import { pricingVersionOrders } from '../services/pricingVersionOrders.ts';

/** Which orders a pricing rule version prices (the admin pricing editor asks before changing it). Owners only. */
export function pricingVersionOrderRoutes(deps: { repos: Repos; queries: Queries }): Router {
  const r = new Router();
  r.post('/api/configurator/get-pricing-version-orders', async (ctx) => {
    const body = validateBody(PricingVersionOrdersBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'pricingRules.versionOrders', body.orgId);
    ctx.body = { data: { productOrders: await pricingVersionOrders(deps, access, body) } };
  });
  return r;
}
