import type { Context, Next } from 'koa';

/**
 * The Content-Security-Policy of every response (docs/decisions/0046-api-hardening.md):
 * - scripts only from the portal itself — the shell, the micro-frontends and the organisation
 *   plugins are all served from this origin; no inline script, no eval;
 * - styles from the portal and inline: the remotes' CSS travels in their JS chunks and is added as
 *   <style> elements (docs/decisions/0010-federation-css-and-shared-single-spa.md);
 * - images also from https: and data: URLs (an organisation's logo may live on its own site);
 * - nothing may frame the portal, no plugins (<object>), no <base> pointing elsewhere, forms post
 *   only to the portal.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Security headers on every response (share tokens travel in URLs: never leak them as Referer). */
export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
  ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  // Over HTTPS, directly or behind a proxy that says so (X-Forwarded-Proto, trusted only with TRUST_PROXY).
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  try {
    await next();
  } finally {
    // API answers — refusals too — are never stored, unless a route chose otherwise (the catalogue
    // and the order data revalidate by ETag).
    if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
  }
}
