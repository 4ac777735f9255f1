/**
 * Bodies and answers of the order actions of the order settings popup and of plugin actions:
 * duplicate an order, change its owner (and list who may own it), and create an order together with
 * its items in one call (e.g. a back-box quote derived from another order).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, RefId } from './common.ts';
import { Address, ProductOrderType } from './productOrder.ts';
import { ClientEmails } from './entities.ts';
import { ORDER_TITLE_MAX_LENGTH } from '../orderDefaults.ts';

/** POST /api/configurator/duplicate-product-order: copies the order and its items ("Copy of {title}"). */
export const DuplicateProductOrderBody = Type.Object({ productOrderId: Id }, { additionalProperties: false });
export type DuplicateProductOrderBody = Static<typeof DuplicateProductOrderBody>;

/** POST /api/configurator/change-order-owner: employees only; the previous owner becomes a sharee. */
export const ChangeOrderOwnerBody = Type.Object({ productOrderId: Id, userId: Id }, { additionalProperties: false });
export type ChangeOrderOwnerBody = Static<typeof ChangeOrderOwnerBody>;

/** POST /api/configurator/get-order-owner-candidates: the organisation's members and guests (employees only). */
export const OrderOwnerCandidatesBody = Type.Object({ orgId: Id }, { additionalProperties: false });
export type OrderOwnerCandidatesBody = Static<typeof OrderOwnerCandidatesBody>;

export const OrderOwnerCandidate = Type.Object({
  userId: Id,
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  email: Type.String(),
  /** owner, member or guest (any other active role is listed as it is stored). */
  role: Type.String(),
});
export type OrderOwnerCandidate = Static<typeof OrderOwnerCandidate>;
export const OrderOwnerCandidatesResponse = Type.Array(OrderOwnerCandidate);
export type OrderOwnerCandidatesResponse = Static<typeof OrderOwnerCandidatesResponse>;

const S = (maxLength: number) => Nullable(Type.String({ maxLength }));

/**
 * The order of create-product-order-with-items: what create-product-order takes, plus the contact,
 * address and reference fields a derived order copies from its source (all of them fields a guest
 * may write too).
 */
export const ProductOrderWithItemsProps = Type.Object(
  {
    orgId: Id,
    title: Type.String({ minLength: 1, maxLength: 255 }),
    productCategoryId: Type.Optional(RefId),
    isStocked: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    type: Type.Optional(ProductOrderType),
    phone: Type.Optional(S(64)),
    email: Type.Optional(S(254)),
    clientEmails: Type.Optional(Nullable(ClientEmails)),
    deliveryAddress: Type.Optional(Nullable(Address)),
    billingAddress: Type.Optional(Nullable(Address)),
    contactName: Type.Optional(S(255)),
    projectName: Type.Optional(S(255)),
    firmName: Type.Optional(S(255)),
    purchaseOrderNumber: Type.Optional(S(128)),
    estimateNumber: Type.Optional(S(128)),
    externalLink1: Type.Optional(S(1000)),
  },
  { additionalProperties: false },
);
export type ProductOrderWithItemsProps = Static<typeof ProductOrderWithItemsProps>;

/** One item of the new order: a product of the order's category and how many. */
export const NewOrderItemProps = Type.Object(
  {
    productId: Id,
    quantity: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    title: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  },
  { additionalProperties: false },
);
export type NewOrderItemProps = Static<typeof NewOrderItemProps>;

/**
 * POST /api/configurator/create-product-order-with-items: the order and its items in one
 * transaction (nothing is created when any item is refused).
 */
export const CreateProductOrderWithItemsBody = Type.Object(
  {
    productOrderProps: ProductOrderWithItemsProps,
    propsSets: Type.Array(NewOrderItemProps, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type CreateProductOrderWithItemsBody = Static<typeof CreateProductOrderWithItemsBody>;


/** The title of a duplicated order: "Copy of {title}", cut to the longest title. */
export function copyOfTitle(title: string): string {
  return `Copy of ${title}`.slice(0, ORDER_TITLE_MAX_LENGTH);
}

export const ORDER_ACTION_SCHEMAS = {
  DuplicateProductOrderBody,
  ChangeOrderOwnerBody,
  OrderOwnerCandidatesBody,
  OrderOwnerCandidatesResponse,
  CreateProductOrderWithItemsBody,
} as const;
