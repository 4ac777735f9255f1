import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { Flag, Id, Nullable } from './common.ts';
import { EmailAddress } from './sharing.ts';

/**
 * Guests (invited outside customers) and user groups of the admin area, owners only
 * (docs/decisions/0051-guests-and-user-groups.md). Every body is closed: a field not listed is refused.
 */
const closed = <P extends TProperties>(p: P) => Type.Object(p, { additionalProperties: false });

/** A guest's discount: always a percentage, 0 to 100. */
export const GuestDiscount = closed({ type: Type.Literal('percent'), value: Type.Number({ minimum: 0, maximum: 100 }) });
export type GuestDiscount = Static<typeof GuestDiscount>;

/** A guest as the admin guest table shows it. */
export const GuestView = Type.Object({
  id: Id,
  userId: Id,
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  created: Type.String(),
  appData: Type.Object({
    designEngine: Type.Object({
      // Older records may carry another type name; the server writes 'percent' only.
      discount: Nullable(Type.Object({ type: Type.String(), value: Type.Number() })),
      disableSalesTax: Type.Boolean(),
      integrationsData: Type.Optional(Type.Unknown()),
    }),
  }),
  orgAccessEdgeData: Type.Object({ designEngine: Type.Object({ pricingIsHidden: Flag }) }),
});
export type GuestView = Static<typeof GuestView>;

/** POST /api/configurator/get-configurator-guests-data: the organisation's guests, newest first. */
export const GetGuestsDataBody = closed({ orgId: Id });
export type GetGuestsDataBody = Static<typeof GetGuestsDataBody>;
export const GuestsDataResponse = Type.Object({ guests: Type.Array(GuestView) });
export type GuestsDataResponse = Static<typeof GuestsDataResponse>;

/** POST /api/orgs/invite-guest: a guest membership and record for the address, and an invitation mail. */
export const InviteGuestBody = closed({ email: EmailAddress, activeOrgId: Id, pricingIsHidden: Flag });
export type InviteGuestBody = Static<typeof InviteGuestBody>;
export const GuestResponse = Type.Object({ guest: GuestView });
export type GuestResponse = Static<typeof GuestResponse>;

/** POST /api/orgs/disinvite-guest: the guest loses access and leaves every user group. */
export const DisinviteGuestBody = closed({ orgId: Id, userId: Id });
export type DisinviteGuestBody = Static<typeof DisinviteGuestBody>;
export const DisinviteGuestResponse = Type.Object({ userId: Id, removedFromUserGroupIds: Type.Array(Id) });
export type DisinviteGuestResponse = Static<typeof DisinviteGuestResponse>;

/** POST /api/orgs/update-guest-data: price visibility, or the guest's discount and sales tax. */
export const UpdateGuestDataBody = Type.Union([
  closed({ orgId: Id, userId: Id, pricingIsHidden: Flag }),
  closed({
    orgId: Id,
    userId: Id,
    updateProps: closed({
      appData: closed({
        designEngine: Type.Object(
          { discount: Type.Optional(Nullable(GuestDiscount)), disableSalesTax: Type.Optional(Type.Boolean()) },
          { additionalProperties: false, minProperties: 1 },
        ),
      }),
    }),
  }),
]);
export type UpdateGuestDataBody = Static<typeof UpdateGuestDataBody>;

/** A user group: guests of one organisation, without duplicates. */
export const UserGroupView = Type.Object({ id: Id, orgId: Id, title: Type.String(), userIds: Type.Array(Id) });
export type UserGroupView = Static<typeof UserGroupView>;
/** POST /api/resources/userGroups/get: the organisation's user groups. */
export const UserGroupsResponse = Type.Array(UserGroupView);
export type UserGroupsResponse = Static<typeof UserGroupsResponse>;
/** POST /api/resources/userGroups/destroy: the group deleted. */
export const UserGroupDestroyResponse = closed({ id: Id });
export type UserGroupDestroyResponse = Static<typeof UserGroupDestroyResponse>;

const GroupTitle = Type.String({ minLength: 1, maxLength: 255 });
const GroupUserIds = Type.Array(Id, { maxItems: 10000 });

/** POST /api/resources/userGroups/get | create | update | destroy (owners only). */
export const UserGroupGetBody = closed({ where: closed({ orgId: Id }) });
export type UserGroupGetBody = Static<typeof UserGroupGetBody>;
export const UserGroupCreateBody = closed({ props: closed({ orgId: Id, title: Type.Optional(GroupTitle), userIds: GroupUserIds }) });
export type UserGroupCreateBody = Static<typeof UserGroupCreateBody>;
export const UserGroupUpdateBody = closed({
  where: closed({ id: Id }),
  props: Type.Object({ title: Type.Optional(GroupTitle), userIds: Type.Optional(GroupUserIds) }, { additionalProperties: false, minProperties: 1 }),
});
export type UserGroupUpdateBody = Static<typeof UserGroupUpdateBody>;
export const UserGroupDestroyBody = closed({ where: closed({ id: Id }) });
export type UserGroupDestroyBody = Static<typeof UserGroupDestroyBody>;
