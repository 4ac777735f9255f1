import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { requestScope } from '../log.ts';

/** An id a proxy may pass on (nginx's $request_id, a UUID): letters, digits, dot, dash, underscore. */
const PASSED_ON_ID = /^[\w.-]{8,128}$/;

/** The route a request matched (`/api/orders/:id`), else what kind of request it was: label and log field. */
export function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/metrics') return '/metrics';
  return ctx.path.startsWith('/api/') ? 'unmatched' : 'static';
}

/**
 * The outermost middleware: gives the request its id (the one a trusted proxy passed in
 * X-Request-Id, else a new UUID), answers it in X-Request-Id, runs the rest of the request in its
 * scope (so every line logged meanwhile names it), and writes one line when the answer is sent:
 * method, path (never the query string: it may carry a share token), route, status and time.
 * API requests are logged at info; the browser apps' files and health probes at debug.
 */
export function requestLog(opts: { logger: Logger; trustProxy: boolean }) {
  return (ctx: Context, next: Next): Promise<void> => {
    const passed = opts.trustProxy ? ctx.get('x-request-id') : '';
    const requestId = PASSED_ON_ID.test(passed) ? passed : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    return requestScope.run({ requestId }, async () => {
      try {
        await next();
      } finally {
        const quiet = !ctx.path.startsWith('/api/') || ctx.path.startsWith('/api/health/');
        const level = quiet ? 'debug' : 'info';
        if (opts.logger.isLevelEnabled(level)) {
          // Errors thrown past the error middleware have no status yet: Koa answers them with 500.
          // A call made with an API token names the token (its id, never the token).
          const apiTokenId = (ctx.state.session as { apiToken?: { id: number } } | undefined)?.apiToken?.id;
          const line = { method: ctx.method, path: ctx.path, route: routeOf(ctx), status: ctx.status, ms: Number(process.hrtime.bigint() - started) / 1e6, ...(apiTokenId ? { apiTokenId } : {}) };
          opts.logger[level](line, 'request');
        }
      }
    });
  };
}
