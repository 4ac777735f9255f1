import Router from '@koa/router';
import type { Queries } from '../db/queries.ts';
import { DATABASE_UNAVAILABLE } from '../db/errors.ts';

/** How long the readiness check waits for the database's answer. */
export const READY_TIMEOUT_MS = 1000;

/**
 * For a load balancer: `live` says the process answers (restart it when not); `ready` says the
 * database answers a trivial query within a second (send it traffic only then). No session needed.
 */
export function healthRoutes(deps: { queries: Pick<Queries, 'ping'> }): Router {
  const r = new Router({ prefix: '/api/health' });

  r.get('/live', (ctx) => {
    ctx.body = { data: { status: 'live' } };
  });

  r.get('/ready', async (ctx) => {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      deps.queries.ping().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (answered) {
      ctx.body = { data: { status: 'ready' } };
    } else {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { error: { ...DATABASE_UNAVAILABLE } };
    }
  });

  return r;
}
