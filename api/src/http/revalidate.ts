import type { Context } from 'koa';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

/** A response body: its bytes in an encoding (compressed when first asked for). */
export interface EncodedBody {
  bytes(encoding: Encoding): Buffer | Promise<Buffer>;
}

/**
 * JSON bytes compressed on first use per encoding, then kept: brotli for browsers, gzip for the rest.
 * Compressed off the event loop (zlib's thread pool). `quality`: brotli's level (11 is slow; a body
 * made once per order revision is compressed at a level that costs a few milliseconds).
 */
export class CompressedBody implements EncodedBody {
  private br?: Promise<Buffer>;
  private gz?: Promise<Buffer>;
  constructor(
    readonly body: Buffer,
    private readonly quality = { br: 9, gzip: 9 },
  ) {}

  bytes(encoding: Encoding): Buffer | Promise<Buffer> {
    if (encoding === 'br') return (this.br ??= brotli(this.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: this.quality.br, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } }));
    if (encoding === 'gzip') return (this.gz ??= gzip(this.body, { level: this.quality.gzip }));
    return this.body;
  }
}

/** Whether the client's If-None-Match names this ETag (weak or strong, one of a list, or `*`). */
export function clientHas(ctx: Context, etag: string): boolean {
  const match = ctx.get('If-None-Match');
  return !!match && match.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * A tagged answer: 304 without a body when the client's copy is current, else the bytes compressed
 * as the client accepts. `private, no-cache`: only the signed-in browser keeps it, and asks the server
 * (which checks the session and the access every time) before using it again. `body` is called only
 * when the answer is not a 304, so a revalidation can skip making it.
 */
export async function sendRevalidated(ctx: Context, etag: string, body: () => EncodedBody | Promise<EncodedBody>): Promise<void> {
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.set('ETag', etag);
  ctx.vary('Accept-Encoding');
  if (clientHas(ctx, etag)) {
    ctx.status = 304;
    return;
  }
  const made = await body();
  // Brotli whenever accepted: negotiation alone picks the first listed of equal weight, and browsers list gzip first.
  const encoding: Encoding = ctx.acceptsEncodings('br') ? 'br' : ctx.acceptsEncodings('gzip') ? 'gzip' : 'identity';
  const bytes = await made.bytes(encoding);
  ctx.type = 'application/json';
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = bytes;
}
