import Router from '@koa/router';
import {
  AddShareeBody,
  GenerateShareableLinkBody,
  GetInvolvedUsersBody,
  GetOrCreateShareeBody,
  GetShareeCandidatesBody,
  HandleGuestShareLinkBody,
  OrgRoleForTokenBody,
  RemoveShareeBody,
  ShareBody,
  UpdateInvolvedUsersDataBody,
} from '@cpq/domain';
import { sessionUser } from '../auth/requestSession.ts';
import { requestClientOf, setSessionCookie } from '../auth/sessions.ts';
import { validateBody } from '../http/validate.ts';
import { authorizeOrder, authorizeOrderById } from '../policy.ts';
import {
  addSharee,
  generateShareableLink,
  handleGuestShareLink,
  involvedUsers,
  orgRoleForToken,
  removeSharee,
  share,
  shareeByEmail,
  shareeCandidates,
  updateInvolvedUserData,
  type SharingDeps,
} from '../services/sharing.ts';

/**
 * The sharing calls (docs/decisions/0045-sharing-and-share-links.md): every body validated, every
 * caller authorised by the policy (the calls naming an order by organisation and number use
 * `authorizeOrder`, the others `authorizeOrderById`; the services apply the row rules). The two
 * token calls need no session: the token is the key.
 */
export function sharingRoutes(deps: SharingDeps): Router {
  const r = new Router({ prefix: '/api/configurator' });

  r.post('/get-org-role-for-token', async (ctx) => {
    const body = validateBody(OrgRoleForTokenBody, ctx.request.body);
    ctx.body = { data: await orgRoleForToken(deps, requestClientOf(ctx), body.shareToken) };
  });

  r.post('/product-order/handle-guest-share-link', async (ctx) => {
    const body = validateBody(HandleGuestShareLinkBody, ctx.request.body);
    const me = await sessionUser(ctx, deps.queries);
    const { data, session } = await handleGuestShareLink(deps, { client: requestClientOf(ctx), me }, body.shareToken);
    // The link signed someone in: their session cookie comes with the answer.
    if (session) setSessionCookie(ctx, session);
    ctx.body = { data };
  });

  r.post('/product-order/get-involved-users', async (ctx) => {
    const body = validateBody(GetInvolvedUsersBody, ctx.request.body);
    const { access } = await authorizeOrder(ctx, deps, 'configurator.getInvolvedUsers', body.orgId, body.productOrderOrgSpecificId);
    ctx.body = { data: await involvedUsers(deps, access, body.productOrderOrgSpecificId) };
  });

  r.post('/product-order/get-sharee-candidates', async (ctx) => {
    const body = validateBody(GetShareeCandidatesBody, ctx.request.body);
    const access = await authorizeOrderById(ctx, deps, 'configurator.getShareeCandidates', body.productOrderId);
    ctx.body = { data: await shareeCandidates(deps, access, body.productOrderId) };
  });

  r.post('/product-order/generate-shareable-link', async (ctx) => {
    const body = validateBody(GenerateShareableLinkBody, ctx.request.body);
    const access = await authorizeOrderById(ctx, deps, 'configurator.generateShareableLink', body.productOrderId);
    ctx.body = { data: await generateShareableLink(deps, access, body.productOrderId, body.validForDays) };
  });

  r.post('/product-order/share', async (ctx) => {
    const body = validateBody(ShareBody, ctx.request.body);
    const { access } = await authorizeOrder(ctx, deps, 'configurator.share', body.orgId, body.productOrderOrgSpecificId);
    ctx.body = { data: await share(deps, access, body) };
  });

  r.post('/product-order/add-sharee', async (ctx) => {
    const body = validateBody(AddShareeBody, ctx.request.body);
    const access = await authorizeOrderById(ctx, deps, 'configurator.addSharee', body.productOrderId);
    ctx.body = { data: await addSharee(deps, access, body.productOrderId, body.shareeEmail) };
  });

  r.post('/product-order/get-or-create-sharee', async (ctx) => {
    const body = validateBody(GetOrCreateShareeBody, ctx.request.body);
    const access = await authorizeOrderById(ctx, deps, 'configurator.getOrCreateSharee', body.productOrderId);
    ctx.body = { data: await shareeByEmail(deps, access, body.productOrderId, body.shareeEmail) };
  });

  r.post('/product-order/remove-sharee', async (ctx) => {
    const body = validateBody(RemoveShareeBody, ctx.request.body);
    const { access } = await authorizeOrder(ctx, deps, 'configurator.removeSharee', body.orgId, body.productOrderOrgSpecificId);
    ctx.body = { data: await removeSharee(deps, access, body) };
  });

  r.post('/product-order/update-involved-users-data', async (ctx) => {
    const body = validateBody(UpdateInvolvedUsersDataBody, ctx.request.body);
    const { access } = await authorizeOrder(ctx, deps, 'configurator.updateInvolvedUsersData', body.orgId, body.productOrderOrgSpecificId);
    ctx.body = { data: await updateInvolvedUserData(deps, access, body) };
  });

  return r;
}
