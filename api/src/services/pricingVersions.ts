import {
  PRICING_IMPACT_LIST_SIZE,
  PricingRuleVersionSchema,
  asPublishedVersion,
  catalogueWithRule,
  isDraftVersion,
  priceInstance,
  publishRefusal,
  schemaIssueMessage,
  selectPricingRuleVersion,
  versionContent,
  versionStatus,
  type InstanceLike,
  type PricingRuleVersion,
  type PricingVersionImpact,
  type PricingVersionImpactChange,
  type ProductPricingRule,
} from '@cpq/domain';
import { Type } from '@sinclair/typebox';
import type { Row } from '../db/repository.ts';
import { toDbDate } from '../db/time.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError } from '../http/errors.ts';
import { compile } from '../http/validate.ts';
import type { Access } from '../policy.ts';
import { pricingContext, type PricingContext, type PricingDeps } from './repricing.ts';
import { audit } from './orders.ts';
import { ordersUsingRule, pricingRuleNotFound, pricingVersionNotFound } from './pricingVersionOrders.ts';

/**
 * Pricing versions as drafts (docs/decisions/0068-pricing-version-drafts.md): what a version would do
 * to the organisation's orders, and publishing a draft. Both price with the engine the writes use
 * (pricingContext, priceInstance), so the figures are the prices orders will get.
 */
export type PricingVersionDeps = PricingDeps & { transaction: TransactionRunner };

/** Orders read and priced per round: one read of the orders' items per round, never one per order. */
const BATCH = 500;

const quiet = () => {};

/** The rule and version a call names, in the caller's organisation; another organisation's answers like a missing one. */
function ruleAndVersion(ctx: PricingContext, orgId: number, ruleId: number, versionKey: string): { rule: ProductPricingRule; version: PricingRuleVersion } {
  const rule = ctx.catalogue.pricingRule(ruleId);
  if (!rule || rule.orgId !== orgId) throw pricingRuleNotFound();
  const version = Object.hasOwn(rule.versions ?? {}, versionKey) ? rule.versions[versionKey] : undefined;
  if (!version) throw pricingVersionNotFound();
  return { rule, version };
}

interface Measured {
  impact: PricingVersionImpact;
  /**
   * Items the version prices once in place: every one of a product until one prices above 0 (the
   * publish check needs no more to know the product is not sold for nothing).
   */
  samples: InstanceLike[];
}

/**
 * Prices, with and without `tried` as the published version `versionKey`, every order it would
 * affect: non-archived orders of the organisation with an item of a product using the rule whose
 * effective pricing date (now when none) selects that version before or after. Item totals, before
 * the order's discount, shipping and taxes.
 */
async function measure(deps: PricingVersionDeps, ctx: PricingContext, rule: ProductPricingRule, versionKey: string, tried: PricingRuleVersion): Promise<Measured> {
  const after: ProductPricingRule = { ...rule, versions: { ...rule.versions, [versionKey]: asPublishedVersion(tried) } };
  const afterCatalogue = catalogueWithRule(ctx.catalogue, after);
  const orgId = rule.orgId;

  // One read for which orders to price; the version each one's date selects is the engine's choice.
  const candidates = await ordersUsingRule(deps.repos, orgId, rule.id);
  const affected = candidates
    .map((o) => ({ ...o, id: Number(o.id), date: o.effective_pricing_date ?? ctx.now }))
    .filter((o) => selectPricingRuleVersion(rule, o.date)?.key === versionKey || selectPricingRuleVersion(after, o.date)?.key === versionKey)
    .sort((a, b) => a.id - b.id);

  const changes: PricingVersionImpactChange[] = [];
  let changedOrders = 0;
  let totalChange = 0;
  let failedItems = 0;
  const samples: InstanceLike[] = [];
  const pricedProducts = new Set<number>();

  for (let start = 0; start < affected.length; start += BATCH) {
    const batch = affected.slice(start, start + BATCH);
    const items = await deps.repos.productInstances.find(
      { productOrderId: batch.map((o) => o.id) },
      { columns: ['id', 'productOrderId', 'productId', 'quantity', 'properties', 'customPriceInCents'], orderBy: ['productOrderId', 'rank', 'id'] },
    );
    const byOrder = new Map<number, typeof items>();
    for (const item of items) {
      const list = byOrder.get(item.productOrderId);
      if (list) list.push(item);
      else byOrder.set(item.productOrderId, [item]);
    }
    for (const order of batch) {
      let before = 0;
      let afterTotal = 0;
      for (const instance of byOrder.get(order.id) ?? []) {
        before += priceInstance({ instance, catalogue: ctx.catalogue, effectivePricingDate: order.date, log: quiet }).totalPriceInCents;
        const p = priceInstance({ instance, catalogue: afterCatalogue, effectivePricingDate: order.date, log: quiet });
        afterTotal += p.totalPriceInCents;
        if (p.ruleId !== rule.id || p.versionKey !== versionKey) continue;
        if (p.failures > 0) failedItems++;
        if (!pricedProducts.has(instance.productId)) {
          samples.push(instance);
          if (p.unitPriceInCents > 0) pricedProducts.add(instance.productId);
        }
      }
      const change = afterTotal - before;
      if (change === 0) continue;
      changedOrders++;
      totalChange += change;
      changes.push({ orderId: order.id, orgSpecificId: Number(order.org_specific_id), title: String(order.title ?? ''), beforeInCents: before, afterInCents: afterTotal, changeInCents: change });
    }
  }

  changes.sort((a, b) => Math.abs(b.changeInCents) - Math.abs(a.changeInCents) || a.orderId - b.orderId);
  return {
    impact: { versionKey, orders: affected.length, changedOrders, totalChangeInCents: totalChange, biggestChanges: changes.slice(0, PRICING_IMPACT_LIST_SIZE), failedItems },
    samples,
  };
}

/** The organisation's catalogue and "now", read in one short transaction; the pricing itself holds no transaction open. */
function contextFor(deps: PricingVersionDeps, orgId: number, now: Date): Promise<PricingContext> {
  return deps.transaction((trx) => pricingContext(deps, trx, orgId, now));
}

/** What `draft` (or the stored version) would do to the organisation's orders as the published version `versionKey`. */
export async function pricingVersionImpact(
  deps: PricingVersionDeps,
  access: Access,
  body: { productPricingRuleId: number; versionKey: string; draft?: PricingRuleVersion },
  now: Date = new Date(),
): Promise<PricingVersionImpact> {
  const ctx = await contextFor(deps, access.orgId, now);
  const { rule, version } = ruleAndVersion(ctx, access.orgId, body.productPricingRuleId, body.versionKey);
  return (await measure(deps, ctx, rule, body.versionKey, body.draft ?? version)).impact;
}

const conflict = (code: string, message: string, details?: unknown) => new ApiError(409, code, message, details);

/** The stored version, checked as a field: the version schema's $id is already registered by the bodies that embed it. */
const StoredVersion = Type.Object({ version: PricingRuleVersionSchema });

/**
 * The items a publish check tries: those of the orders the version would price, and for each active
 * product using the rule that none of them is of, its default configuration — a new item of it, with
 * what the organisation's rules give a new item.
 */
function publishSamples(deps: PricingVersionDeps, ctx: PricingContext, rule: ProductPricingRule, fromOrders: readonly InstanceLike[]): InstanceLike[] {
  const covered = new Set(fromOrders.map((i) => i.productId));
  const items = deps.plugins.rulesFor(rule.orgId).items;
  const defaults: InstanceLike[] = ctx.catalogue.snapshot.products
    .filter((p) => p.productPricingRuleId === rule.id && !p.archived && !covered.has(p.id))
    .map((p) => ({ productId: p.id, quantity: 1, properties: (items.newItemDefaults({ product: { id: p.id, productCategoryId: p.productCategoryId }, items: [] }).properties ?? {}) as InstanceLike['properties'] }));
  return [...fromOrders, ...defaults];
}

/**
 * Publishes a draft as stored: checked against the version schema, refused when it has no
 * expressions or prices every item tried of a product at $0 (409, nothing written). Then, in one
 * transaction, the version loses its draft marker and records who published it and when, with an
 * audit line; the repository bumps the catalogue version, so stored prices are known stale.
 */
export async function publishPricingVersion(deps: PricingVersionDeps, access: Access, body: { productPricingRuleId: number; versionKey: string }, now: Date = new Date()): Promise<Row> {
  const key = body.versionKey;
  const ctx = await contextFor(deps, access.orgId, now);
  const { rule, version } = ruleAndVersion(ctx, access.orgId, body.productPricingRuleId, key);
  if (!isDraftVersion(version)) throw conflict('pricingVersionPublished', `Version ${key} is already published.`);
  const valid = compile(StoredVersion);
  if (!valid({ version })) {
    const first = valid.errors?.[0];
    const why = first ? ` ${schemaIssueMessage(first, StoredVersion, 'The version')}` : '';
    throw conflict('pricingVersionInvalid', `Version ${key} cannot be published.${why}`, valid.errors);
  }
  // The emptiness check first: an empty version needs no orders read.
  const empty = publishRefusal({ catalogue: ctx.catalogue, ruleId: rule.id, versionKey: key, version, samples: [] });
  if (empty) throw conflict(empty.code, empty.message);
  const { samples } = await measure(deps, ctx, rule, key, version);
  const refusal = publishRefusal({ catalogue: ctx.catalogue, ruleId: rule.id, versionKey: key, version, samples: publishSamples(deps, ctx, rule, samples) });
  if (refusal) throw conflict(refusal.code, refusal.message, refusal.code === 'pricingVersionPricesZero' ? { productIds: refusal.productIds } : undefined);

  return deps.transaction(async (trx) => {
    const stored = await deps.repos.productPricingRules.lockOne({ id: rule.id, orgId: access.orgId }, trx);
    if (!stored) throw pricingRuleNotFound();
    const current = (stored.versions ?? {})[key];
    // What was checked is what gets published: a save in between means checking again.
    if (!current || JSON.stringify(current) !== JSON.stringify(version)) throw conflict('pricingVersionChanged', `Version ${key} changed while it was being checked. Publish it again.`);
    const published: PricingRuleVersion = {
      ...versionContent(current),
      ...versionStatus({ draftedBy: current.draftedBy, draftedAt: current.draftedAt, publishedBy: access.user.id, publishedAt: toDbDate(now) }),
    };
    await deps.repos.productPricingRules.update({ id: rule.id, orgId: access.orgId }, { versions: { ...stored.versions, [key]: published } }, trx);
    await audit(deps.repos, trx, {
      orgId: access.orgId,
      userId: access.user.id,
      entity: 'productPricingRules',
      entityId: rule.id,
      action: 'publishVersion',
      data: { versionKey: key, changes: { [`versions.${key}`]: { before: current, after: published } } },
    });
    return (await deps.repos.productPricingRules.findOne({ id: rule.id }, trx)) as Row;
  });
}
