import type { Knex } from 'knex';
import { isApproved, isSpatialOrder, revisionSide, sameQuote, type Organisation, type ProductOrderStatus, type RevisionReason, type RevisionSide, type StatusData } from '@cpq/domain';
import type { PluginRegistry } from '../plugins.ts';
import type { Repos, Row } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import { insertRevision, keepCatalogueVersion, latestRevision, ownerGuestTerms, type FrozenOrder, type RevisionRow } from '../db/revisions.ts';
import type { CatalogueCache, CatalogueEntry } from './catalogueCache.ts';

/**
 * Freezing an order as a quote revision (docs/decisions/0122-quote-revisions.md), inside the
 * transaction that submits, reopens, approves, restores or changes it, on its locked row. Kept apart
 * from the revision calls so the status and write services can use it without importing them.
 */

export interface FreezeDeps {
  repos: Repos;
  catalogues: CatalogueCache;
  plugins: PluginRegistry;
}

const SPATIAL_LISTS = ['archWalls', 'archElevations', 'archCustomViews', 'entities', 'productCanvasTexts', 'productCanvasLines'] as const;

export interface OrderNow {
  org: Organisation;
  frozen: FrozenOrder;
  side: RevisionSide;
  catalogue: CatalogueEntry;
}

/** The order as it is now in this transaction: its rows (what documents print from) and its side (what people compare). */
export async function orderNow(deps: FreezeDeps, trx: Knex.Transaction, orderId: number): Promise<OrderNow> {
  const { repos } = deps;
  const order = (await repos.productOrders.findOne({ id: orderId }, trx)) as ProductOrderRow;
  const org = (await repos.organisations.findOne({ id: order.orgId }, trx)) as Organisation;
  const catalogue = await deps.catalogues.entry(order.orgId, trx);
  const items = (await repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] })) as Row[];
  const isSpatial = isSpatialOrder(order, { isArchitectural: org.appData?.designEngine?.isArchitectural }, deps.plugins.rulesFor(order.orgId).spatial.spatialCategoryIds);
  const spatial: Record<string, Row[]> = {};
  if (isSpatial) {
    for (const list of SPATIAL_LISTS) spatial[list] = (await repos[list].find({ productOrderId: order.id }, { trx })) as Row[];
  }
  const ownerGuest = await ownerGuestTerms(trx, order.orgId, order.userId);
  const side = revisionSide(order, items as unknown as Parameters<typeof revisionSide>[1], catalogue.index);
  return { org, catalogue, side, frozen: { order, items, spatial, isSpatial, ownerGuest } };
}

export interface FreezeOptions {
  reason: RevisionReason;
  userId: number | null;
  /** Only when the order differs from its latest revision (or has none). */
  onlyIfChanged?: boolean;
  restoredFrom?: number | null;
}

/**
 * Freezes the order (locked in `trx`) as its next revision and records the number on the order;
 * answers the number, or null when onlyIfChanged and nothing changed since the latest revision.
 */
export async function freezeRevision(
  deps: FreezeDeps,
  trx: Knex.Transaction,
  orderId: number,
  opts: FreezeOptions,
  /** The order now and its latest revision, when the caller has just read them in `trx`. */
  known?: { now: OrderNow; latest: RevisionRow | undefined },
): Promise<number | null> {
  const now = known?.now ?? (await orderNow(deps, trx, orderId));
  const latest = known ? known.latest : await latestRevision(trx, orderId);
  if (opts.onlyIfChanged && latest && sameQuote(latest.side, now.side)) return null;
  const order = now.frozen.order as ProductOrderRow;
  await keepCatalogueVersion(trx, order.orgId, now.catalogue.version, now.catalogue.tables);
  const number = (latest?.number ?? 0) + 1;
  // The frozen order carries the number it is printed with.
  now.frozen.order = { ...now.frozen.order, quoteRevision: number };
  await insertRevision(trx, {
    orgId: order.orgId,
    productOrderId: order.id,
    number,
    reason: opts.reason,
    restoredFrom: opts.restoredFrom ?? null,
    userId: opts.userId,
    catalogueVersion: now.catalogue.version,
    side: now.side,
    frozen: now.frozen,
  });
  // Freezing changes nothing of the quote: its "last updated" date stays.
  await deps.repos.productOrders.update({ id: order.id }, { quoteRevision: number, lastUpdated: order.lastUpdated }, trx);
  return number;
}

/**
 * After a write to an approved quote (a detail or a cost changed): when its content differs from the
 * latest revision, it is frozen as a new revision ('amended'), on the timeline, so what a customer
 * accepts is always a revision. Orders not yet approved are frozen when they are submitted or approved.
 */
export async function amendIfApproved(deps: FreezeDeps, trx: Knex.Transaction, order: ProductOrderRow, statuses: readonly ProductOrderStatus[], userId: number): Promise<number | null> {
  if (!(Number(order.quoteRevision ?? 0) > 0)) return null;
  if (!isApproved(statuses, (order.statusData ?? {}) as StatusData)) return null;
  const number = await freezeRevision(deps, trx, order.id, { reason: 'amended', userId, onlyIfChanged: true });
  if (number !== null) {
    await deps.repos.orderStatusEvents.append(
      {
        orgId: order.orgId,
        productOrderId: order.id,
        userId,
        action: 'amendRevision',
        fromStatusKey: order.lastCompletedStatusKey ?? null,
        toStatusKey: order.lastCompletedStatusKey ?? null,
        amountInCents: null,
        paymentMethod: null,
        note: null,
        revisionNumber: number,
      },
      trx,
    );
  }
  return number;
}
