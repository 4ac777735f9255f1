import type { Context, Next } from 'koa';
import { API_TOKEN_PREFIX } from '@cpq/domain';
import type { ApiTokens } from '../db/apiTokens.ts';
import { ApiError, TooManyAttempts } from '../http/errors.ts';
import { SESSION_COOKIE } from '../sessionCookie.ts';
import type { RequestSession } from './requestSession.ts';
import { hashToken } from './tokens.ts';

export interface ApiTokenLimits {
  /** Calls a token may make per window (API_TOKEN_CALLS_PER_MINUTE; 300 by default). */
  calls: number;
  windowMs: number;
}

export const DEFAULT_API_TOKEN_LIMITS: ApiTokenLimits = { calls: 300, windowMs: 60_000 };

export function apiTokenLimitsFromEnv(env: NodeJS.ProcessEnv): ApiTokenLimits {
  const calls = Number(env.API_TOKEN_CALLS_PER_MINUTE);
  return { ...DEFAULT_API_TOKEN_LIMITS, ...(Number.isInteger(calls) && calls > 0 ? { calls } : {}) };
}

const invalidToken = () => new ApiError(401, 'invalidToken', 'This API token is not valid or has been revoked.');

/** The token of an `Authorization: Bearer …` header, or null when the request carries none. */
export function bearerToken(ctx: Context): string | null {
  const header = ctx.get('authorization');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * Machine clients (decision 0119): a request with `Authorization: Bearer cpq_…` acts as the token's
 * creator, in the token's organisation, within its scopes (`authorize` checks both). Each call is
 * counted against the token's rate limit before it runs and written to its audit trail after it
 * answered. Runs after the session middleware; a request may not carry both a cookie and a token.
 */
export function apiTokenAuth(tokens: ApiTokens, limits: ApiTokenLimits, logError: (err: unknown, request: string) => void) {
  return async (ctx: Context, next: Next): Promise<void> => {
    // Other schemes (a proxy's Basic credentials) are not ours to read.
    if (!/^Bearer(\s|$)/i.test(ctx.get('authorization'))) return next();
    const token = bearerToken(ctx);
    if (!token) throw new ApiError(401, 'invalidToken', 'The Authorization header must be "Bearer" followed by an API token.');
    if (ctx.cookies.get(SESSION_COOKIE)) throw new ApiError(400, 'badRequest', 'Send either an API token or a session cookie, not both.');
    const caller = token.startsWith(API_TOKEN_PREFIX) ? await tokens.callerByHash(hashToken(token)) : undefined;
    if (!caller) throw invalidToken();
    if (!(await tokens.countCall(caller.id, limits.calls, limits.windowMs))) {
      const wait = await tokens.secondsUntilWindowEnds(caller.id, limits.windowMs);
      throw new TooManyAttempts(`This API token made more than ${limits.calls} calls in a minute. Try again in ${wait} seconds.`, wait);
    }
    const session = ctx.state.session as RequestSession;
    session.apiToken = caller;
    session.user = { id: caller.userId, email: caller.email, sessionId: 0, guestModeOrgIds: [] };
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } catch (err) {
      status = err instanceof ApiError ? err.status : ((err as { status?: number }).status ?? 500);
      throw err;
    } finally {
      // The path without its query: a query may carry a share token. A trail that cannot be written is
      // logged, not answered: the call itself has happened (and a write is committed).
      await tokens.recordCall({ tokenId: caller.id, method: ctx.method, path: ctx.path, status, ip: ctx.ip }).catch((err: unknown) => logError(err, `API token ${caller.id} audit`));
    }
  };
}
