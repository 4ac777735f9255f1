import type { Context } from 'koa';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { dbDateIn, nowUtc } from '../db/time.ts';
import { SESSION_COOKIE } from '../sessionCookie.ts';
import { hashToken, newToken } from './tokens.ts';

export { sessionMiddleware } from './requestSession.ts';
export const SESSION_TTL_MS = 30 * 24 * 3600_000;

export function setSessionCookie(ctx: Context, token: string | null): void {
  ctx.cookies.set(SESSION_COOKIE, token ?? '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
    ...(token ? { maxAge: SESSION_TTL_MS } : { maxAge: 0, expires: new Date(0) }),
  });
}

export async function createSession(deps: { repos: Repos; transaction: TransactionRunner }, ctx: Context, userId: number): Promise<string> {
  const { repos } = deps;
  const token = newToken();
  await deps.transaction(async (trx) => {
    const now = nowUtc();
    const deviceId = await repos.devices.insert(
      { userId, userAgent: (ctx.get('user-agent') || '').slice(0, 500), ip: ctx.ip, created: now, lastSeen: now },
      trx,
    );
    await repos.sessions.insert(
      { tokenHash: hashToken(token), userId, deviceId, created: now, expires: dbDateIn(SESSION_TTL_MS), lastSeen: now, guestModeOrgIds: [] },
      trx,
    );
  });
  return token;
}
