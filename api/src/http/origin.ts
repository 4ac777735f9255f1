import type { Context, Next } from 'koa';
import { ApiError } from './errors.ts';
import { SESSION_COOKIE } from '../sessionCookie.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const crossSiteRequest = () =>
  new ApiError(403, 'crossSiteRequest', 'This request came from another site and was refused. Open the portal at its own address and try again.');

/** The origin (scheme://host[:port]) of a URL, or null when it is not one. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Writes come from the portal's own pages only (docs/decisions/0046-api-hardening.md). A write that
 * names its origin — `Origin`, and `Sec-Fetch-Site` when the browser sends it — must be same-origin:
 * the request's own origin (scheme, host and port; the proxy's X-Forwarded-Proto/-Host count only
 * when the app trusts the proxy) or PUBLIC_URL's. A write that carries the session cookie must name
 * it (browsers always do on POST): a cookie alone proves nothing, the browser attaches it to
 * another site's forms too. Writes without a cookie and without those headers (the payment
 * provider's webhook, scripts) pass: they act as nobody. Writes with an API token and no cookie
 * pass too: the token, not the page, says who calls.
 */
export function sameOriginWrites(opts: { publicUrl?: string | undefined } = {}) {
  const publicOrigin = originOf(opts.publicUrl);
  return async (ctx: Context, next: Next): Promise<void> => {
    // A bearer token is not ambient like a cookie (or Basic credentials): its holder meant to send it (decision 0119).
    const tokenOnly = /^Bearer\s/i.test(ctx.get('authorization')) && !ctx.cookies.get(SESSION_COOKIE);
    if (!SAFE_METHODS.has(ctx.method) && !tokenOnly) {
      const origin = ctx.get('origin');
      const fetchSite = ctx.get('sec-fetch-site');
      if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw crossSiteRequest();
      if (origin) {
        // Through URL, so that a Host naming the default port (:443) still matches the browser's Origin.
        const own = originOf(`${ctx.protocol}://${ctx.host}`);
        if (origin !== own && origin !== publicOrigin) throw crossSiteRequest();
      } else if (!fetchSite && ctx.cookies.get(SESSION_COOKIE)) {
        throw crossSiteRequest();
      }
    }
    await next();
  };
}
