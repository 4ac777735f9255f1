import Router from '@koa/router';
import type { Context } from 'koa';
import {
  DisinviteGuestBody,
  GetGuestsDataBody,
  InviteGuestBody,
  UpdateGuestDataBody,
  UserGroupCreateBody,
  UserGroupDestroyBody,
  UserGroupGetBody,
  UserGroupUpdateBody,
} from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, requireUser } from '../policy.ts';
import { announceGuestUpdated, type IntegrationDeps } from '../services/integrations.ts';
import {
  createUserGroup,
  destroyUserGroup,
  disinviteGuest,
  guestsOf,
  inviteGuest,
  orgOfUserGroup,
  updateGuestData,
  updateUserGroup,
  userGroupNotFound,
  userGroupsOf,
  type GuestDeps,
} from '../services/guests.ts';

/**
 * Guests and user groups (docs/decisions/0051-guests-and-user-groups.md): owners only, every body
 * validated. User groups use the generic resource paths; registered before the generic resource
 * routes, so these handle /api/resources/userGroups/… and the catalogue routes never see them.
 */
export function guestRoutes(deps: GuestDeps & { queries: Queries; integrations: IntegrationDeps }): Router {
  const r = new Router();

  r.post('/api/configurator/get-configurator-guests-data', async (ctx) => {
    const body = validateBody(GetGuestsDataBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'guests.manage', body.orgId);
    ctx.body = { data: { guests: await guestsOf(deps, access) } };
  });

  r.post('/api/orgs/invite-guest', async (ctx) => {
    const body = validateBody(InviteGuestBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'guests.manage', body.activeOrgId);
    ctx.body = { data: { guest: await inviteGuest(deps, access, body) } };
  });

  r.post('/api/orgs/disinvite-guest', async (ctx) => {
    const body = validateBody(DisinviteGuestBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'guests.manage', body.orgId);
    ctx.body = { data: await disinviteGuest(deps, access, body.userId) };
  });

  r.post('/api/orgs/update-guest-data', async (ctx) => {
    const body = validateBody(UpdateGuestDataBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'guests.manage', body.orgId);
    const before = await deps.repos.guests.findOne({ orgId: access.orgId, userId: body.userId });
    const guest = await updateGuestData(deps, access, body);
    // The organisation's integrations hear of a change (committed above), not of the same values again.
    const after = await deps.repos.guests.findOne({ orgId: access.orgId, userId: body.userId });
    if (JSON.stringify(before) !== JSON.stringify(after)) await announceGuestUpdated(deps.integrations, access.orgId, guest);
    ctx.body = { data: { guest } };
  });

  r.post('/api/resources/userGroups/get', async (ctx) => {
    const body = validateBody(UserGroupGetBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'userGroups.manage', body.where.orgId);
    ctx.body = { data: await userGroupsOf(deps, access) };
  });

  r.post('/api/resources/userGroups/create', async (ctx) => {
    const body = validateBody(UserGroupCreateBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'userGroups.manage', body.props.orgId);
    ctx.body = { data: await createUserGroup(deps, access, body.props) };
  });

  r.post('/api/resources/userGroups/update', async (ctx) => {
    const body = validateBody(UserGroupUpdateBody, ctx.request.body);
    const access = await authorizeGroup(ctx, body.where.id);
    ctx.body = { data: await updateUserGroup(deps, access, body.where.id, body.props) };
  });

  r.post('/api/resources/userGroups/destroy', async (ctx) => {
    const body = validateBody(UserGroupDestroyBody, ctx.request.body);
    const access = await authorizeGroup(ctx, body.where.id);
    ctx.body = { data: await destroyUserGroup(deps, access, body.where.id) };
  });

  /** A group named by id: signed in first (401), then its organisation decides; missing and foreign groups alike are 404. */
  async function authorizeGroup(ctx: Context, id: number) {
    await requireUser(ctx, deps.queries);
    return authorize(ctx, deps, 'userGroups.manage', await orgOfUserGroup(deps, id), userGroupNotFound);
  }

  return r;
}
