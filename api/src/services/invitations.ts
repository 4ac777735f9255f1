import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { InvitationView, SessionData } from '@cpq/domain';
import { hashPassword } from '../auth/passwords.ts';
import { buildSessionData, createSession, setSessionCookie } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Repos } from '../db/repository.ts';
import type { InvitationTokenRow } from '../db/rows.ts';
import type { ShareTokenFailures } from '../db/shareTokenFailures.ts';
import { dbDateAgo, dbDateIn, fromDbDate, normaliseDbDate, nowUtc } from '../db/time.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError } from '../http/errors.ts';
import { invitationOpens } from '../policy.ts';
import { audit } from './orders.ts';
import { waitAfterBadTokens } from './sharing.ts';

/**
 * A guest's way in (docs/decisions/0056-guest-invitation-links.md). An invited person without a
 * password gets a one-time link that expires; opening it they choose a password and are signed in.
 * Only the token's hash is stored. Bad links are counted per IP (apart from bad share links, so one
 * kind of link cannot use up the other's allowance), and past the free ones every try waits (429).
 */
export interface InvitationDeps {
  repos: Repos;
  transaction: TransactionRunner;
  tokenFailures: ShareTokenFailures;
}

type Trx = Knex.Transaction;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
const BAD_TOKEN_WINDOW_MS = 3600_000;

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

/** The key bad invitation links are counted under: the IP, kept apart from bad share links. */
const ipOf = (ctx: Context) => `invitation:${ctx.ip || 'unknown'}`;

/** An IP that gave many bad tokens waits before any token of theirs is looked at again. */
async function assertNotGuessing(deps: InvitationDeps, ctx: Context): Promise<void> {
  const { count, latest } = await deps.tokenFailures.recent(ipOf(ctx), dbDateAgo(BAD_TOKEN_WINDOW_MS));
  const wait = waitAfterBadTokens(count);
  if (!wait || latest == null) return;
  const left = fromDbDate(normaliseDbDate(latest)!).getTime() + wait - Date.now();
  if (left <= 0) return;
  const seconds = Math.ceil(left / 1000);
  ctx.set('Retry-After', String(seconds));
  throw new ApiError(429, 'tooManyAttempts', `Too many invalid links from your network. Try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`);
}

/**
 * The link's row when it still lets its person in: known, unused, not expired, and the person is
 * still a guest of the organisation (a disinvited guest's link is dead).
 */
async function usable(repos: Repos, raw: string, trx: Trx): Promise<InvitationTokenRow | undefined> {
  const row = await repos.invitationTokens.lockOne({ tokenHash: hashToken(raw.trim()) }, trx);
  const stillGuest = !!row && !!(await repos.guests.findOne({ orgId: row.orgId, userId: row.userId }, trx));
  return invitationOpens(row, stillGuest, Date.now()) ? row : undefined;
}

async function refuse(deps: InvitationDeps, ctx: Context): Promise<never> {
  await deps.tokenFailures.record(ipOf(ctx), dbDateAgo(24 * 3600_000));
  throw unusable();
}

/** What a link is for: the address it lets in and the organisation's name (nothing is written). */
export async function invitationOf(deps: InvitationDeps, ctx: Context, token: string): Promise<InvitationView> {
  await assertNotGuessing(deps, ctx);
  const found = await deps.transaction(async (trx) => {
    const row = await usable(deps.repos, token, trx);
    if (!row) return null;
    const user = await deps.repos.users.findOne({ id: row.userId }, trx);
    const org = await deps.repos.organisations.findOne({ id: row.orgId }, trx);
    return { email: String(user?.email ?? ''), orgId: row.orgId, orgTitle: String(org?.title ?? '') };
  });
  return found ?? refuse(deps, ctx);
}

/**
 * Sets the person's password from the link, uses the link up (with every other unused link of
 * theirs) and signs them in: the session cookie comes back with the session data.
 */
export async function acceptInvitation(deps: InvitationDeps, ctx: Context, body: { token: string; password: string }): Promise<SessionData> {
  await assertNotGuessing(deps, ctx);
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
  if (userId === null) return refuse(deps, ctx);
  const session = await createSession(deps, ctx, userId);
  setSessionCookie(ctx, session);
  return buildSessionData(deps.repos, userId);
}
