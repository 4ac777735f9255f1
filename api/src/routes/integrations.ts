import Router from '@koa/router';
import { IntegrationConnectBody } from '@cpq/domain';
import { IntegrationsNotConfiguredError } from '../adapters/integrations/index.ts';
import type { Queries } from '../db/queries.ts';
import { ApiError } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize } from '../policy.ts';
import { connectSession, type IntegrationDeps } from '../services/integrations.ts';

/** The admin integrations page's call (owners only). */
export function integrationRoutes(deps: IntegrationDeps & { queries: Queries }): Router {
  const r = new Router({ prefix: '/api/integrations' });
  r.post('/get-connect-session', async (ctx) => {
    const body = validateBody(IntegrationConnectBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'integrations.manage', body.orgId);
    try {
      ctx.body = { data: await connectSession(deps, access, body.integrationKey) };
    } catch (err) {
      if (err instanceof IntegrationsNotConfiguredError) throw new ApiError(503, 'integrationsNotConfigured', err.message);
      throw err;
    }
  });
  return r;
}
