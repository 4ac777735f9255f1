import type { Knex } from 'knex';
import type { Repos } from '../db/repository.ts';
import type { MembershipRow, UserRow } from '../db/rows.ts';
import { nowUtc } from '../db/time.ts';

/**
 * Someone named by email (an owner's invitation, a share) joins an organisation as a guest, in the
 * caller's transaction: an unknown address gets a user without a password, and a person without a
 * membership there a guest membership. The caller reads `user` and `membership` first and makes its
 * own checks; a membership the person already has is the caller's to adjust.
 */
export async function joinAsGuest(
  repos: Repos,
  trx: Knex.Transaction,
  orgId: number,
  email: string,
  user: UserRow | undefined,
  membership: MembershipRow | undefined,
): Promise<{ user: UserRow; newAccount: boolean }> {
  let newAccount = false;
  if (!user) {
    const now = nowUtc();
    const id = await repos.users.insert({ email, passwordHash: null, firstName: '', lastName: '', personalOrgId: null, isPlatformAdmin: 0, appData: {}, created: now, lastUpdated: now }, trx);
    user = (await repos.users.findOne({ id }, trx))!;
    newAccount = true;
  }
  if (!membership) await repos.memberships.insert({ userId: user.id, orgId, role: 'guest', prevRole: null, accessData: {} }, trx);
  return { user, newAccount };
}
