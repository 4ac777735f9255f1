import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';
import { OrgMembership } from './org.ts';
import { UserPreferences } from './ordersList.ts';

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const SessionUser = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  personalOrgId: Type.Optional(Nullable(Type.Integer())),
  /** The user's saved preferences (orders page settings, cart and dimensions visibility). */
  preferences: Type.Optional(UserPreferences),
  /** A platform administrator (may recalculate an organisation's order costs). */
  isPlatformAdmin: Type.Optional(Type.Boolean()),
});
export type SessionUser = Static<typeof SessionUser>;

/** GET /api/auth/session and POST /api/auth/login answer this as data. */
export const SessionData = Type.Object({
  user: SessionUser,
  organisations: Type.Array(OrgMembership),
  /** The API's ENGINE_VERSION: a browser running another engine may price differently. */
  engineVersion: Type.String(),
});
export type SessionData = Static<typeof SessionData>;

/** POST /api/auth/logout: the session (if any) is ended and its cookie cleared. */
export const LogoutResponse = Type.Object({ ok: Type.Literal(true) }, { additionalProperties: false });
export type LogoutResponse = Static<typeof LogoutResponse>;

/**
 * POST /api/auth/guest-mode: switches this session's guest mode for one organisation (employees
 * only; not on for an employee-only organisation). The server holds the mode and enforces it; the
 * answer is the session data with the role in force.
 */
export const GuestModeBody = Type.Object(
  {
    orgId: Id,
    guestMode: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type GuestModeBody = Static<typeof GuestModeBody>;
