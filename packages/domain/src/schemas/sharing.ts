import { Type, type Static } from '@sinclair/typebox';
import { Flag, Id, Nullable } from './common.ts';
import { formatDate, type DateSettings } from '../dates.ts';
import { OrderDataProductOrder } from './api.ts';

/**
 * Sharing an order (docs/decisions/0045-sharing-and-share-links.md): the people involved in it, the
 * order's shareable link, sharing with people by email, and share-link entry for someone not signed in.
 * Share tokens are random (256 bits), stored hashed, scoped to one order and revocable.
 */

const closed = { additionalProperties: false } as const;
/** A share token as it travels in a link: base64url of 32 random bytes (43 characters). */
export const ShareToken = Type.String({ minLength: 16, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });
/** An email address as people type it (the server lower-cases and trims it). */
export const EmailAddress = Type.String({ minLength: 3, maxLength: 254, format: 'email' });

/** One person involved in an order, as the sharing popup lists them. */
export const InvolvedUserView = Type.Object({
  userId: Id,
  email: Nullable(Type.String()),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  /** owner (the order's owner) or sharee. */
  role: Type.Union([Type.Literal('owner'), Type.Literal('sharee')]),
  pricingIsHidden: Flag,
  /** The person's role in the order's organisation (owner, member, guest). */
  orgRole: Type.String(),
});
export type InvolvedUserView = Static<typeof InvolvedUserView>;

/**
 * POST /api/configurator/product-order/get-involved-users (anyone who reaches the order). Named by the
 * organisation's order number, as the header knows it; answers the order's id for the other calls.
 */
export const GetInvolvedUsersBody = Type.Object({ orgId: Id, productOrderOrgSpecificId: Id }, closed);
export type GetInvolvedUsersBody = Static<typeof GetInvolvedUsersBody>;
export const InvolvedUsersResponse = Type.Object({
  productOrderId: Id,
  /** The order's owner (never removable). */
  ownerId: Id,
  involvedUsers: Type.Array(InvolvedUserView),
  /** Whether the caller may change who sees prices (employees and the order's owner, their own prices visible). */
  canTogglePricing: Type.Boolean(),
});
export type InvolvedUsersResponse = Static<typeof InvolvedUsersResponse>;

/** A person the sharee search may offer (the browser applies the autocomplete rules). */
export const ShareeCandidate = Type.Object({
  userId: Id,
  email: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  /** Their role in the order's organisation, as stored (left and disabled included: the rules drop them). */
  orgRole: Type.String(),
});
export type ShareeCandidate = Static<typeof ShareeCandidate>;

/**
 * POST /api/configurator/product-order/get-sharee-candidates: the people of the organisation a
 * caller may share with. Employees: its members and guests. A guest: its employees only (one
 * customer never learns who the organisation's other customers are).
 */
export const GetShareeCandidatesBody = Type.Object({ productOrderId: Id }, closed);
export type GetShareeCandidatesBody = Static<typeof GetShareeCandidatesBody>;
export const ShareeCandidatesResponse = Type.Array(ShareeCandidate);
export type ShareeCandidatesResponse = Static<typeof ShareeCandidatesResponse>;

/** How many days a new order link works: the choices the popup offers (as GenerateShareableLinkBody accepts them). */
export const SHARE_LINK_DAY_CHOICES = [7, 30, 90] as const;
/** How many days a link works unless its maker chose otherwise (a personal link in a share mail always). */
export const SHARE_LINK_DEFAULT_DAYS = 30;

/**
 * POST /api/configurator/product-order/generate-shareable-link: a new link of the caller's to the order,
 * working for `validForDays` (30 by default); the caller's previous link to it stops working, and so
 * does the access of the people who came in only through it.
 */
export const GenerateShareableLinkBody = Type.Object(
  { productOrderId: Id, validForDays: Type.Optional(Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(90)])) },
  closed,
);
export type GenerateShareableLinkBody = Static<typeof GenerateShareableLinkBody>;
export const ShareableLinkResponse = Type.Object({
  /** `{portal address}/orders/{orgSpecificId}?shareToken=…&shareableOrderId={orgSpecificId}`: shown once, only its hash is kept. */
  shareableLink: Type.String(),
  /** Whoever opens the link sees no prices (the link was made by someone who sees none). */
  pricingIsHidden: Flag,
  /** When the link stops working (ISO 8601, UTC): the end of a day, see `shareLinkExpiry`. */
  expires: Type.String(),
});
export type ShareableLinkResponse = Static<typeof ShareableLinkResponse>;

/**
 * POST /api/configurator/product-order/share: involves each sharee (by email; a person without an
 * account gets one, a guest membership of the organisation and a personal link) and mails them the
 * note and a link. Answers the order's involved users.
 */
export const ShareBody = Type.Object(
  {
    orgId: Id,
    productOrderOrgSpecificId: Id,
    sharees: Type.Array(Type.Object({ email: EmailAddress }, closed), { minItems: 1, maxItems: 50 }),
    shareNote: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  closed,
);
export type ShareBody = Static<typeof ShareBody>;
export const ShareResponse = Type.Object({ involvedUsersById: Type.Record(Type.String(), Type.Object({ role: Type.String(), pricingIsHidden: Flag })) });
export type ShareResponse = Static<typeof ShareResponse>;

/** POST /api/configurator/product-order/add-sharee: involves one person without mailing them. */
export const AddShareeBody = Type.Object({ productOrderId: Id, shareeEmail: EmailAddress }, closed);
export type AddShareeBody = Static<typeof AddShareeBody>;

/**
 * POST /api/configurator/product-order/get-or-create-sharee: the person an email names, for the
 * pending list. Nothing is written: an account for a new email is made only when Share sends.
 */
export const GetOrCreateShareeBody = Type.Object({ productOrderId: Id, shareeEmail: EmailAddress }, closed);
export type GetOrCreateShareeBody = Static<typeof GetOrCreateShareeBody>;
export const ShareeResponse = Type.Object({
  sharee: Type.Object({
    userId: Nullable(Id),
    email: Type.String(),
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    /** No account yet: Share will make one. */
    isNew: Type.Boolean(),
  }),
});
export type ShareeResponse = Static<typeof ShareeResponse>;

/**
 * POST /api/configurator/product-order/remove-sharee: never the order's owner; their personal links
 * stop working. The person is named by shareeEmail, or by shareeId (a guest who came in through the
 * order's link has no email); exactly one of the two. Answers `{ productOrder }`.
 */
export const RemoveShareeBody = Type.Object({ orgId: Id, productOrderOrgSpecificId: Id, shareeEmail: Type.Optional(EmailAddress), shareeId: Type.Optional(Id) }, closed);
export type RemoveShareeBody = Static<typeof RemoveShareeBody>;
/** The order after the person was removed, shaped for the caller as get-configurator-order-data sends it. */
export const RemoveShareeResponse = Type.Object({ productOrder: OrderDataProductOrder });
export type RemoveShareeResponse = Static<typeof RemoveShareeResponse>;

/** POST /api/configurator/product-order/update-involved-users-data: employees or the order's owner. */
export const UpdateInvolvedUsersDataBody = Type.Object({ orgId: Id, productOrderOrgSpecificId: Id, shareeId: Id, pricingIsHidden: Flag }, closed);
export type UpdateInvolvedUsersDataBody = Static<typeof UpdateInvolvedUsersDataBody>;
export const InvolvedUsersDataResponse = Type.Object({ involvedUsers: Type.Record(Type.String(), Type.Object({ role: Type.String(), pricingIsHidden: Flag })) });
export type InvolvedUsersDataResponse = Static<typeof InvolvedUsersDataResponse>;

/** POST /api/configurator/get-org-role-for-token (no session needed): the role a link's opener gets. */
export const OrgRoleForTokenBody = Type.Object({ shareToken: ShareToken }, closed);
export type OrgRoleForTokenBody = Static<typeof OrgRoleForTokenBody>;
export const OrgRoleForTokenResponse = Type.Object({
  /** guest: handle-guest-share-link signs the opener in; owner / member: they sign in with their password. */
  orgRole: Type.Union([Type.Literal('owner'), Type.Literal('member'), Type.Literal('guest')]),
  orgId: Id,
  productOrderOrgSpecificId: Id,
});
export type OrgRoleForTokenResponse = Static<typeof OrgRoleForTokenResponse>;

/**
 * POST /api/configurator/product-order/handle-guest-share-link: signs the opener in as a guest of the
 * organisation, involved in that order only (a signed-in person is involved as they are). Answers
 * where to go; the session cookie is set.
 */
export const HandleGuestShareLinkBody = Type.Object({ shareToken: ShareToken }, closed);
export type HandleGuestShareLinkBody = Static<typeof HandleGuestShareLinkBody>;
export const HandleGuestShareLinkResponse = Type.Object({ orgId: Id, productOrderOrgSpecificId: Id, userId: Id });
export type HandleGuestShareLinkResponse = Static<typeof HandleGuestShareLinkResponse>;

/** The messages of sharing, word for word where the spec gives them. */
export const SHAREE_INVALID = 'Please enter a valid collaborator or email';
export { SHARE_LINK_INVALID, SHARE_LINK_EXPIRED } from '../sharing/linkMessages.ts';
export const JUST_NOTIFIED_MS = 1000;
export const SHAREE_TOUR_DELAY_MS = 1000;

/**
 * When a link made at `now` that works for `days` days stops working: the last second of that day in
 * UTC, so that "works until 12/27/2026" holds for the whole of that day wherever it is read.
 */
export function shareLinkExpiry(now: Date, days: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 23, 59, 59));
}

/**
 * The day a link works until, as people read it: the UTC day (as `shareLinkExpiry` sets it) in the
 * organisation's locale, like every date of the portal (decision 0089): "12/27/2026" in en-US.
 */
export function shareLinkExpiryDay(expires: string | Date, settings: DateSettings = {}): string {
  return formatDate(expires, { locale: settings.locale, timeZone: 'UTC', style: 'date' });
}
