import Router from '@koa/router';
import { CATALOGUE_RESOURCE_KEYS, ResourceGetBody, type CatalogueResourceKey } from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize } from '../policy.ts';
import { RESOURCES, visibleToRole } from '../services/catalogue.ts';

export function resourceRoutes(repos: Repos): Router {
  const r = new Router({ prefix: '/api/resources' });

  r.post('/:resourceKey/get', async (ctx) => {
    const key = ctx.params.resourceKey as string;
    if (!(CATALOGUE_RESOURCE_KEYS as readonly string[]).includes(key)) {
      throw new ApiError(404, 'unknownResource', `Unknown resource "${key}".`);
    }
    const decl = RESOURCES[key as CatalogueResourceKey];
    const body = validateBody(ResourceGetBody, ctx.request.body);
    const access = await authorize(ctx, repos, 'resources.get', body.where.orgId);
    const { orgId, ...filters } = body.where;
    for (const f of Object.keys(filters)) {
      if (!(decl.filters as readonly string[]).includes(f)) throw badRequest(`where.${f} is not a filter of ${key}`);
    }
    const rows = (await repos[decl.table].find({ ...filters, ...decl.fixedWhere, orgId }, { orderBy: decl.orderBy })) as Row[];
    ctx.body = { data: decl.publishLevel ? visibleToRole(rows, access.role) : rows };
  });

  return r;
}
