import type { Context } from 'koa';
import { isActiveRole, isEmployeeRole, type Role } from '@cpq/domain';
import type { Repos } from './db/repository.ts';
import { ApiError, forbiddenOrg, unauthenticated } from './http/errors.ts';

/**
 * Who may do what: ONE table. Roles are a user's role in the organisation the call names;
 * any active role other than owner/member is treated as guest. Tested as a matrix
 * (test/policy.test.ts: every endpoint × every role, on both databases).
 */
export type PolicyRole = 'owner' | 'member' | 'guest';

export const ALL_ROLES: readonly PolicyRole[] = ['owner', 'member', 'guest'];
export const EMPLOYEES: readonly PolicyRole[] = ['owner', 'member'];
export const OWNERS: readonly PolicyRole[] = ['owner'];

export const POLICY = {
  'configurator.getHomepageData': { roles: ALL_ROLES },
  'configurator.createProductOrder': { roles: ALL_ROLES },
  'configurator.getOrderData': { roles: ALL_ROLES },
  'resources.get': { roles: ALL_ROLES },
  /** Items of an order: guests only on orders they are involved in (checked by the service). */
  'productInstances.write': { roles: ALL_ROLES },
  /** Order fields: guests only on their orders and not the employee-only fields (checked by the service). */
  'productOrders.update': { roles: ALL_ROLES },
  /** Catalogue writes (admin screens) — not routed yet; owners only. */
  'resources.write': { roles: OWNERS },
} as const satisfies Record<string, { roles: readonly PolicyRole[] }>;

export type Endpoint = keyof typeof POLICY;

export function policyRole(role: Role): PolicyRole {
  return isEmployeeRole(role) ? (role as PolicyRole) : 'guest';
}

export function can(endpoint: Endpoint, role: Role): boolean {
  return (POLICY[endpoint].roles as readonly PolicyRole[]).includes(policyRole(role));
}

export interface SessionUserState {
  id: number;
  email: string;
  sessionId: number;
}

export interface Access {
  user: SessionUserState;
  orgId: number;
  /** The stored role in this organisation (guest mode: 'guest'). */
  role: Role;
  prevRole: Role | null;
  /** The role used for decisions. */
  policyRole: PolicyRole;
}

export function requireUser(ctx: Context): SessionUserState {
  const user = ctx.state.user as SessionUserState | undefined;
  if (!user) throw unauthenticated();
  return user;
}

/**
 * The check every call naming an organisation goes through: signed in (401), an active member of
 * that organisation (403 forbidden), and a role the policy table allows for the endpoint (403).
 */
export async function authorize(ctx: Context, repos: Repos, endpoint: Endpoint, orgId: number): Promise<Access> {
  const user = requireUser(ctx);
  const m = (await repos.memberships.findOne({ userId: user.id, orgId })) as { role: Role; prevRole: Role | null } | undefined;
  if (!m || !isActiveRole(m.role)) throw forbiddenOrg();
  if (!can(endpoint, m.role)) {
    throw new ApiError(403, 'forbidden', 'Your role in this organisation does not allow this.');
  }
  return { user, orgId, role: m.role, prevRole: m.prevRole ?? null, policyRole: policyRole(m.role) };
}
