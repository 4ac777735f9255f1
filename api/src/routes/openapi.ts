import Router from '@koa/router';
import { openApiDocument } from './openapi/document.ts';
import { clientHas } from '../http/revalidate.ts';

/**
 * GET /api/openapi.json: the API's contract as an OpenAPI 3.1 document, built once from
 * routes/openapi/contract.ts (docs/decisions/0120-openapi-contract.md). Public: it describes the
 * calls, it answers none of them.
 */
export function openApiRoutes(): Router {
  const r = new Router();
  r.get('/api/openapi.json', (ctx) => {
    const { json, etag } = openApiDocument();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', etag);
    if (clientHas(ctx, etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = json;
  });
  return r;
}
