import type { Context, Next } from 'koa';
import type { Queries } from '../db/queries.ts';
import { hashToken } from './tokens.ts';

export const SESSION_COOKIE = 'cpq_session';

/** The signed-in user of a request. */
export interface SessionUserState {
  id: number;
  email: string;
  sessionId: number;
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
}

/** Sets ctx.state.session from the session cookie (no error when absent: endpoints decide). */
export function sessionMiddleware() {
  return async (ctx: Context, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    const session: RequestSession = { tokenHash: token ? hashToken(token) : null, user: token ? undefined : null };
    ctx.state.session = session;
    await next();
  };
}

/** The signed-in user of a request (read once), or null. */
export async function sessionUser(ctx: Context, queries: Pick<Queries, 'sessionUserByTokenHash'>): Promise<SessionUserState | null> {
  const session = ctx.state.session as RequestSession;
  if (session.user === undefined) {
    const found = session.tokenHash ? await queries.sessionUserByTokenHash(session.tokenHash) : undefined;
    session.user = found ? { id: found.userId, email: found.email, sessionId: found.sessionId } : null;
  }
  return session.user;
}

