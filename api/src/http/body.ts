import type { Context, Next } from 'koa';
import { ApiError } from './errors.ts';

const LIMIT = 1024 * 1024; // 1 MiB

declare module 'koa' {
  interface Request {
    /** Parsed JSON body (undefined when there is none). */
    body?: unknown;
    /** Raw body bytes (kept for webhook signature checks). */
    rawBody?: Buffer;
  }
}

async function readRaw(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > LIMIT) throw new ApiError(413, 'bodyTooLarge', 'Request body is too large.');
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/** JSON bodies for POST/PUT/PATCH/DELETE; malformed JSON → 400 invalidJson. */
export async function jsonBody(ctx: Context, next: Next): Promise<void> {
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) {
    const raw = await readRaw(ctx);
    ctx.request.rawBody = raw;
    if (raw.length > 0) {
      const type = ctx.request.type;
      if (type && type !== 'application/json' && !type.endsWith('+json')) {
        throw new ApiError(415, 'unsupportedMediaType', 'Send the request body as application/json.');
      }
      try {
        ctx.request.body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new ApiError(400, 'invalidJson', 'Request body is not valid JSON.');
      }
    }
  }
  await next();
}
