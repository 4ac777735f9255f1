import { personName } from '@cpq/domain';

/** How a person is named in the popup: their name, else their email, else "Guest" (order-link guests have neither). */
export function displayName(p: { firstName: string | null; lastName: string | null; email?: string | null }): string {
  return personName(p) || 'Guest';
}

const ORG_ROLES: Record<string, string> = {
  owner: 'Organisation owner',
  member: 'Employee',
  guest: 'Guest',
  left: 'Left the organisation',
  disabled: 'Disabled',
};

/** A person's role in the order's organisation, in words. */
export const orgRoleLabel = (role: string): string => ORG_ROLES[role] ?? role;

/** The message of a failed call (the server's, for API failures). */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
