import Router from '@koa/router';
import type { Queries } from '../db/queries.ts';
import { DATABASE_UNAVAILABLE } from '../db/errors.ts';

/** How long the readiness check waits for the database's answer. */
export const READY_TIMEOUT_MS = 1000;

/** The readiness answer of a process whose background tasks are stopping, stopped or stuck. */
export const TASKS_NOT_READY = { code: 'notReady', message: 'This process is stopping or its background tasks are stuck.' };

/**
 * For a load balancer: `live` says the process answers (restart it when not); `ready` says the
 * database answers a trivial query within a second and the background tasks run (not stopping, no
 * pass stuck): send it traffic only then. No session needed.
 */
export function healthRoutes(deps: { queries: Pick<Queries, 'ping'>; tasksReady?: () => boolean }): Router {
  const r = new Router({ prefix: '/api/health' });

  r.get('/live', (ctx) => {
    ctx.body = { data: { status: 'live' } };
  });

  r.get('/ready', async (ctx) => {
    if (deps.tasksReady && !deps.tasksReady()) {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { error: TASKS_NOT_READY };
      return;
    }
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
