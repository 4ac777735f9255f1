import Router from '@koa/router';
import { API_TOKEN_PREFIX, ApiTokenCallsBody, ApiTokenCreateBody, ApiTokenRevokeBody, ApiTokensGetBody } from '@cpq/domain';
import type { ApiTokens } from '../db/apiTokens.ts';
import type { Queries } from '../db/queries.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { notFound } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize } from '../policy.ts';

const tokenNotFound = () => notFound('apiTokenNotFound', 'API token not found.');

/** The admin screen's calls for the organisation's API tokens (owners, in person; decision 0119). */
export function apiTokenRoutes(deps: { queries: Queries; apiTokens: ApiTokens }): Router {
  const r = new Router({ prefix: '/api/orgs/api-tokens' });

  r.post('/get', async (ctx) => {
    const body = validateBody(ApiTokensGetBody, ctx.request.body);
    await authorize(ctx, deps, 'apiTokens.manage', body.orgId);
    ctx.body = { data: { apiTokens: await deps.apiTokens.list(body.orgId) } };
  });

  /** The token itself is in this answer only: it is stored as its hash. */
  r.post('/create', async (ctx) => {
    const body = validateBody(ApiTokenCreateBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'apiTokens.manage', body.orgId);
    const token = `${API_TOKEN_PREFIX}${newToken()}`;
    const id = await deps.apiTokens.create({
      orgId: body.orgId,
      userId: access.user.id,
      name: body.name.trim(),
      scopes: body.scopes,
      tokenHash: hashToken(token),
      hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
    });
    const [apiToken] = await deps.apiTokens.list(body.orgId, id);
    ctx.body = { data: { apiToken, token } };
  });

  /** Revoking again answers the token as first revoked (who, when); another organisation's token is 404. */
  r.post('/revoke', async (ctx) => {
    const body = validateBody(ApiTokenRevokeBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'apiTokens.manage', body.orgId);
    await deps.apiTokens.revoke(body.orgId, body.id, access.user.id);
    const [apiToken] = await deps.apiTokens.list(body.orgId, body.id);
    if (!apiToken) throw tokenNotFound();
    ctx.body = { data: { apiToken } };
  });

  /** A token's audit trail: its latest calls. */
  r.post('/calls', async (ctx) => {
    const body = validateBody(ApiTokenCallsBody, ctx.request.body);
    await authorize(ctx, deps, 'apiTokens.manage', body.orgId);
    const [token] = await deps.apiTokens.list(body.orgId, body.id);
    if (!token) throw tokenNotFound();
    ctx.body = { data: { calls: await deps.apiTokens.calls(body.id) } };
  });

  return r;
}
