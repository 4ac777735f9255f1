import Router from '@koa/router';
import { AcceptInvitationBody, InvitationBody } from '@cpq/domain';
import { requestClientOf, setSessionCookie } from '../auth/sessions.ts';
import { validateBody } from '../http/validate.ts';
import { acceptInvitation, invitationOf, type InvitationDeps } from '../services/invitations.ts';

/**
 * A guest's invitation link (docs/decisions/0056-guest-invitation-links.md): no session needed, the
 * token is the key (policy: `auth.readInvitation`, `auth.acceptInvitation`, `invitationOpens`).
 */
export function invitationRoutes(deps: InvitationDeps): Router {
  const r = new Router({ prefix: '/api/auth' });

  r.post('/invitation', async (ctx) => {
    const body = validateBody(InvitationBody, ctx.request.body);
    ctx.body = { data: await invitationOf(deps, requestClientOf(ctx), body.token) };
  });

  r.post('/accept-invitation', async (ctx) => {
    const body = validateBody(AcceptInvitationBody, ctx.request.body);
    const { session, data } = await acceptInvitation(deps, requestClientOf(ctx), body);
    setSessionCookie(ctx, session);
    ctx.body = { data };
  });

  return r;
}
