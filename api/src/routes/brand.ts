import Router from '@koa/router';
import { PublicBrandParams } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { compile } from '../http/validate.ts';
import { shapePublicBrand } from '../policy.ts';
import { getOrg } from '../services/orgs.ts';

const NO_SUCH_ORGANISATION = 'We could not find this organisation. Check the address you were given, or sign in to choose yours.';

/**
 * An organisation's public brand, for a sign-in page that shows whose portal it is before anyone
 * signs in (policy `brand.read`: no session needed; `shapePublicBrand` decides what leaves).
 */
export function brandRoutes(deps: { repos: Repos }): Router {
  const r = new Router({ prefix: '/api/brand' });

  r.get('/:orgId', async (ctx) => {
    const params = { orgId: ctx.params.orgId };
    if (!compile(PublicBrandParams)(params)) {
      throw new ApiError(400, 'invalidOrganisation', 'An organisation is named by its number, for example /api/brand/850.');
    }
    const org = await getOrg(deps.repos, Number(params.orgId));
    if (!org) throw notFound('organisationNotFound', NO_SUCH_ORGANISATION);
    // Public and the same for everyone: a shared cache may keep it briefly.
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = { data: shapePublicBrand(org) };
  });

  return r;
}
