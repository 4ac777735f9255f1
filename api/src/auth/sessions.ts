import type { Context } from 'koa';
import { ENGINE_VERSION, isActiveRole, isEmployeeRole, type OrgMembership, type SessionData } from '@cpq/domain';
import { orgAccessData, roleInForce } from '../policy.ts';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { dbDateIn, nowUtc } from '../db/time.ts';
import { hashToken, newToken } from './tokens.ts';
import { readPreferences } from '../services/preferences.ts';

import { SESSION_COOKIE } from './requestSession.ts';

export { SESSION_COOKIE, sessionMiddleware } from './requestSession.ts';
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

/**
 * What the browser is told of the signed-in user: each organisation with the role in force there —
 * for an employee whose session is in guest mode, role 'guest' and their stored role as prevRole,
 * exactly as the server enforces it (roleInForce in policy.ts).
 */
export async function buildSessionData(repos: Repos, userId: number, guestModeOrgIds: readonly number[] = []): Promise<SessionData> {
  const user = await repos.users.findOne({ id: userId });
  if (!user) throw new Error(`No user ${userId}`);
  const memberships = await repos.memberships.find({ userId }, { orderBy: ['orgId'] });
  const active = memberships.filter((m) => isActiveRole(m.role));
  const orgs = active.length ? await repos.organisations.find({ id: active.map((m) => m.orgId) }) : [];
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const organisations: OrgMembership[] = [];
  for (const m of active) {
    const o = byId.get(m.orgId);
    if (!o) continue;
    const { role, prevRole } = roleInForce(m.role, guestModeOrgIds, m.orgId);
    // The browser hides prices it was told are hidden; the server never sends them anyway.
    const { pricingIsHidden } = isEmployeeRole(role) ? { pricingIsHidden: false } : await orgAccessData(repos, m.orgId, userId, m.accessData);
    organisations.push({ id: o.id, title: o.title, appData: o.appData, role, prevRole, pricingIsHidden });
  }
  const firstName = String(user.firstName ?? '');
  const lastName = String(user.lastName ?? '');
  return {
    user: {
      id: user.id,
      email: user.email ?? '',
      name: `${firstName} ${lastName}`.trim(),
      firstName,
      lastName,
      personalOrgId: user.personalOrgId ?? null,
      preferences: readPreferences(user.appData),
      isPlatformAdmin: user.isPlatformAdmin === 1,
    },
    organisations,
    engineVersion: ENGINE_VERSION,
  };
}
