import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';

/**
 * A guest's way in (docs/decisions/0056-guest-invitation-links.md): the invitation mail of a person
 * without a password carries a one-time, expiring link; opening it they choose a password and are
 * signed in. No session needed: the token is the key.
 */

/** The shortest password a guest may choose (the server refuses shorter ones with 400). */
export const PASSWORD_MIN_LENGTH = 8;

const InvitationToken = Type.String({ minLength: 1, maxLength: 200 });

/** POST /api/auth/invitation: what an invitation link is for (its address and organisation). */
export const InvitationBody = Type.Object({ token: InvitationToken }, { additionalProperties: false });
export type InvitationBody = Static<typeof InvitationBody>;
export const InvitationView = Type.Object({ email: Type.String(), orgId: Id, orgTitle: Type.String() });
export type InvitationView = Static<typeof InvitationView>;

/** POST /api/auth/accept-invitation: sets the password, uses the link up and signs the person in. */
export const AcceptInvitationBody = Type.Object(
  { token: InvitationToken, password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;
