import Router from '@koa/router';
import { CATALOGUE_RESOURCE_KEYS, ResourceGetBody, type CatalogueResourceKey } from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, catalogueRowReadable, shapeCatalogueRows } from '../policy.ts';
import { RESOURCES } from '../services/catalogue.ts';

export function resourceRoutes(deps: { repos: Repos; queries: Queries }): Router {
  const { repos } = deps;
  const r = new Router({ prefix: '/api/resources' });

  r.post('/:resourceKey/get', async (ctx) => {
    const key = ctx.params.resourceKey as string;
    if (!(CATALOGUE_RESOURCE_KEYS as readonly string[]).includes(key)) {
      throw new ApiError(404, 'unknownResource', `Unknown resource "${key}".`);
    }
    const decl = RESOURCES[key as CatalogueResourceKey];
    const body = validateBody(ResourceGetBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'resources.get', body.where.orgId);
    const { orgId, ...filters } = body.where;
    for (const f of Object.keys(filters)) {
      if (!(decl.filters as readonly string[]).includes(f)) throw badRequest(`where.${f} is not a filter of ${key}`);
    }
    const rows = await repos[decl.table].find({ ...filters, ...decl.fixedWhere, orgId }, { orderBy: decl.orderBy });
    // Pricing rules a guest may read: those of the products the guest may read.
    const readableRuleIds = async () =>
      new Set((await repos.products.find({ orgId })).filter((p) => catalogueRowReadable(access, p)).map((p) => p.productPricingRuleId as number));
    ctx.body = { data: await shapeCatalogueRows(access, key, rows, readableRuleIds) };
  });

  return r;
}
