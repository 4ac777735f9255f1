import type {
  Costs,
  InstanceLike,
  OrderDataProductOrder,
  OrderStatusEventAction,
  Organisation,
  PaymentEnvironment,
  PaymentState,
  ProductOptionClassifier,
  Role,
} from '@cpq/domain';

/**
 * What each table's repository reads and writes, bound to the domain types (packages/domain), so
 * storage and the engine share one definition. `Row` covers columns the domain does not model yet.
 */
export type Row = Record<string, unknown>;
/** A stored record: the domain type plus columns the domain does not model yet. */
export type Stored<T> = T & Row;

export type OrganisationRow = Organisation & Row & { catalogueVersion: number };
/** email and passwordHash are null for a guest who came in through an order's share link. */
export type UserRow = Row & { id: number; email: string | null; passwordHash: string | null; firstName: string | null; lastName: string | null; personalOrgId: number | null; isPlatformAdmin: 0 | 1 };
export type MembershipRow = Row & { id: number; userId: number; orgId: number; role: Role; prevRole: Role | null; accessData: Row };
/** Read shape of a guest record (appData.designEngine and orgAccessEdgeData.designEngine). */
export type GuestRow = Row & {
  id: number;
  orgId: number;
  userId: number;
  appData: { designEngine: { discount: unknown; disableSalesTax: boolean; integrationsData: unknown } };
  orgAccessEdgeData: { designEngine: { pricingIsHidden: 0 | 1 } };
};
/**
 * A share token: only its sha256 is kept. `order`: the order's link (at most one unrevoked);
 * `personal`: a link mailed to one person (`userId`), revoked when they are removed from the order.
 */
export type ShareTokenRow = Row & {
  id: number;
  orgId: number;
  tokenHash: string;
  productOrderId: number;
  kind: 'order' | 'personal';
  userId: number | null;
  createdBy: number | null;
  pricingIsHidden: 0 | 1;
  created: string;
  expires: string | null;
  revoked: string | null;
};
/** An invitation link (only its hash is kept): works once, before it expires. */
export type InvitationTokenRow = Row & { id: number; tokenHash: string; userId: number; orgId: number; created: string; expires: string; used: string | null };
export type SessionRow = Row & { id: number; tokenHash: string; userId: number; deviceId: number; expires: string };
/** Stored classifier: the number titles live in data.numberTitles. */
export type ProductOptionClassifierRow = Omit<ProductOptionClassifier, 'numberTitles'> & Row & { data: { numberTitles?: string[] } };
/** A stored order: the order-data shape with the fields every stored order has (costs, involvedUsers). */
export type ProductOrderRow = OrderDataProductOrder &
  Row & {
    costs: Costs;
    involvedUsers: Record<string, { role: 'owner' | 'sharee'; pricingIsHidden: 0 | 1 }>;
    revision: number;
    /** What the stored item prices and validity were computed with (internal; never sent). */
    pricingBasis: string | null;
    /** When the next pricing rule version takes effect for an order priced at "now" (internal). */
    repriceAfter: string | null;
  };
export type ProductInstanceRow = InstanceLike &
  Row & {
    id: number;
    orgId: number;
    productOrderId: number;
    rank: number;
    unitPriceInCents: number;
    totalPriceInCents: number;
    pricingRuleVersion: string | null;
    isValid: 0 | 1;
    validationIssues: unknown;
    archCustomViewId: number | null;
    canvasPosition?: { x: number; y: number } | null;
  };

/** A card payment the portal asked a provider for (order_payments); its states are the payment machine's. */
export type OrderPaymentRow = Row & {
  id: number;
  orgId: number;
  productOrderId: number;
  userId: number;
  /** The adapter that made the intent, so the one that takes the money: 'simulated', 'stripe'. */
  provider: string;
  environment: PaymentEnvironment;
  intentId: string | null;
  statusKey: string;
  amountInCents: number;
  upchargeInCents: number;
  payInFull: 0 | 1;
  state: PaymentState;
  /** 1 while the payment may still take money (one per order, step, amount, environment, provider); NULL after. */
  live: 1 | null;
  attempts: number;
  recordedInCents: number | null;
  refundInCents: number | null;
  lastError: string | null;
  created: string;
  lastUpdated: string;
};

/** A line of an order's timeline (order_status_events). */
export type OrderStatusEventRow = Row & {
  id: number;
  orgId: number;
  productOrderId: number;
  userId: number | null;
  action: OrderStatusEventAction;
  fromStatusKey: string | null;
  toStatusKey: string | null;
  amountInCents: number | null;
  paymentMethod: string | null;
  note: string | null;
  created: string;
};
