import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import {
  ACCEPTANCE_REFUSALS,
  ORDER_FIELD_CHANGES,
  CatalogueIndex,
  acceptanceProblem,
  acceptanceTerms,
  catalogueSnapshotFromRows,
  pricesFollowCatalogue,
  sameQuote,
  type CatalogueRows,
  type OrderRevisionResponse,
  type OrderRevisionSummary,
  type OrderRevisionsResponse,
  type QuoteAcceptance,
  type StatusData,
} from '@cpq/domain';
import type { Row } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { acceptanceOfRevision, acceptancesOf, insertAcceptance, latestRevision, listRevisions, readCatalogueVersion, readRevision, revisionByNumber, type RevisionRow } from '../db/revisions.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { assertInvolvedInOrder, catalogueAudience, mayAcceptQuote, pricingVisible, shapeAcceptance, shapeCatalogue, shapeRevisionSide, type Access, type CatalogueTables } from '../policy.ts';
import type { CatalogueEntry } from './catalogueCache.ts';
import { frozenOrderData } from './orderData.ts';
import { appendStatusEvent, conflict, lockReachableOrder, statusFacts } from './orderStatus.ts';
import type { WriteDeps } from './orderWrites.ts';
import { orgSettings, orgStatuses } from './orgs.ts';
import { finishOrderWrite, pricingContext, recomputeItems } from './repricing.ts';
import { freezeRevision, orderNow } from './revisionFreeze.ts';

/**
 * Quote revisions and online acceptance (docs/decisions/0122-quote-revisions.md): reading the
 * revisions of an order (shaped like the order for the caller), restoring an earlier one, and a
 * customer's acceptance of the current one.
 */

const revisionNotFound = (n: number) => notFound('revisionNotFound', `This order has no revision ${n}.`);

/** The order the caller reaches (404 otherwise), read in the transaction without locking it. */
async function reachableOrder(deps: WriteDeps, trx: Knex.Transaction, access: Access, productOrderId: number): Promise<ProductOrderRow> {
  const order = await deps.repos.productOrders.findOne({ id: productOrderId, orgId: access.orgId }, trx);
  assertInvolvedInOrder(access, order);
  return order as ProductOrderRow;
}

const totalOf = (side: RevisionRow['side']): number | undefined => side.costs?.find((l) => l.key === 'total')?.cents;

function summaryOf(access: Access, order: ProductOrderRow, r: RevisionRow, acceptance: QuoteAcceptance | undefined): OrderRevisionSummary {
  const priced = pricingVisible(access, order);
  const total = totalOf(r.side);
  return {
    number: r.number,
    reason: r.reason,
    restoredFrom: r.restoredFrom,
    at: r.created,
    userName: r.userName,
    ...(priced && total !== undefined ? { orderTotalInCents: total } : {}),
    itemCount: r.side.items.length,
    acceptance: acceptance ? shapeAcceptance(access, acceptance) : null,
  };
}

/** Every revision of the order, newest first, with the order as it is now and whether it changed since the latest. */
export async function orderRevisions(deps: WriteDeps, access: Access, productOrderId: number): Promise<OrderRevisionsResponse> {
  return deps.transaction(async (trx) => {
    const order = await reachableOrder(deps, trx, access, productOrderId);
    const [rows, acceptances, now] = [await listRevisions(trx, order.id), await acceptancesOf(trx, order.id), await orderNow(deps, trx, order.id)];
    const settings = orgSettings(now.org);
    return {
      revisions: rows.map((r) => summaryOf(access, order, r, acceptances.get(r.number))),
      current: shapeRevisionSide(access, order, now.side),
      changedSinceLatest: rows.length > 0 && !sameQuote(rows[0]!.side, now.side),
      acceptanceRequiredBeforePayment: settings.acceptanceRequiredBeforePayment === true,
      acceptanceTerms: acceptanceTerms(settings),
    };
  });
}

/** Frozen catalogues by organisation and version: a few kept in memory (they never change). */
const frozenCatalogues = new Map<string, CatalogueEntry>();
const FROZEN_CATALOGUES_KEPT = 8;

async function frozenCatalogue(trx: Knex.Transaction, orgId: number, version: number): Promise<CatalogueEntry> {
  const key = `${orgId}:${version}`;
  const hit = frozenCatalogues.get(key);
  if (hit) return hit;
  const tables = (await readCatalogueVersion(trx, orgId, version)) as CatalogueTables | undefined;
  if (!tables) throw new Error(`catalogue version ${version} of organisation ${orgId} was not kept`);
  const entry: CatalogueEntry = { orgId, version, tables, index: new CatalogueIndex(catalogueSnapshotFromRows(tables as unknown as CatalogueRows)), responses: new Map(), home: new Map() };
  frozenCatalogues.set(key, entry);
  if (frozenCatalogues.size > FROZEN_CATALOGUES_KEPT) frozenCatalogues.delete(frozenCatalogues.keys().next().value!);
  return entry;
}

/** One revision: its side and the one before it, and the order data and catalogue its documents print from, shaped for the caller. */
export async function orderRevision(deps: WriteDeps, access: Access, body: { productOrderId: number; revisionNumber: number }): Promise<OrderRevisionResponse> {
  return deps.transaction(async (trx) => {
    const order = await reachableOrder(deps, trx, access, body.productOrderId);
    const revision = await readRevision(trx, order.id, body.revisionNumber);
    if (!revision) throw revisionNotFound(body.revisionNumber);
    const previous = body.revisionNumber > 1 ? await revisionByNumber(trx, order.id, body.revisionNumber - 1) : undefined;
    const acceptance = await acceptanceOfRevision(trx, order.id, body.revisionNumber);
    const catalogue = await frozenCatalogue(trx, order.orgId, revision.catalogueVersion);
    return {
      revision: summaryOf(access, order, revision, acceptance),
      side: shapeRevisionSide(access, order, revision.side),
      previous: previous ? shapeRevisionSide(access, order, previous.side) : null,
      // Made by the same shaping as the live calls (typed there as rows).
      orderData: frozenOrderData(revision.frozen as Parameters<typeof frozenOrderData>[0], access, order, catalogue) as OrderRevisionResponse['orderData'],
      catalogue: { orgId: order.orgId, version: catalogue.version, ...shapeCatalogue(catalogue.tables, catalogueAudience(access, order)) } as unknown as OrderRevisionResponse['catalogue'],
    };
  });
}

/** Order fields a restore takes back: its details and the inputs of its costs (not shipping facts such as tracking). */
const RESTORED_ORDER_FIELDS = Object.keys(ORDER_FIELD_CHANGES).filter((f) => !['trackingNumber', 'estimatedShippingDate', 'externalLink1'].includes(f));
/** Item columns a restore does not copy: the row's identity and what is recomputed or belongs to a drawing. */
const NOT_COPIED = new Set(['id', 'created', 'lastUpdated', 'archCustomViewId', 'canvasPosition']);

export const RESTORE_REFUSALS = {
  locked: 'Reopen the order for changes first: an earlier revision can be restored only while the order can be edited.',
  spatial: 'An order drawn on the architectural canvas cannot be restored from an earlier revision: its drawing would not come back with it. Make the changes on the canvas instead.',
} as const;

/**
 * Starts a new revision from an earlier one: the order takes that revision's items and details back
 * and is priced again as an open quote, then frozen as the next revision. Nothing is deleted: a draft
 * that differs from the latest revision is frozen first ('kept').
 */
export async function restoreRevision(deps: WriteDeps, access: Access, body: { productOrderId: number; revisionNumber: number }): Promise<{ revisionNumber: number }> {
  return deps.transaction(async (trx) => {
    const order = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const source = await readRevision(trx, order.id, body.revisionNumber);
    if (!source) throw revisionNotFound(body.revisionNumber);
    const ctx = await pricingContext(deps, trx, order.orgId);
    if (!pricesFollowCatalogue(orgStatuses(ctx.org), (order.statusData ?? {}) as StatusData)) throw conflict(RESTORE_REFUSALS.locked);
    if (source.frozen.isSpatial) throw conflict(RESTORE_REFUSALS.spatial);

    const latest = await latestRevision(trx, order.id);
    const now = await orderNow(deps, trx, order.id);
    // The same restore again (a double click, a retry): the order already is that revision, restored.
    if (latest && latest.reason === 'restored' && latest.restoredFrom === source.number && sameQuote(latest.side, now.side)) return { revisionNumber: latest.number };
    if (!latest || !sameQuote(latest.side, now.side)) await freezeRevision(deps, trx, order.id, { reason: 'kept', userId: access.user.id }, { now, latest });

    await deps.repos.productInstances.delete({ productOrderId: order.id }, trx);
    const copies = source.frozen.items.map((item) => {
      const copy: Row = { productOrderId: order.id };
      for (const [k, v] of Object.entries(item)) if (!NOT_COPIED.has(k) && k !== 'productOrderId') copy[k] = v;
      return copy;
    });
    if (copies.length) await deps.repos.productInstances.insertMany(copies, trx);
    const patch: Row = {};
    for (const f of RESTORED_ORDER_FIELDS) if (f in source.frozen.order) patch[f] = source.frozen.order[f];
    const next = { ...order, ...patch } as ProductOrderRow;
    // Priced again as the open quote it is now: the catalogue and pricing may have moved since.
    const itemTotals = await recomputeItems(deps.repos, trx, next, ctx, 'all');
    await finishOrderWrite(deps.repos, trx, order, ctx, { patch, itemTotals });

    const number = (await freezeRevision(deps, trx, order.id, { reason: 'restored', userId: access.user.id, restoredFrom: source.number }))!;
    await appendStatusEvent(deps.repos, trx, order, {
      action: 'restoreRevision',
      userId: access.user.id,
      fromStatusKey: order.lastCompletedStatusKey ?? null,
      toStatusKey: order.lastCompletedStatusKey ?? null,
      note: `Restored from revision ${source.number}`,
      revisionNumber: number,
    });
    return { revisionNumber: number };
  });
}

/** Why the caller may not accept the revision now, judged on the order in `trx`; null when they may. */
async function acceptanceRefusal(deps: WriteDeps, trx: Knex.Transaction, access: Access, order: ProductOrderRow, shown: number): Promise<string | null> {
  const latest = await latestRevision(trx, order.id);
  const org = (await deps.repos.organisations.findOne({ id: order.orgId }, trx))!;
  const changed = latest ? !sameQuote(latest.side, (await orderNow(deps, trx, order.id)).side) : false;
  return acceptanceProblem({
    statuses: orgStatuses(org),
    statusData: (order.statusData ?? {}) as StatusData,
    orderTotalInCents: statusFacts(order).orderTotalInCents,
    latestRevision: latest?.number ?? null,
    shownRevision: shown,
    changedSinceLatest: changed,
    isCustomer: mayAcceptQuote(access, order),
    pricesVisible: pricingVisible(access, order),
  });
}

/** Renders of the quote PDF in progress, per person, order and revision: the same request sent again waits for the same render. */
const rendering = new Map<string, Promise<Buffer>>();

function renderOnce(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let pending = rendering.get(key);
  if (!pending) {
    pending = render().finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

/**
 * A customer accepts the quote of the revision they read: refused (409, in words) unless it is the
 * current, unchanged, approved and priced quote and they are its customer seeing prices. The quote's
 * PDF is rendered as they see it and its SHA-256 kept with who, when, from where and the terms they
 * ticked, on the timeline. Accepting the current revision again answers its acceptance (idempotent).
 */
export async function acceptQuote(
  deps: WriteDeps,
  access: Access,
  body: { productOrderId: number; revisionNumber: number; fullName: string },
  client: { ip: string },
  renderQuotePdf: (order: ProductOrderRow) => Promise<Buffer>,
): Promise<QuoteAcceptance> {
  const fullName = body.fullName.trim().replace(/\s+/g, ' ');
  const checked = await deps.transaction(async (trx) => {
    const order = await reachableOrder(deps, trx, access, body.productOrderId);
    // Who may accept at all comes first: staff are not answered with a customer's acceptance.
    if (!mayAcceptQuote(access, order)) throw forbidden(ACCEPTANCE_REFUSALS.notCustomer);
    if (!pricingVisible(access, order)) throw forbidden(ACCEPTANCE_REFUSALS.pricesHidden);
    const refusal = await acceptanceRefusal(deps, trx, access, order, body.revisionNumber);
    if (refusal) throw conflict(refusal);
    // The current quote accepted already (a retry, a double click): that acceptance, nothing new.
    const kept = await acceptanceOfRevision(trx, order.id, body.revisionNumber);
    if (kept) return { kept };
    return { order };
  });
  if ('kept' in checked && checked.kept) return shapeAcceptance(access, checked.kept);
  const order = checked.order!;
  // Rendered outside the transaction (it takes seconds); what it printed is checked again below.
  const pdf = await renderOnce(`${order.id}:${body.revisionNumber}:${access.user.id}`, () => renderQuotePdf(order));
  const pdfSha256 = createHash('sha256').update(pdf).digest('hex');

  return deps.transaction(async (trx) => {
    const locked = await lockReachableOrder(deps.repos, trx, access, body.productOrderId);
    const refusal = await acceptanceRefusal(deps, trx, access, locked, body.revisionNumber);
    if (refusal) throw conflict(refusal);
    const kept = await acceptanceOfRevision(trx, locked.id, body.revisionNumber);
    if (kept) return shapeAcceptance(access, kept);
    const org = (await deps.repos.organisations.findOne({ id: locked.orgId }, trx))!;
    const terms = acceptanceTerms(orgSettings(org));
    try {
      // A savepoint: another process accepting the same revision at this moment wins the unique key.
      await trx.transaction((sp) => insertAcceptance(sp, { orgId: locked.orgId, productOrderId: locked.id, revisionNumber: body.revisionNumber, userId: access.user.id, fullName, ipAddress: client.ip.replace(/^::ffff:/, ''), pdfSha256, terms }));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return shapeAcceptance(access, (await acceptanceOfRevision(trx, locked.id, body.revisionNumber))!);
    }
    // An acceptance changes nothing of the quote: its "last updated" date stays.
    await deps.repos.productOrders.update({ id: locked.id }, { acceptedRevision: body.revisionNumber, lastUpdated: locked.lastUpdated }, trx);
    await appendStatusEvent(deps.repos, trx, locked, {
      action: 'acceptQuote',
      userId: access.user.id,
      fromStatusKey: locked.lastCompletedStatusKey ?? null,
      toStatusKey: locked.lastCompletedStatusKey ?? null,
      note: `Accepted by ${fullName}`,
      revisionNumber: body.revisionNumber,
    });
    return shapeAcceptance(access, (await acceptanceOfRevision(trx, locked.id, body.revisionNumber))!);
  });
}

/** A revision of the order exists (its documents can be printed); 404 otherwise. */
export async function assertRevisionExists(deps: Pick<WriteDeps, 'transaction'>, productOrderId: number, number: number): Promise<void> {
  const found = await deps.transaction(async (trx) => (await revisionByNumber(trx, productOrderId, number)) !== undefined);
  if (!found) throw revisionNotFound(number);
}

/**
 * The organisation's acceptance setting, read or changed (owners): with `acceptanceRequiredBeforePayment`
 * given, it is written on the organisation row locked for the transaction; the answer is the setting
 * as stored and the terms a customer ticks.
 */
export async function quoteAcceptanceSetting(deps: Pick<WriteDeps, 'repos' | 'transaction'>, orgId: number, required?: boolean): Promise<{ acceptanceRequiredBeforePayment: boolean; acceptanceTerms: string[] }> {
  return deps.transaction(async (trx) => {
    const org = (await deps.repos.organisations.lockOne({ id: orgId }, trx))!;
    const settings = orgSettings(org as Parameters<typeof orgSettings>[0]);
    if (required !== undefined && (settings.acceptanceRequiredBeforePayment === true) !== required) {
      const appData = { ...org.appData, designEngine: { ...settings, acceptanceRequiredBeforePayment: required } };
      await deps.repos.organisations.update({ id: orgId }, { appData }, trx);
      return { acceptanceRequiredBeforePayment: required, acceptanceTerms: acceptanceTerms(settings) };
    }
    return { acceptanceRequiredBeforePayment: settings.acceptanceRequiredBeforePayment === true, acceptanceTerms: acceptanceTerms(settings) };
  });
}
