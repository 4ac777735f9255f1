import type { Knex } from 'knex';
import {
  CUSTOM_PRODUCT_ID,
  PRODUCT_INSTANCE_COMPUTED_FIELDS,
  PRODUCT_ORDER_COMPUTED_FIELDS,
  applyPropertyChanges,
  checkInstanceTitle,
  checkOrderTitle,
  moveRank,
  normaliseQuantity,
  type CatalogueIndex,
  type InstanceProperties,
  type Product,
} from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import { lockOrderRow } from '../db/queries.ts';
import type { Repos, Row } from '../db/repository.ts';
import type { ProductInstanceRow, ProductOrderRow } from '../db/rows.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import {
  assertCustomProductAllowed,
  assertInvolvedInOrder,
  assertWritable,
  productVisible,
  shapeInstance,
  shapeOrder,
  type Access,
} from '../policy.ts';
import type { PluginRegistry } from '../plugins.ts';
import type { CatalogueCache } from './catalogueCache.ts';
import { audit } from './orders.ts';
import { recomputeOrder } from './repricing.ts';

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
 */
export async function lockOrderForWrite(repos: Repos, trx: Knex.Transaction, orderId: number, access: Access): Promise<ProductOrderRow> {
  await lockOrderRow(trx, orderId);
  const order = await repos.productOrders.findOne({ id: orderId, orgId: access.orgId }, trx);
  assertInvolvedInOrder(access, order);
  return order as ProductOrderRow;
}

/** The products already used in an order (archived ones stay usable there) and its items. */
async function usedInOrder(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow) {
  const items = await repos.productInstances.find({ productOrderId: order.id }, { trx });
  return {
    productIds: new Set<number>([...items.map((i) => i.productId), ...(order.productId ? [order.productId] : [])]),
    items,
  };
}

/**
 * The product an item may use: of this organisation, visible to the caller (publish level), not
 * archived unless already used in the order. `itemsOwn`: the item already has this product — one an
 * employee chose that the caller may not see leaves the item read-only for the caller.
 */
function productForItem(catalogue: CatalogueIndex, access: Access, productId: number, alreadyUsed: boolean, itemsOwn = false): Product | null {
  if (productId === CUSTOM_PRODUCT_ID) {
    assertCustomProductAllowed(access);
    return null;
  }
  const product = catalogue.product(productId);
  if (product && itemsOwn && !productVisible(access, product, true)) throw forbidden('This item uses a product that is not offered to you, so only an employee can change it.');
  // A product the caller may not see answers exactly like one that does not exist.
  if (!product || !productVisible(access, product, alreadyUsed)) throw badRequest('props.productId must be a product of this organisation');
  return product;
}

function applyChanges(catalogue: CatalogueIndex, orgRules: ReturnType<PluginRegistry['rulesFor']>, product: Product, access: Access, before: InstanceProperties, changes: InstanceProperties): InstanceProperties {
  const result = applyPropertyChanges({ catalogue, hooks: engineHooks(orgRules), product, role: access.role, before, changes });
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
  customPriceInCents?: number | null;
  mediumId?: number | null;
}

export async function createInstance(deps: WriteDeps, access: Access, props: InstanceProps & { productOrderId: number; productId: number }): Promise<Row> {
  assertWritable(access, 'productInstance', props);
  return deps.transaction(async (trx) => {
    const order = await lockOrderForWrite(deps.repos, trx, props.productOrderId, access);
    const catalogue = await deps.catalogues.get(order.orgId, trx);
    const { productIds, items } = await usedInOrder(deps.repos, trx, order);
    const product = productForItem(catalogue, access, props.productId, productIds.has(props.productId));
    const title = props.title ?? null;
    const titleCheck = checkInstanceTitle(title, product?.instanceTitleIsRequired ?? 0);
    if (!titleCheck.ok) throw badRequest(titleCheck.message);
    await checkCustomView(deps.repos, trx, order, props.archCustomViewId);
    const properties = product ? applyChanges(catalogue, deps.plugins.rulesFor(order.orgId), product, access, {}, props.properties ?? {}) : (props.properties ?? {});

    // New item last, then moved to the requested rank; the order lock keeps ranks unique.
    const siblings = items.sort((a, b) => a.rank - b.rank || a.id - b.id);
    const id = await deps.repos.productInstances.insert(
      {
        orgId: order.orgId,
        productOrderId: order.id,
        productId: props.productId,
        title,
        quantity: normaliseQuantity(props.quantity ?? 1),
        rank: siblings.length + 1,
        notes: props.notes ?? null,
        properties,
        archCustomViewId: props.archCustomViewId ?? null,
        mediumId: props.mediumId ?? null,
        customPriceInCents: props.productId === CUSTOM_PRODUCT_ID ? (props.customPriceInCents ?? 0) : null,
      },
      trx,
    );
    if (props.rank !== undefined) await renumber(deps.repos, trx, [...siblings, { id, rank: siblings.length + 1 } as ProductInstanceRow], id, props.rank);
    await recomputeOrder({ ...deps, trx }, order.id, catalogue);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productInstance', entityId: id, action: 'create', data: { productOrderId: order.id, productId: props.productId } });
    return shapeInstance(access, order, (await deps.repos.productInstances.findOne({ id }, trx))!);
  });
}

/** The order an item belongs to (read before the transaction: see lockItem). */
async function orderIdOfItem(repos: Repos, access: Access, id: number): Promise<number> {
  const found = await repos.productInstances.findOne({ id, orgId: access.orgId });
  if (!found) throw notFound('instanceNotFound', 'Item not found.');
  return found.productOrderId;
}

/**
 * The item and its order, locked. The lock must be the transaction's first statement: on
 * MySQL/MariaDB (repeatable read) the first plain read fixes the snapshot, and a snapshot taken
 * before waiting for the lock would miss what the previous writer committed.
 */
async function lockItem(deps: WriteDeps, trx: Knex.Transaction, access: Access, id: number, orderId: number) {
  const order = await lockOrderForWrite(deps.repos, trx, orderId, access);
  const inst = await deps.repos.productInstances.findOne({ id, productOrderId: order.id }, trx);
  if (!inst) throw notFound('instanceNotFound', 'Item not found.');
  return { inst, order };
}

export async function updateInstance(deps: WriteDeps, access: Access, id: number, props: InstanceProps): Promise<Row> {
  assertWritable(access, 'productInstance', props);
  const orderId = await orderIdOfItem(deps.repos, access, id);
  return deps.transaction(async (trx) => {
    const { inst, order } = await lockItem(deps, trx, access, id, orderId);
    const catalogue = await deps.catalogues.get(order.orgId, trx);
    const productId = props.productId ?? inst.productId;
    const product = productForItem(catalogue, access, productId, productId === inst.productId, productId === inst.productId);
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
    if (props.mediumId !== undefined) patch.mediumId = props.mediumId;
    if (props.productId !== undefined) patch.productId = productId;
    if (props.customPriceInCents !== undefined) patch.customPriceInCents = productId === CUSTOM_PRODUCT_ID ? props.customPriceInCents : null;
    if (props.properties !== undefined) {
      // A product change starts from an empty selection; otherwise changes apply over the current one.
      const before = props.productId !== undefined && props.productId !== inst.productId ? {} : (inst.properties ?? {});
      patch.properties = product ? applyChanges(catalogue, deps.plugins.rulesFor(order.orgId), product, access, before, props.properties) : props.properties;
    }
    if (Object.keys(patch).length) await deps.repos.productInstances.update({ id }, patch, trx);
    if (props.rank !== undefined) {
      const siblings = await deps.repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] });
      await renumber(deps.repos, trx, siblings, id, props.rank);
    }
    await recomputeOrder({ ...deps, trx }, order.id, catalogue);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productInstance', entityId: id, action: 'update', data: { fields: Object.keys(props) } });
    return shapeInstance(access, order, (await deps.repos.productInstances.findOne({ id }, trx))!);
  });
}

export async function destroyInstance(deps: WriteDeps, access: Access, id: number): Promise<{ id: number }> {
  const orderId = await orderIdOfItem(deps.repos, access, id);
  return deps.transaction(async (trx) => {
    const { order } = await lockItem(deps, trx, access, id, orderId);
    const catalogue = await deps.catalogues.get(order.orgId, trx);
    await deps.repos.productInstances.delete({ id }, trx);
    const rest = await deps.repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] });
    for (const [i, r] of rest.entries()) if (r.rank !== i + 1) await deps.repos.productInstances.update({ id: r.id }, { rank: i + 1 }, trx);
    await recomputeOrder({ ...deps, trx }, order.id, catalogue);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productInstance', entityId: id, action: 'destroy', data: { productOrderId: order.id } });
    return { id };
  });
}

async function renumber(repos: Repos, trx: Knex.Transaction, items: Array<Pick<ProductInstanceRow, 'id' | 'rank'>>, id: number, rank: number): Promise<void> {
  for (const r of moveRank(items, id, rank)) {
    const was = items.find((x) => x.id === r.id)?.rank;
    if (was !== r.rank || r.id === id) await repos.productInstances.update({ id: r.id }, { rank: r.rank }, trx);
  }
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
 * owner and involved users change through the owner and sharing calls.
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
    await checkOrderReferences(deps.repos, trx, order, access, props);
    const catalogue = await deps.catalogues.get(order.orgId, trx);
    await deps.repos.productOrders.update({ id: order.id }, patch, trx);
    await recomputeOrder({ ...deps, trx }, order.id, catalogue);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'update', data: { fields: Object.keys(props) } });
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
