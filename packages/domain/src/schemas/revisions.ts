import { Type, type Static } from '@sinclair/typebox';
import { Cents, Id, Nullable } from './common.ts';
import { CatalogueResponse, OrderDataResponse } from './api.ts';

/**
 * Quote revisions and online acceptance (docs/decisions/0122-quote-revisions.md). A revision is the
 * order frozen when it was submitted, reopened for changes or restored from an earlier revision; it is
 * never changed afterwards. The part people compare is its "side": items as the cart words them, the
 * price summary and the details printed on documents.
 */

export const RevisionOption = Type.Object({ property: Type.String(), value: Type.String() });
export type RevisionOption = Static<typeof RevisionOption>;

export const RevisionItem = Type.Object({
  id: Id,
  /** The item's own title, else its product's. */
  title: Type.String(),
  productId: Type.Integer(),
  quantity: Type.Integer(),
  options: Type.Array(RevisionOption),
  /** Absent when prices are hidden from the reader. */
  unitPriceInCents: Type.Optional(Cents),
  totalPriceInCents: Type.Optional(Cents),
});
export type RevisionItem = Static<typeof RevisionItem>;

/** One line of the price summary as printed: "Shipping" "TBD", "Total" "$1,200.00". */
export const RevisionCostLine = Type.Object({ key: Type.String(), label: Type.String(), text: Type.String(), cents: Cents });
export type RevisionCostLine = Static<typeof RevisionCostLine>;

/** One order detail printed on documents, as text ("" when empty). */
export const RevisionDetail = Type.Object({ key: Type.String(), label: Type.String(), value: Type.String() });
export type RevisionDetail = Static<typeof RevisionDetail>;

export const RevisionSide = Type.Object({
  items: Type.Array(RevisionItem),
  /** The price summary; absent when prices are hidden from the reader. */
  costs: Type.Optional(Type.Array(RevisionCostLine)),
  details: Type.Array(RevisionDetail),
});
export type RevisionSide = Static<typeof RevisionSide>;

/**
 * Why a revision was frozen: submitted; reopened for changes; restored from an earlier revision; the
 * approver changed the quote before approving it; an approved quote changed afterwards (a detail or
 * a cost); the draft kept before a restore replaced it.
 */
export const RevisionReason = Type.Union([
  Type.Literal('submitted'),
  Type.Literal('reopened'),
  Type.Literal('restored'),
  Type.Literal('approved'),
  Type.Literal('amended'),
  Type.Literal('kept'),
]);
export type RevisionReason = Static<typeof RevisionReason>;

/** A customer's acceptance of one revision's quote. */
export const QuoteAcceptance = Type.Object({
  revisionNumber: Type.Integer({ minimum: 1 }),
  /** The full name typed by the person who accepted. */
  fullName: Type.String(),
  userId: Nullable(Id),
  /** Their account's name or email. */
  userName: Nullable(Type.String()),
  /** UTC, 'YYYY-MM-DD HH:MM:SS'. */
  at: Type.String(),
  /** The address the acceptance came from. */
  ipAddress: Type.String(),
  /** SHA-256 (hex) of the revision's quote PDF as it was accepted. */
  pdfSha256: Type.String(),
  /** The organisation's terms the person ticked, as they read them. */
  terms: Type.Array(Type.String()),
});
export type QuoteAcceptance = Static<typeof QuoteAcceptance>;

export const OrderRevisionSummary = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  reason: RevisionReason,
  /** For a restored revision: the revision it was restored from. */
  restoredFrom: Nullable(Type.Integer({ minimum: 1 })),
  at: Type.String(),
  userName: Nullable(Type.String()),
  /** The revision's total; absent when prices are hidden from the reader. */
  orderTotalInCents: Type.Optional(Cents),
  itemCount: Type.Integer({ minimum: 0 }),
  acceptance: Nullable(QuoteAcceptance),
});
export type OrderRevisionSummary = Static<typeof OrderRevisionSummary>;

/** POST /api/configurator/product-order/revisions: every revision of the order, newest first. */
export const OrderRevisionsBody = Type.Object({ productOrderId: Id }, { additionalProperties: false });
export type OrderRevisionsBody = Static<typeof OrderRevisionsBody>;

export const OrderRevisionsResponse = Type.Object({
  revisions: Type.Array(OrderRevisionSummary),
  /** The order now, as the diff compares it with the latest revision. */
  current: RevisionSide,
  /** The order's content differs from its latest revision (edited since). */
  changedSinceLatest: Type.Boolean(),
  /** The organisation asks for acceptance before payment. */
  acceptanceRequiredBeforePayment: Type.Boolean(),
  /** The organisation's terms a customer ticks to accept. */
  acceptanceTerms: Type.Array(Type.String()),
});
export type OrderRevisionsResponse = Static<typeof OrderRevisionsResponse>;

/** POST /api/configurator/product-order/revision: one revision's side, and the order data and catalogue it was printed from. */
export const OrderRevisionBody = Type.Object({ productOrderId: Id, revisionNumber: Type.Integer({ minimum: 1, maximum: 100000 }) }, { additionalProperties: false });
export type OrderRevisionBody = Static<typeof OrderRevisionBody>;

export const OrderRevisionResponse = Type.Object({
  revision: OrderRevisionSummary,
  side: RevisionSide,
  /** The side of the revision before it, null for the first: the diff is worked out from the two. */
  previous: Nullable(RevisionSide),
  /** get-configurator-order-data's answer as it was then, shaped for the reader. */
  orderData: OrderDataResponse,
  /** The catalogue as it was then, shaped for the reader. */
  catalogue: CatalogueResponse,
});
export type OrderRevisionResponse = Static<typeof OrderRevisionResponse>;

/** POST /api/configurator/product-order/restore-revision (owners and members): the order takes an earlier revision's items and details back. */
export const RestoreRevisionBody = Type.Object({ productOrderId: Id, revisionNumber: Type.Integer({ minimum: 1, maximum: 100000 }) }, { additionalProperties: false });
export type RestoreRevisionBody = Static<typeof RestoreRevisionBody>;

export const RestoreRevisionResponse = Type.Object({ revisionNumber: Type.Integer({ minimum: 1 }) });
export type RestoreRevisionResponse = Static<typeof RestoreRevisionResponse>;

/** POST /api/configurator/product-order/accept-quote: the customer accepts the quote of the revision they read. */
export const AcceptQuoteBody = Type.Object(
  {
    productOrderId: Id,
    revisionNumber: Type.Integer({ minimum: 1, maximum: 100000 }),
    fullName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    termsAccepted: Type.Literal(true),
  },
  { additionalProperties: false },
);
export type AcceptQuoteBody = Static<typeof AcceptQuoteBody>;

export const AcceptQuoteResponse = QuoteAcceptance;
export type AcceptQuoteResponse = Static<typeof AcceptQuoteResponse>;

/** POST /api/configurator/quote-acceptance-setting (owners): whether customers accept quotes online before paying. */
export const QuoteAcceptanceSettingBody = Type.Object({ orgId: Id, acceptanceRequiredBeforePayment: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type QuoteAcceptanceSettingBody = Static<typeof QuoteAcceptanceSettingBody>;

export const QuoteAcceptanceSettingResponse = Type.Object({ acceptanceRequiredBeforePayment: Type.Boolean(), acceptanceTerms: Type.Array(Type.String()) });
export type QuoteAcceptanceSettingResponse = Static<typeof QuoteAcceptanceSettingResponse>;
