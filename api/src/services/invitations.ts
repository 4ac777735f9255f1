import type { Knex } from 'knex';
import type { InvitationView, SessionData } from '@cpq/domain';
import { hashPassword } from '../auth/passwords.ts';
import { createSession, type RequestClient } from '../auth/sessions.ts';
import { assertLinkTokenMayBeTried, refuseLinkToken, type LinkThrottleRules } from '../auth/rateLimit.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Repos } from '../db/repository.ts';
import type { InvitationTokenRow } from '../db/rows.ts';
import type { ShareTokenFailures } from '../db/shareTokenFailures.ts';
import { dbDateIn, nowUtc } from '../db/time.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError } from '../http/errors.ts';
import { invitationOpens } from '../policy.ts';
import { audit } from './orders.ts';
import { buildSessionData } from './sessionData.ts';

/**
 * A guest's way in (docs/decisions/0056-guest-invitation-links.md). An invited person without a
 * password gets a one-time link that expires; opening it they choose a password and are signed in.
 * Only the token's hash is stored. Bad links are counted per IP and per token (apart from bad share
 * links, so one kind of link cannot use up the other's allowance), and past the free ones every try
 * waits (429).
 */
export interface InvitationDeps {
  repos: Repos;
  transaction: TransactionRunner;
  tokenFailures: ShareTokenFailures;
}

type Trx = Knex.Transaction;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

export const INVITATION_UNUSABLE = 'This invitation link has expired or has already been used. Sign in with your email address and password, or ask for a new invitation.';
const unusable = () => new ApiError(404, 'invitationNotFound', INVITATION_UNUSABLE);

/** The path of the shell page a link opens (shell/src/routes.ts). */
export const invitationPath = (token: string) => `/invitation?token=${encodeURIComponent(token)}`;

/**
 * A new link for a person invited to an organisation, in the invitation's transaction. Their older
 * unused links to it stop working: only the latest mail's link lets them in.
 */
export async function createInvitationToken(repos: Repos, trx: Trx, userId: number, orgId: number): Promise<string> {
  const token = newToken();
  await repos.invitationTokens.delete({ userId, orgId, used: null }, trx);
  await repos.invitationTokens.insert({ tokenHash: hashToken(token), userId, orgId, created: nowUtc(), expires: dbDateIn(INVITATION_TTL_MS), used: null }, trx);
  return token;
}

/** As many free bad links per IP and per token as share links, counted under keys of their own. */
export const INVITATION_THROTTLE: LinkThrottleRules = { kind: 'invitation', freePerIp: 20, freePerToken: 10, firstDelayMs: 1000, maxDelayMs: 15 * 60_000, forgetAfterMs: 3600_000 };

const ipOf = (client: RequestClient) => client.ip || 'unknown';

/** An IP that gave many bad tokens, or a token refused many times, waits before it is looked at again. */
const assertNotGuessing = (deps: InvitationDeps, client: RequestClient, raw: string) => assertLinkTokenMayBeTried(deps.tokenFailures, INVITATION_THROTTLE, ipOf(client), raw);

/**
 * The link's row when it still lets its person in: known, unused, not expired, and the person is
 * still a guest of the organisation (a disinvited guest's link is dead).
 */
async function usable(repos: Repos, raw: string, trx: Trx): Promise<InvitationTokenRow | undefined> {
  const row = await repos.invitationTokens.lockOne({ tokenHash: hashToken(raw.trim()) }, trx);
  const stillGuest = !!row && !!(await repos.guests.findOne({ orgId: row.orgId, userId: row.userId }, trx));
  return invitationOpens(row, stillGuest, Date.now()) ? row : undefined;
}

const refuse = (deps: InvitationDeps, client: RequestClient, raw: string) => refuseLinkToken(deps.tokenFailures, INVITATION_THROTTLE, ipOf(client), raw, unusable());

/** What a link is for: the address it lets in and the organisation's name (nothing is written). */
export async function invitationOf(deps: InvitationDeps, client: RequestClient, token: string): Promise<InvitationView> {
  await assertNotGuessing(deps, client, token);
  const found = await deps.transaction(async (trx) => {
    const row = await usable(deps.repos, token, trx);
    if (!row) return null;
    const user = await deps.repos.users.findOne({ id: row.userId }, trx);
    const org = await deps.repos.organisations.findOne({ id: row.orgId }, trx);
    return { email: String(user?.email ?? ''), orgId: row.orgId, orgTitle: String(org?.title ?? '') };
  });
  return found ?? refuse(deps, client, token);
}

/**
 * Sets the person's password from the link, uses the link up (with every other unused link of
 * theirs) and signs them in: answers the new session's token (the route sets the cookie) with the
 * session data.
 */
export async function acceptInvitation(deps: InvitationDeps, client: RequestClient, body: { token: string; password: string }): Promise<{ session: string; data: SessionData }> {
  await assertNotGuessing(deps, client, body.token);
  // scrypt is slow: hashed before the transaction, so no row stays locked meanwhile.
  const passwordHash = await hashPassword(body.password);
  const userId = await deps.transaction(async (trx) => {
    const row = await usable(deps.repos, body.token, trx);
    if (!row) return null;
    const now = nowUtc();
    await deps.repos.users.update({ id: row.userId }, { passwordHash, lastUpdated: now }, trx);
    await deps.repos.invitationTokens.update({ userId: row.userId, used: null }, { used: now }, trx);
    await audit(deps.repos, trx, { orgId: row.orgId, userId: row.userId, entity: 'guest', entityId: row.userId, action: 'acceptInvitation', data: { invitationTokenId: row.id } });
    return row.userId;
  });
  if (userId === null) return refuse(deps, client, body.token);
  const session = await createSession(deps, client, userId);
  return { session, data: await buildSessionData(deps.repos, userId) };
}
