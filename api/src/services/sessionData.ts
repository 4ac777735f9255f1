import { ENGINE_VERSION, isActiveRole, isEmployeeRole, type OrgMembership, type SessionData } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import { orgAccessData, roleInForce } from '../policy.ts';
import { readPreferences } from './preferences.ts';

/**
 * What the browser is told of the signed-in user: each organisation with the role in force there —
 * for an employee whose session is in guest mode, role 'guest' and their stored role as prevRole,
 * exactly as the server enforces it (roleInForce in policy.ts). A service rather than part of auth/:
 * it applies the policy and reads the preferences, both above auth/.
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
