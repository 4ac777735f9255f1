import type { Context, Next } from 'koa';

/**
 * `Server-Timing: app;dur=<ms>` on every API answer: the time the server spent on the request, so
 * browsers' developer tools and the benchmarks (bench/) can tell server time from network time.
 */
export async function serverTiming(ctx: Context, next: Next): Promise<void> {
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    if (ctx.path.startsWith('/api/')) {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.set('Server-Timing', `app;dur=${ms.toFixed(2)}`);
    }
  }
}
