import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';

/**
 * What an order held when it was last sent back for changes (docs/decisions/0097-changes-since-sent-back.md),
 * so whoever reviews it again sees what changed since. Employees only; no amounts for a viewer who
 * sees no prices.
 */

/** One chosen option as the cart shows it: "Finish: Brass". */
export const SentBackOption = Type.Object({ property: Type.String(), value: Type.String() });
export type SentBackOption = Static<typeof SentBackOption>;

export const SentBackItem = Type.Object({
  id: Id,
  /** The item's own title, else its product's. */
  title: Type.String(),
  productId: Type.Integer(),
  quantity: Type.Integer(),
  options: Type.Array(SentBackOption),
  /** Absent when prices are hidden from the caller. */
  unitPriceInCents: Type.Optional(Type.Number()),
  totalPriceInCents: Type.Optional(Type.Number()),
});
export type SentBackItem = Static<typeof SentBackItem>;

export const SentBackSnapshot = Type.Object({
  /** When it was sent back (UTC, 'YYYY-MM-DD HH:MM:SS'). */
  at: Type.String(),
  items: Type.Array(SentBackItem),
  /** The order's total then; absent when prices are hidden from the caller. */
  orderTotalInCents: Type.Optional(Type.Number()),
});
export type SentBackSnapshot = Static<typeof SentBackSnapshot>;

/** POST /api/configurator/get-order-sent-back-snapshot (owners and members). */
export const SentBackSnapshotBody = Type.Object({ productOrderId: Id }, { additionalProperties: false });
export type SentBackSnapshotBody = Static<typeof SentBackSnapshotBody>;

/** null: the order was never sent back (or before the portal kept a copy). */
export const SentBackSnapshotResponse = Nullable(SentBackSnapshot);
export type SentBackSnapshotResponse = Static<typeof SentBackSnapshotResponse>;
