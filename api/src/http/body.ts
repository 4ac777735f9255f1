import type { Context, Next } from 'koa';
import { ApiError } from './errors.ts';

const LIMIT = 1024 * 1024; // 1 MiB
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
