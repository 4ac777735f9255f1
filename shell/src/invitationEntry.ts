import { INVITATION_PATH } from './routes.ts';

/**
 * An invited guest's link (docs/decisions/0056-guest-invitation-links.md): `/invitation?token=…`.
 * The token is read once and the query dropped from the address at once, so it stays neither in
 * history nor in what the page could send on. Null when the page is not an invitation link; an
 * empty token when the link lost its token (the page then says the link does not open).
 */
export function takeInvitationToken(win: Window = window): string | null {
  if (win.location.pathname.replace(/\/+$/, '') !== INVITATION_PATH) return null;
  const token = (new URLSearchParams(win.location.search).get('token') ?? '').trim();
  if (win.location.search) win.history.replaceState(win.history.state, '', win.location.pathname + win.location.hash);
  return token;
}
