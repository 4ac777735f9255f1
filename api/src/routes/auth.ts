import Router from '@koa/router';
import { GuestModeBody, LoginBody } from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { getDummyHash, verifyPassword } from '../auth/passwords.ts';
import { loginSucceeded, reserveLoginAttempt, tryAgainMessage, type RateLimitOptions } from '../auth/rateLimit.ts';
import { createSession, requestClientOf, setSessionCookie } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { authorizeGuestModeSwitch, requireUser } from '../policy.ts';
import { SESSION_COOKIE } from '../sessionCookie.ts';
import { buildSessionData } from '../services/sessionData.ts';

export function authRoutes(deps: { repos: Repos; queries: Queries; transaction: TransactionRunner }, rateLimit: RateLimitOptions): Router {
  const { repos, queries } = deps;
  const r = new Router({ prefix: '/api/auth' });

  r.post('/login', async (ctx) => {
    const body = validateBody(LoginBody, ctx.request.body);
    const email = body.email.trim().toLowerCase();
    const ip = ctx.ip || 'unknown';
    // Reserved (counted as a failure) before the password is checked: see auth/rateLimit.ts.
    const reserved = await reserveLoginAttempt(queries, rateLimit, email, ip);
    if ('waitMs' in reserved) {
      ctx.set('Retry-After', String(Math.ceil(reserved.waitMs / 1000)));
      throw new ApiError(429, 'tooManyAttempts', tryAgainMessage(reserved.waitMs));
    }
    const user = await repos.users.findOne({ email });
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !ok) throw new ApiError(401, 'invalidCredentials', 'Invalid email or password.');
    await loginSucceeded(queries, rateLimit, reserved);
    const token = await createSession(deps, requestClientOf(ctx), user.id);
    setSessionCookie(ctx, token);
    ctx.body = { data: await buildSessionData(repos, user.id) };
  });

  r.post('/logout', async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) await repos.sessions.delete({ tokenHash: hashToken(token) });
    setSessionCookie(ctx, null);
    ctx.body = { data: { ok: true } };
  });

  r.get('/session', async (ctx) => {
    const user = await requireUser(ctx, queries);
    ctx.body = { data: await buildSessionData(repos, user.id, user.guestModeOrgIds) };
  });

  /** Guest mode lives on the session: the server enforces it (docs/decisions/0047-guest-mode-on-the-session.md). */
  r.post('/guest-mode', async (ctx) => {
    const body = validateBody(GuestModeBody, ctx.request.body);
    const user = await authorizeGuestModeSwitch(ctx, deps, body.orgId, body.guestMode);
    const guestModeOrgIds = await queries.setSessionGuestMode(user.sessionId, body.orgId, body.guestMode);
    ctx.body = { data: await buildSessionData(repos, user.id, guestModeOrgIds) };
  });

  return r;
}
