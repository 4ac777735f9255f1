import type { Context, Next } from 'koa';
import { ApiError } from './errors.ts';

const LIMIT = 1024 * 1024; // 1 MiB
/**
 * A body over the limit is read to its end and dropped, so that the client, still sending, gets the
 * 413 answer rather than a reset connection; past this much (or when Content-Length already says so)
 * the answer is sent at once and the connection closed.
 */
const DRAIN_LIMIT = 16 * LIMIT;
/**
 * Deepest nesting a body may have. The deepest legitimate body (an item's property data inside
 * props) is under ten levels; MariaDB refuses JSON columns nested past 32, and very deep input
 * overflows recursive code, so deeper bodies are refused before they are parsed.
 */
export const MAX_BODY_DEPTH = 24;

declare module 'koa' {
  interface Request {
    /** Parsed JSON body (undefined when there is none). */
    body?: unknown;
    /** Raw body bytes (kept for webhook signature checks). */
    rawBody?: Buffer;
  }
}

const tooLarge = () => new ApiError(413, 'bodyTooLarge', `Request body is too large (the limit is ${LIMIT / 1024 / 1024} MiB).`);

/**
 * The body's bytes, at most `limit` of them (else `tooLargeError`); more is read and dropped up to
 * the drain limit, so the client gets the answer rather than a reset connection.
 */
export async function readRaw(ctx: Context, limit = LIMIT, tooLargeError: () => Error = tooLarge): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  const drainLimit = Math.max(DRAIN_LIMIT, 4 * limit);
  if (declared > drainLimit) {
    ctx.set('Connection', 'close');
    throw tooLargeError();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Not `for await`: leaving that loop early destroys the request stream, which resets the connection.
  await new Promise<void>((resolve, reject) => {
    const req = ctx.req;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > drainLimit) {
        req.off('data', onData);
        req.pause();
        ctx.set('Connection', 'close');
        resolve();
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve());
    req.once('error', reject);
  });
  if (size > limit) throw tooLargeError();
  return Buffer.concat(chunks);
}

/** application/json, or a JSON type such as application/merge-patch+json. */
const isJsonType = (type: string) => type === 'application/json' || type.endsWith('+json');

/**
 * JSON bodies for POST/PUT/PATCH/DELETE. A body must say it is JSON (415 otherwise: a body without a
 * type, or sent as a form or text, is how another site's page writes without asking); a write with no
 * body at all needs no type. Malformed JSON → 400 invalidJson.
 */
export async function jsonBody(ctx: Context, next: Next): Promise<void> {
  return jsonBodyExcept([])(ctx, next);
}

/**
 * `jsonBody` for every path but the given ones, whose routes read their own bodies (the media
 * upload: image bytes, with their own limit and type rule).
 */
export function jsonBodyExcept(ownBodyPaths: readonly string[]) {
  const own = new Set(ownBodyPaths);
  return (ctx: Context, next: Next) => (own.has(ctx.path) ? next() : parseJson(ctx, next));
}

async function parseJson(ctx: Context, next: Next): Promise<void> {
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) {
    const raw = await readRaw(ctx);
    ctx.request.rawBody = raw;
    if (raw.length > 0) {
      if (!isJsonType(ctx.request.type)) {
        throw new ApiError(415, 'unsupportedMediaType', 'Send the request body as application/json.');
      }
      const text = raw.toString('utf8');
      if (nestingDepth(text) > MAX_BODY_DEPTH) {
        throw new ApiError(400, 'invalidJson', `Request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'invalidJson', 'Request body is not valid JSON.');
      }
      if (hasNonFiniteNumber(parsed)) {
        throw new ApiError(400, 'invalidJson', 'Request body has a number too large to represent (such as 1e400).');
      }
      ctx.request.body = parsed;
    }
  }
  await next();
}

/** Deepest bracket nesting of a JSON text, outside strings; no recursion, so any input is safe. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) max = depth;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/** JSON.parse turns 1e400 into Infinity, which a JSON Schema "integer" accepts. */
export function hasNonFiniteNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const child of Object.values(v)) stack.push(child);
    }
  }
  return false;
}
