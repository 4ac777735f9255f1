import type { Context, Next } from 'koa';
import { Stream } from 'node:stream';

/**
 * `Server-Timing: app;dur=<ms>` on every API answer: the time the server spent on the request, so
 * browsers' developer tools and the benchmarks (bench/) can tell server time from network time.
 *
 * It covers the whole handling this process does before the answer's bytes are written (decision
 * 0105): from Koa's first middleware (the request line and headers parsed) through the body's
 * reading and validation, the session, the work and the commit, to the answer serialised — a JSON
 * answer is serialised here rather than by Koa after the timing, so its cost is counted. Left out:
 * the socket's read and write themselves, and the time the process waits for a processor.
 */
export async function serverTiming(ctx: Context, next: Next): Promise<void> {
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    if (ctx.path.startsWith('/api/')) {
      const body: unknown = ctx.body;
      // What Koa would do when responding (its type is already JSON), done inside the timing.
      if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && !(body instanceof Stream) && !ArrayBuffer.isView(body)) ctx.body = JSON.stringify(body);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.set('Server-Timing', `app;dur=${ms.toFixed(2)}`);
    }
  }
}
