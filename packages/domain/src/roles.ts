/** Roles of a user in one organisation. Any role other than owner/member behaves like guest. */
export type Role = 'owner' | 'member' | 'guest' | (string & {});

export interface RoleState {
  role: Role;
  /** Set only while an employee is in guest mode: the role to restore. */
  prevRole?: Role | null;
}

/** Inactive memberships: the user no longer gets in. */
export const INACTIVE_ROLES: readonly Role[] = ['left', 'disabled'];

export function isEmployeeRole(role: Role): boolean {
  return role === 'owner' || role === 'member';
}

/** Employee: owner or member with no previous role (a previous role means guest mode). */
export function isEmployee(s: RoleState): boolean {
  return isEmployeeRole(s.role) && !s.prevRole;
}

/** Guest mode: a previous role exists and the current role is guest. */
export function isGuestMode(s: RoleState): boolean {
  return !!s.prevRole && s.role === 'guest';
}

export function isGuest(s: RoleState): boolean {
  return !isEmployee(s);
}

export function isActiveRole(role: Role): boolean {
  return !INACTIVE_ROLES.includes(role);
}
