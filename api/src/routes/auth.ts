import Router from '@koa/router';
import { LoginBody } from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { getDummyHash, verifyPassword } from '../auth/passwords.ts';
import { lockedForMs, recordAttempt, tryAgainMessage, type RateLimitOptions } from '../auth/rateLimit.ts';
import { buildSessionData, createSession, SESSION_COOKIE, setSessionCookie } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { requireUser } from '../policy.ts';

export function authRoutes(deps: { repos: Repos; queries: Queries; transaction: TransactionRunner }, rateLimit: RateLimitOptions): Router {
  const { repos, queries } = deps;
  const r = new Router({ prefix: '/api/auth' });

  r.post('/login', async (ctx) => {
    const body = validateBody(LoginBody, ctx.request.body);
    const email = body.email.trim().toLowerCase();
    const ip = ctx.ip || 'unknown';
    const wait = await lockedForMs(queries, rateLimit, email, ip);
    if (wait > 0) {
      ctx.set('Retry-After', String(Math.ceil(wait / 1000)));
      throw new ApiError(429, 'tooManyAttempts', tryAgainMessage(wait));
    }
    const user = await repos.users.findOne({ email });
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !ok) {
      await recordAttempt(queries, email, ip, false);
      throw new ApiError(401, 'invalidCredentials', 'Invalid email or password.');
    }
    await recordAttempt(queries, email, ip, true);
    const token = await createSession(deps, ctx, user.id);
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
    ctx.body = { data: await buildSessionData(repos, user.id) };
  });

  return r;
}
