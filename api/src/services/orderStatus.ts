import type { Knex } from 'knex';
import {
  itemCompleteness,
  decideStatus,
  pricesFollowCatalogue,
  submitProblem,
  type OrderStatusFacts,
  type OrderStatusFields,
  type OrderStatusEvent,
  type OrderStatusResponse,
  type ProductOrderStatus,
  type StatusActor,
  type StatusData,
  type StatusEvent,
  type StatusOptions,
  type CatalogueIndex,
  type EngineHooks,
  type InstanceProperties,
} from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import type { Repos, Row } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import { nowUtc } from '../db/time.ts';
import { ApiError } from '../http/errors.ts';
import { assertInvolvedInOrder, pricingVisible, shapeStatusData, type Access } from '../policy.ts';
import { getOrg, orgStatuses } from './orgs.ts';
import type { WriteDeps } from './orderWrites.ts';

/**
 * Order status transitions (docs/decisions/0041-order-status-model.md): every change is decided by
 * the status machine of packages/domain on the order's row locked for the transaction, written with
 * its audit event in that transaction, and announced (mail, plugin hooks) only once committed.
 */

export const conflict = (message: string) => new ApiError(409, 'conflict', message);

/** Who acts: an employee, unless in guest mode (which only ever narrows what they may do). */
export function statusActor(access: Access, isGuestMode?: boolean): StatusActor {
  return access.policyRole === 'guest' || isGuestMode ? 'guest' : 'employee';
}

export function statusOptions(rules: PluginRules): StatusOptions {
  return { shippedWithoutFinalPayment: rules.orderStatus.shippedWithoutFinalPayment, guards: rules.orderStatus.guards };
}

export function statusFields(order: ProductOrderRow): OrderStatusFields {
  return {
    statusData: (order.statusData ?? {}) as StatusData,
    lastCompletedStatusKey: order.lastCompletedStatusKey ?? null,
    amountPaidInCents: Number(order.amountPaidInCents ?? 0),
    isProcessingPayment: order.isProcessingPayment ? 1 : 0,
    feedbackNotes: (order.feedbackNotes as string | null | undefined) ?? null,
  };
}

export function statusFacts(order: ProductOrderRow): OrderStatusFacts {
  const costs = (order.costs ?? {}) as { orderTotal?: number; depositAmount?: number };
  return { isStocked: order.isStocked ? 1 : 0, orderTotalInCents: Math.round(Number(costs.orderTotal ?? 0)), depositAmountInCents: Math.round(Number(costs.depositAmount ?? 0)) };
}

/** The status fields a caller receives: the amount paid and the payment amounts only when prices are visible to them. */
export function statusResponse(access: Access | null, order: ProductOrderRow, fields: OrderStatusFields = statusFields(order)): OrderStatusResponse {
  const out: OrderStatusResponse = {
    statusData: (access ? shapeStatusData(access, order, fields.statusData) : fields.statusData) as OrderStatusResponse['statusData'],
    lastCompletedStatusKey: fields.lastCompletedStatusKey,
    isProcessingPayment: fields.isProcessingPayment,
    feedbackNotes: fields.feedbackNotes,
  };
  if (!access || pricingVisible(access, order)) out.amountPaidInCents = fields.amountPaidInCents;
  return out;
}

export interface StatusEventRow {
  action: OrderStatusEvent['action'];
  userId: number | null;
  fromStatusKey?: string | null;
  toStatusKey?: string | null;
  amountInCents?: number | null;
  paymentMethod?: string | null;
  note?: string | null;
  /** The quote revision the event froze or accepted. */
  revisionNumber?: number | null;
}

/** Appends a line to the order's timeline; answers its id. */
export async function appendStatusEvent(repos: Repos, trx: Knex.Transaction, order: Pick<ProductOrderRow, 'id' | 'orgId'>, e: StatusEventRow): Promise<number> {
  return repos.orderStatusEvents.append(
    {
      orgId: order.orgId,
      productOrderId: order.id,
      userId: e.userId,
      action: e.action,
      fromStatusKey: e.fromStatusKey ?? null,
      toStatusKey: e.toStatusKey ?? null,
      amountInCents: e.amountInCents ?? null,
      paymentMethod: e.paymentMethod ?? null,
      note: e.note ?? null,
      revisionNumber: e.revisionNumber ?? null,
    },
    trx,
  );
}

export interface StatusContext {
  statuses: ProductOrderStatus[];
  rules: PluginRules;
  orgTitle: string;
  nickname: string;
}

export async function statusContext(deps: WriteDeps, orgId: number, trx?: Knex.Transaction): Promise<StatusContext> {
  const org = await getOrg(deps.repos, orgId, trx);
  if (!org) throw new ApiError(404, 'orgNotFound', 'Organisation not found.');
  return { statuses: orgStatuses(org), rules: deps.plugins.rulesFor(orgId), orgTitle: org.title, nickname: org.appData.designEngine.nickname ?? org.title };
}

export interface Transitioned {
  order: ProductOrderRow;
  fields: OrderStatusFields;
  fromStatusKey: string | null;
  toStatusKey: string | null;
  context: StatusContext;
  /** The timeline line the transition wrote. */
  eventId: number;
}

/**
 * Decides `event` for the order (already locked in `trx`) and writes the outcome: the status fields
 * together (and lastPaymentDate after a payment), plus the audit event. A refusal is a 409 with the
 * machine's sentence; nothing is written.
 */
export async function transition(
  deps: WriteDeps,
  trx: Knex.Transaction,
  order: ProductOrderRow,
  actor: StatusActor,
  event: StatusEvent,
  audit: Omit<StatusEventRow, 'fromStatusKey' | 'toStatusKey'>,
  context?: StatusContext,
): Promise<Transitioned> {
  const ctx = context ?? (await statusContext(deps, order.orgId, trx));
  const now = nowUtc();
  const decision = decideStatus(ctx.statuses, statusOptions(ctx.rules), { ...statusFields(order), ...statusFacts(order) }, actor, event, { now });
  if (!decision.ok) throw conflict(decision.message);
  const next = decision.next;
  const patch: Row = {
    statusData: next.statusData,
    lastCompletedStatusKey: next.lastCompletedStatusKey,
    amountPaidInCents: next.amountPaidInCents,
    isProcessingPayment: next.isProcessingPayment,
    feedbackNotes: next.feedbackNotes,
    // Derived from the step, written with it: the repricer searches due orders by it (0069).
    pricesFollow: pricesFollowCatalogue(ctx.statuses, next.statusData) ? 1 : 0,
  };
  if (next.amountPaidInCents !== Number(order.amountPaidInCents ?? 0)) patch.lastPaymentDate = now;
  await deps.repos.productOrders.update({ id: order.id }, patch, trx);
  const eventId = await appendStatusEvent(deps.repos, trx, order, { ...audit, fromStatusKey: decision.fromStatusKey, toStatusKey: decision.toStatusKey });
  const updated = { ...order, ...patch } as ProductOrderRow;
  return { order: updated, fields: next, fromStatusKey: decision.fromStatusKey, toStatusKey: decision.toStatusKey, context: ctx, eventId };
}

/** The order of this organisation, locked for the transaction, that the caller may reach (404 otherwise). */
export async function lockReachableOrder(repos: Repos, trx: Knex.Transaction, access: Access, productOrderId: number): Promise<ProductOrderRow> {
  const order = await repos.productOrders.lockOne({ id: productOrderId, orgId: access.orgId }, trx);
  assertInvolvedInOrder(access, order);
  return order as ProductOrderRow;
}

/**
 * The submit checks, on the server's own copy of the order and its items: invalid items, items with
 * required options unchosen (judged on the catalogue as it is now, the rule the page shows), then the
 * order's details. A refusal names what to fix; nothing is written.
 */
export async function assertSubmittable(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, engine: { catalogue: CatalogueIndex; hooks: Pick<EngineHooks, 'optionFilters'> }): Promise<void> {
  const items = await repos.productInstances.find({ productOrderId: order.id }, { trx, columns: ['id', 'isValid', 'productId', 'title', 'quantity', 'rank', 'properties'], orderBy: ['rank', 'id'] });
  const incompleteItems = items.map((i, n) => {
    const instance = { productId: Number(i.productId), quantity: Number(i.quantity ?? 1), properties: (i.properties ?? {}) as InstanceProperties };
    const own = typeof i.title === 'string' && i.title.trim() !== '' ? i.title.trim() : null;
    return { id: Number(i.id), rank: n + 1, title: own ?? engine.catalogue.product(instance.productId)?.title ?? 'Item', missing: itemCompleteness(instance, engine.catalogue, engine.hooks).missing };
  });
  const problem = submitProblem({
    itemsValid: items.map((i) => i.isValid !== 0),
    incompleteItems,
    phone: (order.phone as string | null | undefined) ?? null,
    deliveryAddress: (order.deliveryAddress as Row | null | undefined) ?? null,
    firmName: (order.firmName as string | null | undefined) ?? null,
    clientEmails: order.clientEmails ?? null,
  });
  if (problem) {
    const details = { opensSettings: problem.opensSettings, ...(problem.field ? { field: problem.field } : {}), ...(problem.item ? { productInstanceId: problem.item.id, propertyId: problem.item.propertyId } : {}) };
    throw new ApiError(409, 'submitCheckFailed', problem.message, details);
  }
}
