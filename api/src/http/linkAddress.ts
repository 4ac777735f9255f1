import type { Context, Next } from 'koa';
import { requestScope } from '../log.ts';

/**
 * The address links in answers and mails start with (docs/decisions/0071-share-link-addresses-and-expiry.md):
 * the configured public address (PUBLIC_URL) when there is one, else the address the request came in
 * on — its scheme and host, the proxy's X-Forwarded-Proto/-Host believed only when the app trusts the
 * proxy (Koa's `ctx.origin`). The request's address is kept in its scope (log.ts, entered by the
 * request log's middleware) for everything the request goes on to do, mails sent after its
 * transaction committed included, so no service has to pass it along by hand.
 * Production always names PUBLIC_URL (config.ts): a Host header is the caller's to choose.
 */
export interface LinkAddress {
  /** Remembers each request's address while it is handled (a middleware, before the routes). */
  middleware: (ctx: Context, next: Next) => Promise<void>;
  /** The address for a link now, without a trailing slash. */
  base(): string;
}

/** Where links point when neither PUBLIC_URL nor any request tells (work outside a request before the first one). */
const LAST_RESORT = 'http://localhost:8080';

/** scheme://host[:port] of an http(s) address, or null when it is not one. */
function originOf(address: string): string | null {
  try {
    const u = new URL(address);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function linkAddress(publicUrl: string | undefined): LinkAddress {
  const configured = publicUrl?.trim().replace(/\/+$/, '') || undefined;
  // Work outside a request (the payment sweep) links to where the portal was last reached.
  let lastSeen: string | undefined;
  return {
    async middleware(ctx, next) {
      if (configured) return next();
      const origin = originOf(ctx.origin);
      if (!origin) return next();
      lastSeen = origin;
      const scope = requestScope.getStore();
      if (scope) scope.linkOrigin = origin;
      return next();
    },
    base: () => configured ?? requestScope.getStore()?.linkOrigin ?? lastSeen ?? LAST_RESORT,
  };
}
