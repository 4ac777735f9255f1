import type { Knex } from 'knex';
import {
  computeOrderCosts,
  guestTerms,
  itemValidity,
  measureTextServer,
  nextPricingChange,
  orderUpdateChanges,
  priceInstance,
  pricesFollowCatalogue,
  repriceOrder,
  type CatalogueIndex,
  type Costs,
  type EngineHooks,
  type InstancePrice,
  type Organisation,
  type PricingFailure,
  type StatusData,
} from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import type { Repos, Row } from '../db/repository.ts';
import type { ProductInstanceRow, ProductOrderRow } from '../db/rows.ts';
import { toDbDate } from '../db/time.ts';
import type { PluginRegistry } from '../plugins.ts';
import type { CatalogueCache } from './catalogueCache.ts';
import { orgSettings, orgStatuses } from './orgs.ts';

export type InstanceRow = ProductInstanceRow;
export type OrderRow = ProductOrderRow;

/**
 * What one write prices with: the organisation, its catalogue as it is now (from the cache), its
 * rules, and the pricing basis — which catalogue version and which engine and plugin code the
 * stored prices and validity of an order come from.
 */
export interface PricingContext {
  org: Organisation;
  catalogue: CatalogueIndex;
  hooks: EngineHooks;
  basis: string;
  now: Date;
}

export interface PricingDeps {
  repos: Repos;
  plugins: PluginRegistry;
  catalogues: CatalogueCache;
}

export async function pricingContext(deps: PricingDeps, trx: Knex.Transaction, orgId: number, now = new Date()): Promise<PricingContext> {
  const org = (await deps.repos.organisations.findOne({ id: orgId }, trx))!;
  // The organisation row carries the catalogue version: no second read to check the cache.
  const catalogue = await deps.catalogues.get(orgId, trx, org.catalogueVersion);
  return {
    org,
    catalogue,
    hooks: engineHooks(deps.plugins.rulesFor(orgId)),
    basis: `${org.catalogueVersion}|${deps.plugins.rulesVersion(orgId)}`,
    now,
  };
}

/**
 * What a write must recompute besides what it changes itself:
 * - 'all': every item's price and validity — the catalogue or the engine/plugin code changed since
 *   the stored values were computed;
 * - 'prices': every item's price — the order's effective pricing date changed, or (priced at "now")
 *   a pricing rule version has taken effect since;
 * - 'none': stored values still hold; only the changed item and the order costs are recomputed.
 */
export type Staleness = 'all' | 'prices' | 'none';

export function staleness(order: Pick<OrderRow, 'pricingBasis' | 'repriceAfter'>, ctx: Pick<PricingContext, 'basis' | 'now'>, effectiveDateChanged = false): Staleness {
  if (order.pricingBasis !== ctx.basis) return 'all';
  if (effectiveDateChanged) return 'prices';
  const after = order.repriceAfter as string | null | undefined;
  if (after && toDbDate(ctx.now) >= after) return 'prices';
  return 'none';
}

/**
 * Whether the order's stored prices follow the catalogue (an open quote) or are kept as they are (a
 * submitted, approved or paid order): decided by the step the order is at, in the organisation's steps.
 */
export function pricesFollow(ctx: Pick<PricingContext, 'org'>, order: Pick<OrderRow, 'statusData'>): boolean {
  return pricesFollowCatalogue(orgStatuses(ctx.org), (order.statusData ?? {}) as StatusData);
}

/**
 * Whether stored prices are out of date without anyone writing: the catalogue or the code changed, or
 * a pricing version has taken effect. An order never priced (no basis: created, no item yet) is not.
 */
export function isDue(order: Pick<OrderRow, 'pricingBasis' | 'repriceAfter'>, ctx: Pick<PricingContext, 'basis' | 'now'>): boolean {
  return order.pricingBasis != null && staleness(order, ctx) !== 'none';
}

/**
 * What an order field write recomputes. 'keep': nothing of the prices — an order whose prices no
 * longer follow the catalogue keeps its items' prices, its costs and its pricing basis when the write
 * changes only its details (contact, addresses, notes, tracking, archived...): stale prices stay as
 * they were agreed. A change of what prices it (the costs fields, employees only) is priced as on an
 * open order: the stale items too, so the order is priced with one catalogue.
 */
export function orderWritePricing(order: OrderRow, ctx: PricingContext, fields: Iterable<string>, effectiveDateChanged: boolean): Staleness | 'keep' {
  if (!pricesFollow(ctx, order) && !orderUpdateChanges(fields).includes('costs')) return 'keep';
  return staleness(order, ctx, effectiveDateChanged);
}

/** The fields the server computes for an item. */
export interface ItemComputed {
  unitPriceInCents: number;
  totalPriceInCents: number;
  pricingRuleVersion: string | null;
  isValid?: 0 | 1;
  validationIssues?: unknown;
  pricingFailures: PricingFailure[] | null;
}

function priced(p: Pick<InstancePrice, 'unitPriceInCents' | 'totalPriceInCents' | 'versionKey' | 'failedSteps'>): ItemComputed {
  return {
    unitPriceInCents: p.unitPriceInCents,
    totalPriceInCents: p.totalPriceInCents,
    pricingRuleVersion: p.versionKey,
    pricingFailures: p.failedSteps.length ? p.failedSteps : null,
  };
}

/** One item's price and validity, at the order's effective pricing date (or now). */
export function computeItem(ctx: PricingContext, order: Pick<OrderRow, 'effectivePricingDate'>, inst: Parameters<typeof itemValidity>[2]): ItemComputed {
  const p = priceInstance({ instance: inst, catalogue: ctx.catalogue, effectivePricingDate: order.effectivePricingDate ?? ctx.now });
  const validity = itemValidity(ctx.catalogue, ctx.hooks, inst, measureTextServer);
  return { ...priced(p), isValid: validity.valid ? 1 : 0, validationIssues: validity.issues };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Two stored costs hold the same values (key order aside; a field one lacks counts as different). */
export function sameCosts(a: Partial<Costs> | undefined, b: Partial<Costs> | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]) as Set<keyof Costs>;
  return [...keys].every((k) => a?.[k] === b?.[k]);
}

/**
 * Recomputes every item of the order (prices, and validity when `what` is 'all') and writes the rows
 * that changed, in one statement per 200 rows. Answers every item's total, for the order costs.
 * `skip`: an item the caller has just computed and written itself.
 */
export async function recomputeItems(repos: Repos, trx: Knex.Transaction, order: OrderRow, ctx: PricingContext, what: Exclude<Staleness, 'none'>, skip?: { id: number; totalPriceInCents: number }): Promise<number[]> {
  return (await recomputeItemsCounted(repos, trx, order, ctx, what, skip)).totals;
}

/** recomputeItems, also answering how many item rows changed. */
export async function recomputeItemsCounted(
  repos: Repos,
  trx: Knex.Transaction,
  order: OrderRow,
  ctx: PricingContext,
  what: Exclude<Staleness, 'none'>,
  skip?: { id: number; totalPriceInCents: number },
): Promise<{ totals: number[]; changed: number }> {
  const items = await repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] });
  const others = skip ? items.filter((i) => i.id !== skip.id) : items;
  const result = repriceOrder({ order, instances: others, catalogue: ctx.catalogue, hooks: ctx.hooks, orgSettings: orgSettings(ctx.org), now: ctx.now });
  const changes: Array<{ id: number; patch: Row }> = [];
  others.forEach((inst, i) => {
    const next: Row = { ...priced(result.instances[i]!) };
    if (what === 'all') {
      const v = itemValidity(ctx.catalogue, ctx.hooks, inst, measureTextServer);
      next.isValid = v.valid ? 1 : 0;
      next.validationIssues = v.issues;
    }
    if (Object.keys(next).some((k) => !same(inst[k], next[k]))) changes.push({ id: inst.id, patch: next });
  });
  await repos.productInstances.updateEach({ productOrderId: order.id }, changes, trx);
  return { totals: [...result.instances.map((r) => r.totalPriceInCents), ...(skip ? [skip.totalPriceInCents] : [])], changed: changes.length };
}

/**
 * Ends every write to an order, in its transaction: the order costs from the stored item totals (or
 * `itemTotals` when the write just recomputed every item), the pricing basis, when the next pricing
 * version takes effect — with `patch` (the order fields the write changes) in one UPDATE, which also
 * bumps the order's revision and lastUpdated.
 */
export async function finishOrderWrite(
  repos: Repos,
  trx: Knex.Transaction,
  order: OrderRow,
  ctx: PricingContext,
  opts: {
    patch?: Row;
    itemTotals?: readonly number[];
    /** false: a recomputation, not a change: lastUpdated stays. */
    touch?: boolean;
    /** The order's prices are kept (orderWritePricing 'keep'): costs, basis and reprice-after stay as stored. */
    keepPrices?: boolean;
  } = {},
): Promise<Row> {
  const merged = { ...order, ...opts.patch } as OrderRow;
  if (opts.keepPrices) {
    const write: Row = { ...opts.patch, lastUpdated: opts.touch === false ? order.lastUpdated : toDbDate(ctx.now) };
    await repos.productOrders.update({ id: order.id }, write, trx);
    return { ...merged, ...write };
  }
  const itemTotals = opts.itemTotals ?? [await repos.productInstances.sum('totalPriceInCents', { productOrderId: order.id }, trx)];
  // The owner's guest terms, whoever writes: the price of an order does not depend on who looks at it.
  const guest = await repos.guests.findOne({ orgId: order.orgId, userId: merged.userId }, trx);
  const costs: Costs = computeOrderCosts({
    order: merged,
    itemTotalsInCents: itemTotals,
    orgSettings: orgSettings(ctx.org),
    hooks: ctx.hooks,
    guest: guestTerms(guest?.appData.designEngine),
  });
  const lastUpdated = opts.touch === false ? order.lastUpdated : toDbDate(ctx.now);
  const write: Row = {
    ...opts.patch,
    costs,
    pricingBasis: ctx.basis,
    repriceAfter: merged.effectivePricingDate == null ? nextPricingChange(ctx.catalogue, ctx.now) : null,
    lastUpdated,
  };
  await repos.productOrders.update({ id: order.id }, write, trx);
  return { ...merged, ...write };
}

/**
 * Stores the costs of every order a person owns in the organisation again, in the caller's transaction,
 * each order locked (their guest terms changed: a discount or sales tax is an input of the costs like
 * the catalogue). Items are recomputed only when their stored prices are stale anyway; lastUpdated
 * stays. Orders whose prices no longer follow the catalogue (submitted, approved, paid) keep them:
 * their payments were asked for those amounts. Answers the ids of the orders whose costs changed.
 */
export async function repriceOrdersOf(deps: PricingDeps & { trx: Knex.Transaction }, orgId: number, userId: number): Promise<number[]> {
  const { repos, trx } = deps;
  const orders = await repos.productOrders.find({ orgId, userId }, { trx, columns: ['id'], orderBy: ['id'] });
  if (!orders.length) return [];
  const ctx = await pricingContext(deps, trx, orgId);
  const changed: number[] = [];
  for (const { id } of orders) {
    const order = await repos.productOrders.lockOne({ id }, trx);
    if (!order || !pricesFollow(ctx, order)) continue;
    const what = staleness(order, ctx);
    const itemTotals = what === 'none' ? undefined : await recomputeItems(repos, trx, order, ctx, what);
    const after = await finishOrderWrite(repos, trx, order, ctx, { itemTotals, touch: false });
    if (!sameCosts(order.costs, after.costs as Costs)) changed.push(id);
  }
  return changed;
}

/**
 * Recomputes and stores every item's price and validity and the order's costs (the demo seed, the
 * costs recalculation, and any caller that must not rely on what is stored), priced at `now`.
 */
export async function recomputeOrder(deps: PricingDeps & { trx: Knex.Transaction }, orderId: number, now = new Date()): Promise<void> {
  const order = await deps.repos.productOrders.findOne({ id: orderId }, deps.trx);
  if (!order) return;
  const ctx = await pricingContext(deps, deps.trx, order.orgId, now);
  const itemTotals = await recomputeItems(deps.repos, deps.trx, order, ctx, 'all');
  await finishOrderWrite(deps.repos, deps.trx, order, ctx, { itemTotals, touch: false });
}
