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

/** Who a request comes from, as plain data for the services: its IP and its browser. */
export interface RequestClient {
  ip: string;
  userAgent: string;
}

export const requestClientOf = (ctx: Context): RequestClient => ({ ip: ctx.ip, userAgent: ctx.get('user-agent') || '' });

/** A new session for a user, its device row naming the client: answers the token the cookie carries. */
export async function createSession(deps: { repos: Repos; transaction: TransactionRunner }, client: RequestClient, userId: number): Promise<string> {
  const { repos } = deps;
  const token = newToken();
  await deps.transaction(async (trx) => {
    const now = nowUtc();
    const deviceId = await repos.devices.insert(
      { userId, userAgent: client.userAgent.slice(0, 500), ip: client.ip, created: now, lastSeen: now },
      trx,
    );
    await repos.sessions.insert(
      { tokenHash: hashToken(token), userId, deviceId, created: now, expires: dbDateIn(SESSION_TTL_MS), lastSeen: now, guestModeOrgIds: [] },
      trx,
    );
  });
  return token;
}
