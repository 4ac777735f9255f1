import { Type, type Static } from '@sinclair/typebox';
import { Cents, Flag, Id, Nullable, RefId } from './common.ts';

export const Costs = Type.Object({
  orderSubTotal: Cents,
  discount: Cents,
  /** Where the discount came from: the order's own, the owner's guest discount, or none (older costs: absent). */
  discountSource: Type.Optional(Nullable(Type.Union([Type.Literal('order'), Type.Literal('guest')]))),
  /** The percent the discount is of the subtotal when given as one (after any cap); null for an amount or none. */
  appliedDiscountPercentage: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 100 }))),
  shipping: Cents,
  shippingIsTbd: Type.Boolean(),
  tax: Cents,
  tariff: Cents,
  orderTotal: Cents,
  depositAmount: Cents,
  depositPercentage: Type.Number({ minimum: 0, maximum: 100 }),
});
export type Costs = Static<typeof Costs>;

export const ProductOrderType = Type.Union([Type.Literal('standalone'), Type.Literal('arch')]);
export type ProductOrderType = Static<typeof ProductOrderType>;

export const Address = Type.Object({
  streetAddress: Type.Optional(Type.String()),
  streetAddress2: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  zip: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
});

export const InvolvedUser = Type.Object({
  role: Type.Union([Type.Literal('owner'), Type.Literal('sharee')]),
  pricingIsHidden: Flag,
});

export const ProductOrder = Type.Object({
  id: Id,
  orgSpecificId: Id,
  orgId: Id,
  userId: Id,
  title: Type.String(),
  type: ProductOrderType,
  productId: Nullable(Type.Integer()),
  productCategoryId: Nullable(RefId),
  archived: Flag,
  isStocked: Flag,
  disableSalesTax: Flag,
  promptedForProjectInfo: Flag,
  isProcessingPayment: Flag,
  statusData: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  lastCompletedStatusKey: Nullable(Type.String()),
  effectivePricingDate: Nullable(Type.String()),
  amountPaidInCents: Cents,
  costs: Costs,
  involvedUsers: Type.Record(Type.String(), InvolvedUser),
  created: Type.String(),
  lastUpdated: Type.String(),
});
export type ProductOrder = Static<typeof ProductOrder>;
