import type { Knex } from 'knex';
import {
  CUSTOM_PRODUCT_ID,
  PRODUCT_INSTANCE_COMPUTED_FIELDS,
  PRODUCT_ORDER_COMPUTED_FIELDS,
  applyPropertyChanges,
  checkInstanceTitle,
  checkOrderTitle,
  instanceVersion,
  itemUpdateChanges,
  ITEM_CHANGED_MESSAGE,
  orderUpdateChanges,
  moveRank,
  UNTITLED_ORDER_TITLE,
  normaliseQuantity,
  type CatalogueIndex,
  type InstanceProperties,
  type Product,
} from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import type { ProductInstanceRow, ProductOrderRow } from '../db/rows.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import {
  assertCustomProductAllowed,
  assertInvolvedInOrder,
  assertMayDiscardOrder,
  assertOrderChanges,
  assertWritable,
  productVisible,
  shapeInstance,
  shapeOrder,
  type Access,
} from '../policy.ts';
import type { PluginRegistry } from '../plugins.ts';
import { toDbDate } from '../db/time.ts';
import type { CatalogueCache } from './catalogueCache.ts';
import { audit } from './orders.ts';
import { amendIfApproved } from './revisionFreeze.ts';
import { orgStatuses } from './orgs.ts';
import { computeItem, finishOrderWrite, orderWritePricing, pricingContext, recomputeItems, staleness, type PricingContext } from './repricing.ts';

export interface WriteDeps {
  repos: Repos;
  plugins: PluginRegistry;
  catalogues: CatalogueCache;
  transaction: TransactionRunner;
}

/** Computed fields a client may send (e.g. echoing a row back) are ignored, never stored. */
export function withoutComputed(props: unknown, computed: readonly string[]): unknown {
  if (!props || typeof props !== 'object' || Array.isArray(props)) return props;
  const out: Row = {};
  for (const [k, v] of Object.entries(props as Row)) if (!computed.includes(k)) out[k] = v;
  return out;
}
export const stripInstanceComputed = (body: unknown) => stripProps(body, PRODUCT_INSTANCE_COMPUTED_FIELDS);
export const stripOrderComputed = (body: unknown) => stripProps(body, PRODUCT_ORDER_COMPUTED_FIELDS);
function stripProps(body: unknown, computed: readonly string[]): unknown {
  if (!body || typeof body !== 'object' || !('props' in body)) return body;
  return { ...(body as Row), props: withoutComputed((body as Row).props, computed) };
}

/**
 * The order a write targets, locked for the rest of the transaction (writes to one order run one
 * after the other) and checked against the caller: a guest only reaches orders they are involved in.
 * The lock is the transaction's first statement: on MySQL/MariaDB (repeatable read) the first plain
 * read fixes the snapshot, and a snapshot taken before waiting for the lock would miss what the
 * previous writer committed.
 */
export async function lockOrderForWrite(repos: Repos, trx: Knex.Transaction, orderId: number, access: Access): Promise<ProductOrderRow> {
  const order = await repos.productOrders.lockOne({ id: orderId, orgId: access.orgId }, trx);
  assertInvolvedInOrder(access, order);
  return order as ProductOrderRow;
}

/** Whether the order already uses a product (archived ones stay usable there). */
async function usesProduct(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, productId: number): Promise<boolean> {
  if (order.productId === productId) return true;
  return (await repos.productInstances.find({ productOrderId: order.id, productId }, { trx, columns: ['id'] })).length > 0;
}

/**
 * The product an item may use: of this organisation, visible to the caller (publish level), not
 * archived unless already used in the order (`use` 'new': an item being added, where archived
 * products the order already uses stay usable; 'own': the item's own product — one an employee chose
 * that the caller may not see leaves the item read-only for the caller; 'change': another product).
 */
async function productForItem(
  repos: Repos,
  trx: Knex.Transaction,
  order: ProductOrderRow,
  catalogue: CatalogueIndex,
  access: Access,
  productId: number,
  use: 'new' | 'own' | 'change',
): Promise<Product | null> {
  if (productId === CUSTOM_PRODUCT_ID) {
    assertCustomProductAllowed(access);
    return null;
  }
  const product = catalogue.product(productId);
  if (product && use === 'own' && !productVisible(access, product, true)) throw forbidden('This item uses a product that is not offered to you, so only an employee can change it.');
  const visible =
    !!product &&
    (productVisible(access, product, use === 'own') ||
      // Whether the order already uses it is looked up only when it matters (an archived product).
      (use === 'new' && productVisible(access, product, true) && (await usesProduct(repos, trx, order, productId))));
  // A product the caller may not see answers exactly like one that does not exist.
  if (!product || !visible) throw badRequest('props.productId must be a product of this organisation');
  return product;
}

function applyChanges(ctx: PricingContext, product: Product, access: Access, before: InstanceProperties, changes: InstanceProperties): InstanceProperties {
  const result = applyPropertyChanges({ catalogue: ctx.catalogue, hooks: ctx.hooks, product, role: access.role, before, changes });
  if (!result.ok) {
    if (result.code === 'notAProperty') throw badRequest(result.message);
    throw new ApiError(400, 'optionNotAvailable', result.message, result.details);
  }
  // Publish levels and archived options are checked by applyPropertyChanges with the caller's role.
  return result.properties;
}

/** An item's custom view must be one of its order's views. */
async function checkCustomView(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, archCustomViewId: number | null | undefined): Promise<void> {
  if (archCustomViewId == null) return;
  const view = await repos.archCustomViews.findOne({ id: archCustomViewId, productOrderId: order.id }, trx);
  if (!view) throw badRequest('props.archCustomViewId must be a view of this order');
}

interface InstanceProps {
  productId?: number;
  title?: string | null;
  quantity?: number;
  rank?: number;
  notes?: string | null;
  properties?: InstanceProperties;
  archCustomViewId?: number | null;
  canvasPosition?: { x: number; y: number } | null;
  customPriceInCents?: number | null;
  mediumId?: number | null;
}

/**
 * Ends an item write: when the stored prices of the order's other items no longer hold (another
 * catalogue version or engine, a pricing version that took effect), they are recomputed too; then
 * the order costs and the audit entry.
 */
async function finishItemWrite(deps: WriteDeps, trx: Knex.Transaction, access: Access, order: ProductOrderRow, ctx: PricingContext, audited: { entityId: number; action: string; data: Row }, changed?: { id: number; totalPriceInCents: number }) {
  const stale = staleness(order, ctx);
  const itemTotals = stale === 'none' ? undefined : await recomputeItems(deps.repos, trx, order, ctx, stale, changed);
  await finishOrderWrite(deps.repos, trx, order, ctx, { itemTotals });
  await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productInstance', ...audited });
}

export async function createInstance(deps: WriteDeps, access: Access, props: InstanceProps & { productOrderId: number; productId: number }): Promise<Row> {
  assertWritable(access, 'productInstance', props);
  return deps.transaction(async (trx) => {
    const order = await lockOrderForWrite(deps.repos, trx, props.productOrderId, access);
    const ctx = await pricingContext(deps, trx, order.orgId);
    assertOrderChanges(access, orgStatuses(ctx.org), order, ['items']);
    const product = await productForItem(deps.repos, trx, order, ctx.catalogue, access, props.productId, 'new');
    const title = props.title ?? null;
    const titleCheck = checkInstanceTitle(title, product?.instanceTitleIsRequired ?? 0);
    if (!titleCheck.ok) throw badRequest(titleCheck.message);
    await checkCustomView(deps.repos, trx, order, props.archCustomViewId);
    const properties = product ? applyChanges(ctx, product, access, {}, props.properties ?? {}) : (props.properties ?? {});

    // New item last, then moved to the requested rank; the order lock keeps ranks unique.
    const count = await deps.repos.productInstances.count({ productOrderId: order.id }, trx);
    const fields = {
      orgId: order.orgId,
      productOrderId: order.id,
      productId: props.productId,
      title,
      quantity: normaliseQuantity(props.quantity ?? 1),
      rank: count + 1,
      notes: props.notes ?? null,
      properties,
      archCustomViewId: props.archCustomViewId ?? null,
      canvasPosition: props.canvasPosition ?? null,
      mediumId: props.mediumId ?? null,
      customPriceInCents: props.productId === CUSTOM_PRODUCT_ID ? (props.customPriceInCents ?? 0) : null,
    };
    const computed = computeItem(ctx, order, fields);
    const id = await deps.repos.productInstances.insert({ ...fields, ...computed }, trx);
    if (props.rank !== undefined && props.rank !== count + 1) await moveItem(deps.repos, trx, order, id, props.rank);
    await finishItemWrite(deps, trx, access, order, ctx, { entityId: id, action: 'create', data: { productOrderId: order.id, productId: props.productId } }, { id, totalPriceInCents: computed.totalPriceInCents });
    return shapeInstance(access, order, (await deps.repos.productInstances.findOne({ id }, trx))!);
  });
}

/**
 * `expectedVersion`: the item's content version (instanceVersion) the caller last saw. When the stored
 * item has another, it changed since (another tab or person): 409 with the item as it is now, nothing
 * written, so the caller can show it and let the user redo the change.
 */
export async function updateInstance(deps: WriteDeps, access: Access, id: number, orderId: number, props: InstanceProps, expectedVersion?: string): Promise<Row> {
  assertWritable(access, 'productInstance', props);
  return deps.transaction(async (trx) => {
    const order = await lockOrderForWrite(deps.repos, trx, orderId, access);
    const inst = await deps.repos.productInstances.findOne({ id, productOrderId: order.id }, trx);
    if (!inst) throw notFound('instanceNotFound', 'Item not found.');
    if (expectedVersion !== undefined && instanceVersion(inst) !== expectedVersion) {
      throw new ApiError(409, 'itemChanged', ITEM_CHANGED_MESSAGE, { instance: shapeInstance(access, order, inst as Row) });
    }
    const ctx = await pricingContext(deps, trx, order.orgId);
    assertOrderChanges(access, orgStatuses(ctx.org), order, itemUpdateChanges(Object.keys(props)));
    const productId = props.productId ?? inst.productId;
    const own = productId === inst.productId;
    const product = await productForItem(deps.repos, trx, order, ctx.catalogue, access, productId, own ? 'own' : 'change');
    const patch: Row = {};
    if (props.title !== undefined) {
      const c = checkInstanceTitle(props.title, product?.instanceTitleIsRequired ?? 0);
      if (!c.ok) throw badRequest(c.message);
      patch.title = props.title;
    }
    if (props.quantity !== undefined) patch.quantity = normaliseQuantity(props.quantity);
    if (props.notes !== undefined) patch.notes = props.notes;
    if (props.archCustomViewId !== undefined) {
      await checkCustomView(deps.repos, trx, order, props.archCustomViewId);
      patch.archCustomViewId = props.archCustomViewId;
    }
    if (props.canvasPosition !== undefined) patch.canvasPosition = props.canvasPosition;
    if (props.mediumId !== undefined) patch.mediumId = props.mediumId;
    if (props.productId !== undefined) patch.productId = productId;
    if (props.customPriceInCents !== undefined) patch.customPriceInCents = productId === CUSTOM_PRODUCT_ID ? props.customPriceInCents : null;
    if (props.properties !== undefined) {
      // A product change starts from an empty selection; otherwise changes apply over the current one.
      const before = own ? (inst.properties ?? {}) : {};
      patch.properties = product ? applyChanges(ctx, product, access, before, props.properties) : props.properties;
    }
    const next = { ...inst, ...patch } as ProductInstanceRow;
    const computed = computeItem(ctx, order, next);
    const write = { ...patch, ...computed, lastUpdated: toDbDate(ctx.now) };
    await deps.repos.productInstances.update({ id, productOrderId: order.id }, write, trx);
    let rank = inst.rank;
    if (props.rank !== undefined) rank = await moveItem(deps.repos, trx, order, id, props.rank);
    await finishItemWrite(deps, trx, access, order, ctx, { entityId: id, action: 'update', data: { fields: Object.keys(props) } }, { id, totalPriceInCents: computed.totalPriceInCents });
    return shapeInstance(access, order, { ...next, ...write, rank });
  });
}

export async function destroyInstance(deps: WriteDeps, access: Access, id: number, orderId: number): Promise<{ id: number }> {
  return deps.transaction(async (trx) => {
    const order = await lockOrderForWrite(deps.repos, trx, orderId, access);
    const found = await deps.repos.productInstances.find({ id, productOrderId: order.id }, { trx, columns: ['id'] });
    if (!found.length) throw notFound('instanceNotFound', 'Item not found.');
    const ctx = await pricingContext(deps, trx, order.orgId);
    assertOrderChanges(access, orgStatuses(ctx.org), order, ['items']);
    await deps.repos.productInstances.delete({ id, productOrderId: order.id }, trx);
    await renumber(deps.repos, trx, order, await itemRanks(deps.repos, trx, order));
    await finishItemWrite(deps, trx, access, order, ctx, { entityId: id, action: 'destroy', data: { productOrderId: order.id } });
    return { id };
  });
}

/** The order's items' ids and ranks, in rank order (no item data read). */
function itemRanks(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow) {
  return repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'], columns: ['id', 'rank'] });
}

/** Writes the ranks that differ from 1..n in the given order, in one statement. */
async function renumber(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, items: ReadonlyArray<Pick<ProductInstanceRow, 'id' | 'rank'>>, ranked = items.map((r, i) => ({ ...r, rank: i + 1 }))): Promise<void> {
  const was = new Map(items.map((r) => [r.id, r.rank]));
  const changes = ranked.filter((r) => was.get(r.id) !== r.rank).map((r) => ({ id: r.id, patch: { rank: r.rank } }));
  await repos.productInstances.updateEach({ productOrderId: order.id }, changes, trx);
}

/** Moves an item to a rank (clamped to 1..n), the others renumbered 1..n around it; answers its rank. */
async function moveItem(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, id: number, rank: number): Promise<number> {
  const items = await itemRanks(repos, trx, order);
  const moved = moveRank(items, id, rank);
  await renumber(repos, trx, order, items, moved);
  return moved.find((r) => r.id === id)?.rank ?? rank;
}

/** The order's product and category must be this organisation's (and the product in that category). */
async function checkOrderReferences(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, access: Access, props: Row): Promise<void> {
  const categoryId = props.productCategoryId !== undefined ? (props.productCategoryId as number | null) : order.productCategoryId;
  if (props.productCategoryId != null && props.productCategoryId !== -1) {
    const cat = await repos.productCategories.findOne({ id: props.productCategoryId, orgId: order.orgId }, trx);
    if (!cat) throw badRequest('props.productCategoryId must be a product category of this organisation');
  }
  if (props.productId != null && props.productId !== -1) {
    const product = await repos.products.findOne({ id: props.productId, orgId: order.orgId }, trx);
    if (!product || !productVisible(access, product, props.productId === order.productId)) throw badRequest('props.productId must be a product of this organisation');
    if (categoryId != null && categoryId !== -1 && product.productCategoryId !== categoryId) {
      throw badRequest('props.productId must be a product of the order’s product category');
    }
  }
}

/**
 * Order field writes. Computed fields never pass; guests change only the allow-listed fields; the
 * owner and involved users change through the owner and sharing calls. Every item is repriced only
 * when the effective pricing date changes (or the stored prices no longer hold); discount, shipping,
 * tax, tariff, category and stocked change the order costs, computed from the stored item totals.
 * On an order whose prices no longer follow the catalogue, a change of its details alone leaves its
 * prices as they are (orderWritePricing).
 */
export async function updateOrder(deps: WriteDeps, access: Access, id: number, props: Row): Promise<Row> {
  for (const f of ['userId', 'involvedUsers']) {
    if (f in props) throw badRequest(`props.${f} is changed through the owner and sharing calls, not here`);
  }
  assertWritable(access, 'productOrder', props);
  const patch: Row = { ...props };
  if (typeof props.title === 'string') {
    const c = checkOrderTitle(props.title);
    if (!c.ok) throw badRequest(c.message);
    patch.title = c.title;
  }
  if (typeof props.clientEmails === 'string') patch.clientEmails = splitEmails(props.clientEmails);
  return deps.transaction(async (trx) => {
    const order = await lockOrderForWrite(deps.repos, trx, id, access);
    const ctx = await pricingContext(deps, trx, order.orgId);
    assertOrderChanges(access, orgStatuses(ctx.org), order, orderUpdateChanges(Object.keys(props)));
    await checkOrderReferences(deps.repos, trx, order, access, props);
    const dateChanged = 'effectivePricingDate' in patch && (patch.effectivePricingDate ?? null) !== (order.effectivePricingDate ?? null);
    const stale = orderWritePricing(order, ctx, Object.keys(props), dateChanged);
    const next = { ...order, ...patch } as ProductOrderRow;
    const itemTotals = stale === 'none' || stale === 'keep' ? undefined : await recomputeItems(deps.repos, trx, next, ctx, stale);
    await finishOrderWrite(deps.repos, trx, order, ctx, { patch, itemTotals, keepPrices: stale === 'keep' });
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'update', data: { fields: Object.keys(props) } });
    // A changed approved quote is a new revision: the customer accepts what they read.
    await amendIfApproved(deps, trx, order, orgStatuses(ctx.org), access.user.id);
    return shapeOrder(access, (await deps.repos.productOrders.findOne({ id: order.id }, trx))!);
  });
}

/** clientEmails is stored as a list: a typed "a@x.com, b@y.com" becomes ["a@x.com", "b@y.com"]. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/**
 * Deletes an order the user left right after creating it: still titled "Untitled Order", never
 * prompted for project info and without items. Anything else is kept (409 with the reason): this is
 * not a general order deletion. Only the order's owner or an employee may do it.
 */
export async function discardUntitledOrder(deps: WriteDeps, access: Access, id: number): Promise<{ id: number; deleted: true }> {
  return deps.transaction(async (trx) => {
    const order = await lockOrderForWrite(deps.repos, trx, id, access);
    assertMayDiscardOrder(access, order);
    const kept = (reason: string) => new ApiError(409, 'orderKept', `This order is kept: ${reason}.`);
    if (order.promptedForProjectInfo) throw kept('its project information was asked for');
    if (order.title !== UNTITLED_ORDER_TITLE) throw kept('it has a title');
    if ((await deps.repos.productInstances.count({ productOrderId: order.id }, trx)) > 0) throw kept('it has items');
    // A project someone started drawing is work too.
    for (const part of ['archWalls', 'archElevations', 'archCustomViews', 'entities', 'productCanvasTexts', 'productCanvasLines'] as const) {
      if ((await deps.repos[part].count({ productOrderId: order.id }, trx)) > 0) throw kept('it has a drawing');
    }
    await deps.repos.productOrders.delete({ id: order.id }, trx);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'discard', data: { orgSpecificId: order.orgSpecificId } });
    return { id: order.id, deleted: true as const };
  });
}
