import type { Context, Next } from 'koa';
import type { ApiTokenCaller } from '../db/apiTokens.ts';
import type { Queries, SessionUser } from '../db/queries.ts';
import { ApiError } from '../http/errors.ts';
import { fromDbDate } from '../db/time.ts';
import { SESSION_COOKIE } from '../sessionCookie.ts';
import { hashToken } from './tokens.ts';

/** The signed-in user of a request. */
export interface SessionUserState {
  id: number;
  email: string;
  sessionId: number;
  /** The organisations this session is in guest mode for (policy.ts applies it). */
  guestModeOrgIds: readonly number[];
}

/**
 * What a request's session cookie says, read from the database only when an endpoint asks (many
 * calls name an organisation: `authorize` then reads the session and the membership in one query).
 */
export interface RequestSession {
  /** sha256 of the cookie's token, or null without a cookie. */
  tokenHash: string | null;
  /** The signed-in user: undefined until read, null when the cookie names no live session. */
  user: SessionUserState | null | undefined;
  /** The API token the request carries (apiTokenAuth.ts): then `user` is the token's creator. */
  apiToken?: ApiTokenCaller;
}

/** A call a token may not make: a person's own calls (sign-in, sharing, guests...). */
export const tokenRefused = () => new ApiError(403, 'tokenNotAllowed', 'This call cannot be made with an API token.');

/** Sets ctx.state.session from the session cookie (no error when absent: endpoints decide). */
export function sessionMiddleware() {
  return async (ctx: Context, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    const session: RequestSession = { tokenHash: token ? hashToken(token) : null, user: token ? undefined : null };
    ctx.state.session = session;
    await next();
  };
}

/** A session's last use is written at most this often (not on every request). */
export const SESSION_SEEN_EVERY_MS = 60_000;

/**
 * Takes a session just read as the request's user, noting its use when the last one noted is over a
 * minute old (sessions expire after an idle time).
 */
export async function adoptSession(ctx: Context, queries: Pick<Queries, 'touchSession'>, found: SessionUser | undefined): Promise<SessionUserState | null> {
  const session = ctx.state.session as RequestSession;
  session.user = found ? { id: found.userId, email: found.email, sessionId: found.sessionId, guestModeOrgIds: found.guestModeOrgIds } : null;
  if (found && Date.now() - fromDbDate(found.lastSeen).getTime() >= SESSION_SEEN_EVERY_MS) await queries.touchSession(found.sessionId);
  return session.user;
}

/** The signed-in user of a request (read once), or null. A request with an API token is refused: only `authorize` admits tokens, by scope. */
export async function sessionUser(ctx: Context, queries: Pick<Queries, 'sessionUserByTokenHash' | 'touchSession'>): Promise<SessionUserState | null> {
  const session = ctx.state.session as RequestSession;
  if (session.apiToken) throw tokenRefused();
  return callerUser(ctx, queries);
}

/**
 * The signed-in user, or the creator of the request's API token: for the routes that `authorize` next
 * (where the token's organisation and scopes are checked), so that a bad body is still 400 after 401.
 */
export async function callerUser(ctx: Context, queries: Pick<Queries, 'sessionUserByTokenHash' | 'touchSession'>): Promise<SessionUserState | null> {
  const session = ctx.state.session as RequestSession;
  if (session.user === undefined) {
    return adoptSession(ctx, queries, session.tokenHash ? await queries.sessionUserByTokenHash(session.tokenHash) : undefined);
  }
  return session.user;
}

