import type { Knex } from 'knex';
import { guestTerms, isEmployeeRole, isActiveRole, type GuestDiscount, type GuestView, type UpdateGuestDataBody, type UserGroupView } from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import type { GuestRow } from '../db/rows.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { Access } from '../policy.ts';
import { joinAsGuest } from './guestMembership.ts';
import { createInvitationToken, INVITATION_TTL_MS, invitationPath } from './invitations.ts';
import { audit } from './orders.ts';
import { repriceOrdersOf, type PricingDeps } from './repricing.ts';
import type { StatusMailDeps } from './statusMail.ts';

/**
 * Guests and user groups of the admin area (docs/decisions/0051-guests-and-user-groups.md). Owners
 * only (the routes authorise); every write in one transaction with its audit line; a guest or group
 * of another organisation answers like a missing one. Mail goes after the commit and a failed mail
 * never undoes the invitation.
 */
export interface GuestDeps extends PricingDeps {
  repos: Repos;
  transaction: TransactionRunner;
  mail: StatusMailDeps;
}

type Trx = Knex.Transaction;

const conflict = (message: string) => new ApiError(409, 'conflict', message);
export const guestNotFound = () => notFound('guestNotFound', 'Guest not found.');
export const userGroupNotFound = () => notFound('userGroupNotFound', 'User group not found.');

const normaliseEmail = (email: string) => email.trim().toLowerCase();

function view(g: GuestRow): GuestView {
  const de = g.appData.designEngine;
  return {
    id: g.id,
    userId: g.userId,
    email: String(g.email ?? ''),
    firstName: String(g.firstName ?? ''),
    lastName: String(g.lastName ?? ''),
    created: String(g.created),
    appData: { designEngine: { discount: (de.discount ?? null) as GuestView['appData']['designEngine']['discount'], disableSalesTax: !!de.disableSalesTax, integrationsData: de.integrationsData ?? {} } },
    orgAccessEdgeData: { designEngine: { pricingIsHidden: g.orgAccessEdgeData.designEngine.pricingIsHidden ? 1 : 0 } },
  };
}

/** The organisation's guests, newest first. */
export async function guestsOf(deps: GuestDeps, access: Access): Promise<GuestView[]> {
  const rows = await deps.repos.guests.find({ orgId: access.orgId });
  return rows.map(view).sort((a, b) => (a.created === b.created ? b.id - a.id : a.created < b.created ? 1 : -1));
}

/**
 * invite-guest: an unknown address gets a user without a password (like sharing), then a guest
 * membership and the guest record. An employee's address, or a guest's, is refused (409). Someone
 * who left the organisation (a disinvited guest) is let in again as a guest.
 */
export async function inviteGuest(deps: GuestDeps, access: Access, body: { email: string; pricingIsHidden: 0 | 1 }): Promise<GuestView> {
  const { repos } = deps;
  const email = normaliseEmail(body.email);
  const done = await deps.transaction(async (trx) => {
    let user = await repos.users.findOne({ email }, trx);
    const membership = user && (await repos.memberships.findOne({ orgId: access.orgId, userId: user.id }, trx));
    if (membership && isEmployeeRole(membership.role)) throw conflict(`${email} is an employee of this organisation, so they cannot be invited as a guest.`);
    if (user && (await repos.guests.findOne({ orgId: access.orgId, userId: user.id }, trx))) throw conflict(`${email} is already a guest of this organisation.`);
    if (membership && membership.role === 'disabled') throw conflict(`${email} was disabled in this organisation and cannot be invited.`);
    const joined = await joinAsGuest(repos, trx, access.orgId, email, user, membership);
    user = joined.user;
    const newAccount = joined.newAccount;
    // Someone who left is let in again as a guest.
    if (membership && !isActiveRole(membership.role)) await repos.memberships.update({ orgId: access.orgId, userId: user.id }, { role: 'guest', prevRole: null }, trx);
    const id = await repos.guests.insert(
      { orgId: access.orgId, userId: user.id, email, firstName: user.firstName ?? '', lastName: user.lastName ?? '', discount: null, disableSalesTax: 0, pricingIsHidden: body.pricingIsHidden },
      trx,
    );
    await audit(repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'guest', entityId: id, action: 'invite', data: { userId: user.id, newAccount, membership: membership ? `${membership.role} → guest` : 'new', pricingIsHidden: body.pricingIsHidden } });
    // Someone without a password could not sign in: their mail carries a one-time link to choose one.
    const invitationToken = user.passwordHash ? null : await createInvitationToken(repos, trx, user.id, access.orgId);
    const org = await repos.organisations.findOne({ id: access.orgId }, trx);
    const inviter = await repos.users.findOne({ id: access.user.id }, trx);
    return { invitationToken, guest: (await repos.guests.findOne({ id }, trx))!, orgTitle: org?.title ?? '', inviter: [inviter?.firstName, inviter?.lastName].filter((s) => s && String(s).trim()).join(' ') || inviter?.email || 'Someone' };
  });
  await sendInvitation(deps, email, done.orgTitle, done.inviter, done.invitationToken);
  return view(done.guest);
}

/** The invitation: a link to choose a password (one-time, expiring) for someone without one, else the portal's address. */
async function sendInvitation(deps: GuestDeps, to: string, orgTitle: string, inviter: string, invitationToken: string | null): Promise<void> {
  const base = deps.mail.publicUrl.replace(/\/$/, '');
  const where = orgTitle || 'the portal';
  const days = Math.round(INVITATION_TTL_MS / (24 * 3600_000));
  const how = invitationToken
    ? [`Choose your password: ${base}${invitationPath(invitationToken)}`, `The link works once and for ${days} days. Then sign in with this email address to see the orders shared with you.`]
    : [`Open the portal: ${base}/`, 'Sign in with this email address to see the orders shared with you.'];
  const text = [`${inviter} invited you to ${where} as a guest.`, ...how].join('\n\n');
  try {
    await deps.mail.mailer.send({ to: [to], subject: `You are invited to ${where}`, text: `${text}\n` });
  } catch (err) {
    deps.mail.logError(err);
  }
}

/** The guest record of a user in the caller's organisation, or 404 (missing or of another organisation alike). */
async function guestOf(repos: Repos, access: Access, userId: number, trx: Trx): Promise<GuestRow> {
  const guest = await repos.guests.findOne({ orgId: access.orgId, userId }, trx);
  if (!guest) throw guestNotFound();
  return guest;
}

/**
 * disinvite-guest: the membership is set to 'left' (kept, so the person's orders and history keep
 * their owner), the guest record goes, and the person leaves every user group of the organisation.
 */
export async function disinviteGuest(deps: GuestDeps, access: Access, userId: number): Promise<{ userId: number; removedFromUserGroupIds: number[] }> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const guest = await guestOf(repos, access, userId, trx);
    const membership = await repos.memberships.findOne({ orgId: access.orgId, userId }, trx);
    // A guest record is only ever made with a guest membership; an employee keeps their role.
    if (membership && !isEmployeeRole(membership.role)) await repos.memberships.update({ orgId: access.orgId, userId }, { role: 'left', prevRole: membership.role }, trx);
    await repos.guests.delete({ id: guest.id }, trx);
    // Their orders lose the guest terms: stored costs follow at once, as the order page computes them.
    const repricedOrderIds = hasTerms(guest) ? await repriceOrdersOf({ ...deps, trx }, access.orgId, userId) : [];
    const groups = await repos.userGroups.find({ orgId: access.orgId }, { trx });
    const removed: number[] = [];
    for (const g of groups) {
      const ids = (g.userIds ?? []) as number[];
      if (!ids.includes(userId)) continue;
      await repos.userGroups.update({ id: g.id }, { userIds: ids.filter((id) => id !== userId) }, trx);
      removed.push(g.id as number);
    }
    await audit(repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'guest', entityId: guest.id, action: 'disinvite', data: { userId, email: guest.email, membership: `${membership?.role ?? 'none'} → left`, removedFromUserGroupIds: removed, repricedOrderIds } });
    return { userId, removedFromUserGroupIds: removed };
  });
}

/** A guest record whose terms change an order's costs (a discount or no sales tax). */
const hasTerms = (g: GuestRow) => {
  const t = guestTerms(g.appData.designEngine);
  return !!t && ((t.discountPercentage ?? 0) > 0 || !!t.disableSalesTax);
};

/**
 * update-guest-data: the guest's price visibility, or their discount (percent, 0..100) and sales tax.
 * A changed discount or sales tax reprices every order the guest owns in the organisation in the same
 * transaction (docs/decisions/0057-guest-terms-on-orders.md).
 */
export async function updateGuestData(deps: GuestDeps, access: Access, body: UpdateGuestDataBody): Promise<GuestView> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const guest = await guestOf(repos, access, body.userId, trx);
    const patch: Row = {};
    if ('pricingIsHidden' in body) patch.pricingIsHidden = body.pricingIsHidden;
    else {
      const de = body.updateProps.appData.designEngine;
      if (de.discount !== undefined) patch.discount = de.discount === null ? null : ({ type: 'percent', value: de.discount.value } satisfies GuestDiscount);
      if (de.disableSalesTax !== undefined) patch.disableSalesTax = de.disableSalesTax ? 1 : 0;
    }
    const before: Row = {
      pricingIsHidden: guest.orgAccessEdgeData.designEngine.pricingIsHidden ? 1 : 0,
      discount: guest.appData.designEngine.discount ?? null,
      disableSalesTax: guest.appData.designEngine.disableSalesTax ? 1 : 0,
    };
    const changes = Object.fromEntries(Object.entries(patch).filter(([k, v]) => JSON.stringify(before[k] ?? null) !== JSON.stringify(v)).map(([k, v]) => [k, { before: before[k] ?? null, after: v }]));
    // The same value again changes nothing and leaves no audit line.
    if (Object.keys(changes).length) {
      await repos.guests.update({ id: guest.id }, patch, trx);
      const termsChanged = 'discount' in changes || 'disableSalesTax' in changes;
      const repricedOrderIds = termsChanged ? await repriceOrdersOf({ ...deps, trx }, access.orgId, body.userId) : [];
      await audit(repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'guest', entityId: guest.id, action: 'update', data: { userId: body.userId, changes, ...(termsChanged ? { repricedOrderIds } : {}) } });
    }
    return view((await repos.guests.findOne({ id: guest.id }, trx))!);
  });
}

// ------------------------------------------------------------------------------- user groups

const groupView = (g: Row): UserGroupView => ({ id: g.id as number, orgId: g.orgId as number, title: String(g.title), userIds: ((g.userIds ?? []) as number[]).slice() });

/** Member ids without duplicates (first occurrence kept); each must be a guest of the organisation, else 404 like a missing one. */
async function guestIds(repos: Repos, access: Access, userIds: readonly number[], trx: Trx): Promise<number[]> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return ids;
  const found = new Set((await repos.guests.find({ orgId: access.orgId, userId: ids }, { trx, columns: ['userId'] })).map((g) => g.userId));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('guestNotFound', `userIds: ${missing} is not a guest of this organisation.`);
  return ids;
}

export async function userGroupsOf(deps: GuestDeps, access: Access): Promise<UserGroupView[]> {
  return (await deps.repos.userGroups.find({ orgId: access.orgId })).map(groupView);
}

/** The organisation of a group, or 404: what the caller must be an owner of. */
export async function orgOfUserGroup(deps: GuestDeps, id: number): Promise<number> {
  const [row] = await deps.repos.userGroups.find({ id }, { columns: ['orgId'] });
  if (!row) throw userGroupNotFound();
  return row.orgId as number;
}

export async function createUserGroup(deps: GuestDeps, access: Access, props: { title?: string; userIds: number[] }): Promise<UserGroupView> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const row = { orgId: access.orgId, title: props.title ?? 'Untitled Group', userIds: await guestIds(repos, access, props.userIds, trx) };
    const id = await repos.userGroups.insert(row, trx);
    await audit(repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'userGroup', entityId: id, action: 'create', data: { title: row.title, userIds: row.userIds } });
    return groupView((await repos.userGroups.findOne({ id }, trx))!);
  });
}

export async function updateUserGroup(deps: GuestDeps, access: Access, id: number, props: { title?: string; userIds?: number[] }): Promise<UserGroupView> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const group = await repos.userGroups.lockOne({ id, orgId: access.orgId }, trx);
    if (!group) throw userGroupNotFound();
    const patch: Row = {};
    if (props.title !== undefined) patch.title = props.title;
    if (props.userIds !== undefined) patch.userIds = await guestIds(repos, access, props.userIds, trx);
    const changes = Object.fromEntries(Object.entries(patch).filter(([k, v]) => JSON.stringify((group as Row)[k] ?? null) !== JSON.stringify(v)).map(([k, v]) => [k, { before: (group as Row)[k] ?? null, after: v }]));
    if (Object.keys(changes).length) {
      await repos.userGroups.update({ id }, patch, trx);
      await audit(repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'userGroup', entityId: id, action: 'update', data: { changes } });
    }
    return groupView((await repos.userGroups.findOne({ id }, trx))!);
  });
}

export async function destroyUserGroup(deps: GuestDeps, access: Access, id: number): Promise<{ id: number }> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const group = await repos.userGroups.lockOne({ id, orgId: access.orgId }, trx);
    if (!group) throw userGroupNotFound();
    await repos.userGroups.delete({ id }, trx);
    await audit(repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'userGroup', entityId: id, action: 'destroy', data: { title: group.title, userIds: group.userIds } });
    return { id };
  });
}
