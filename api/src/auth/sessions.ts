import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { isActiveRole, type OrgMembership, type SessionData } from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import { dbDateIn, nowUtc } from '../db/time.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'cpq_session';
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

export async function createSession(db: Knex, repos: Repos, ctx: Context, userId: number): Promise<string> {
  const token = newToken();
  await db.transaction(async (trx) => {
    const now = nowUtc();
    const deviceId = await repos.devices.insert(
      { userId, userAgent: (ctx.get('user-agent') || '').slice(0, 500), ip: ctx.ip, created: now, lastSeen: now },
      trx,
    );
    await repos.sessions.insert(
      { tokenHash: hashToken(token), userId, deviceId, created: now, expires: dbDateIn(SESSION_TTL_MS) },
      trx,
    );
  });
  return token;
}

/** Loads ctx.state.user from the session cookie (no error when absent: endpoints decide). */
export function sessionMiddleware(db: Knex) {
  return async (ctx: Context, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) {
      const row = (await db('sessions')
        .join('users', 'users.id', 'sessions.user_id')
        .select('sessions.id as session_id', 'users.id as user_id', 'users.email as email')
        .where('sessions.token_hash', hashToken(token))
        .where('sessions.expires', '>', nowUtc())
        .first()) as { session_id: number; user_id: number; email: string } | undefined;
      if (row) ctx.state.user = { id: row.user_id, email: row.email, sessionId: row.session_id };
    }
    await next();
  };
}

export async function buildSessionData(repos: Repos, userId: number): Promise<SessionData> {
  const user = (await repos.users.findOne({ id: userId })) as Row;
  const memberships = (await repos.memberships.find({ userId }, { orderBy: ['orgId'] })) as Array<Row & { role: string; orgId: number; prevRole: string | null }>;
  const active = memberships.filter((m) => isActiveRole(m.role));
  const orgs = active.length ? ((await repos.organisations.find({ id: active.map((m) => m.orgId) })) as Row[]) : [];
  const byId = new Map(orgs.map((o) => [o.id as number, o]));
  const organisations: OrgMembership[] = active.flatMap((m) => {
    const o = byId.get(m.orgId);
    if (!o) return [];
    return [{ id: o.id as number, title: o.title as string, appData: o.appData as OrgMembership['appData'], role: m.role, prevRole: m.prevRole ?? null }];
  });
  const firstName = String(user.firstName ?? '');
  const lastName = String(user.lastName ?? '');
  return {
    user: {
      id: user.id as number,
      email: user.email as string,
      name: `${firstName} ${lastName}`.trim(),
      firstName,
      lastName,
      personalOrgId: (user.personalOrgId as number | null) ?? null,
    },
    organisations,
  };
}
