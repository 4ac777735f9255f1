import type { Knex } from 'knex';
import type { Costs } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { toDbDate } from '../db/time.ts';
import { logger } from '../log.ts';
import { audit } from './orders.ts';
import { finishOrderWrite, isDue, pricesFollow, pricingContext, recomputeItemsCounted, sameCosts, staleness, type PricingContext, type PricingDeps } from './repricing.ts';

/**
 * Stored totals that never go stale (docs/decisions/0069-stored-totals-follow-the-catalogue.md): when
 * a pricing version takes effect or the catalogue changes, every order whose prices follow the
 * catalogue is repriced and stored, so the orders list, its CSV, the documents and the order page
 * show one total. Every API process runs a tick every second (main.ts); the database says what is
 * due, so several processes can run it at once: each order is repriced in its own short transaction
 * on its locked row, after checking again under the lock that it is still due.
 */

export interface RepricerDeps extends PricingDeps {
  transaction: TransactionRunner;
  logError?: (err: unknown) => void;
}

/** Orders repriced per tick at most: a tick stays short, and the next one goes on where it stopped. */
export const REPRICE_BATCH = 100;

export type RepriceOutcome = 'repriced' | 'unchanged' | 'current' | 'kept' | 'gone';

/**
 * Reprices one order if it is due and follows the catalogue, in its own transaction. 'repriced':
 * something stored changed (audited as 'reprice' with the old and new total); 'unchanged': recomputed,
 * the same prices (only the basis moved); 'current': nothing was due any more (another process or a
 * write did it); 'kept': its prices do not follow the catalogue; 'gone': deleted meanwhile.
 * lastUpdated stays: nobody changed the order.
 */
export function repriceStoredOrder(deps: RepricerDeps, orderId: number, now = new Date()): Promise<RepriceOutcome> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    // The lock is the transaction's first statement (see lockOrderForWrite).
    const order = await repos.productOrders.lockOne({ id: orderId }, trx);
    if (!order) return 'gone';
    const ctx = await pricingContext(deps, trx, order.orgId, now);
    if (!pricesFollow(ctx, order)) {
      // The search's hint was wrong (e.g. the organisation's steps changed): put it right, touch nothing else.
      await trx('product_orders').where({ id: orderId }).update({ prices_follow: 0 });
      return 'kept';
    }
    return (await repriceIfDue(repos, trx, order, ctx)).outcome;
  });
}

/**
 * Reprices an order whose prices follow the catalogue, already locked in `trx`, when it is due;
 * audited when something changed. Answers the order as stored afterwards. Also used by submit, so a
 * quote is submitted with the prices the customer saw, not older stored ones.
 */
export async function repriceIfDue(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, ctx: PricingContext): Promise<{ outcome: Exclude<RepriceOutcome, 'kept' | 'gone'>; order: ProductOrderRow }> {
  if (!isDue(order, ctx)) return { outcome: 'current', order };
  const what = staleness(order, ctx);
  if (what === 'none') return { outcome: 'current', order };
  const items = await recomputeItemsCounted(repos, trx, order, ctx, what);
  const after = (await finishOrderWrite(repos, trx, order, ctx, { itemTotals: items.totals, touch: false, patch: { pricesFollow: 1 } })) as ProductOrderRow;
  const costs = after.costs as Costs;
  if (!items.changed && sameCosts(order.costs, costs)) return { outcome: 'unchanged', order: after };
  await audit(repos, trx, {
    orgId: order.orgId,
    userId: null,
    entity: 'productOrder',
    entityId: order.id,
    action: 'reprice',
    data: { from: order.costs?.orderTotal ?? null, to: costs.orderTotal, items: items.changed, because: what === 'all' ? 'catalogue' : 'pricingVersion' },
  });
  return { outcome: 'repriced', order: after };
}

/**
 * Ids of orders due for repricing, at most `limit`: orders that follow the catalogue and were priced
 * with another catalogue version or code (per organisation: its basis), or whose next pricing version
 * has taken effect. Each search is an index range (migration 0017): orders whose prices are kept are
 * never read, nor are the current ones.
 */
export async function dueOrderIds(deps: Pick<RepricerDeps, 'repos' | 'plugins'>, now: Date, limit: number): Promise<number[]> {
  const { repos } = deps;
  const found = new Set<number>();
  const orgs = await repos.organisations.find({}, { columns: ['id', 'catalogueVersion'] });
  for (const org of orgs) {
    if (found.size >= limit) break;
    const basis = `${org.catalogueVersion}|${deps.plugins.rulesVersion(org.id)}`;
    // Two ranges (below and above the basis): `<>` is not an index range for SQLite.
    const rows = (await repos.productOrders
      .q()
      .select('id')
      .where({ prices_follow: 1, org_id: org.id })
      .where((w) => w.where('pricing_basis', '<', basis).orWhere('pricing_basis', '>', basis))
      .limit(limit - found.size)) as Array<{ id: number }>;
    for (const r of rows) found.add(r.id);
  }
  if (found.size < limit) {
    const rows = (await repos.productOrders
      .q()
      .select('id')
      .where({ prices_follow: 1 })
      .where('reprice_after', '<=', toDbDate(now))
      .orderBy('reprice_after')
      .limit(limit)) as Array<{ id: number }>;
    for (const r of rows) if (found.size < limit) found.add(r.id);
  }
  return [...found];
}

export interface RepriceTick {
  /** Due orders found (at most the batch). */
  found: number;
  repriced: number;
  /** Recomputed without any stored value changing, already current, kept or gone. */
  skipped: number;
  failed: number;
  /** The batch was full: more may be due (the caller may run the next tick at once). */
  more: boolean;
}

/**
 * One tick: the due orders (at most `limit`), each repriced in its own transaction. In shuffled order
 * (unless `shuffle` is false), so that processes running the same tick mostly work on different orders
 * rather than wait on each other's locks. An order that fails is logged and left for the next tick.
 */
export async function repriceDueOrders(deps: RepricerDeps, opts: { now?: Date; limit?: number; shuffle?: boolean } = {}): Promise<RepriceTick> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? REPRICE_BATCH;
  const found = await dueOrderIds(deps, now, limit);
  const ids = opts.shuffle === false ? found : shuffled(found);
  const tick: RepriceTick = { found: ids.length, repriced: 0, skipped: 0, failed: 0, more: ids.length >= limit };
  for (const id of ids) {
    try {
      if ((await repriceStoredOrder(deps, id, now)) === 'repriced') tick.repriced++;
      else tick.skipped++;
    } catch (err) {
      tick.failed++;
      (deps.logError ?? ((e: unknown) => logger.error({ err: e }, `repricing order ${id} failed`)))(err);
    }
  }
  // Failures stay due: do not spin on them within this second.
  if (tick.failed) tick.more = false;
  return tick;
}

function shuffled<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}
