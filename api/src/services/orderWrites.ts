import type { Knex } from 'knex';
import {
  CUSTOM_PRODUCT_ID,
  PRODUCT_INSTANCE_COMPUTED_FIELDS,
  PRODUCT_ORDER_COMPUTED_FIELDS,
  PRODUCT_ORDER_EMPLOYEE_FIELDS,
  checkInstanceTitle,
  checkOptionChoice,
  checkOrderTitle,
  isEmployeeRole,
  moveRank,
  normaliseDimension,
  normaliseQuantity,
  parseNumberValue,
  type CatalogueIndex,
  type DimensionData,
  type EngineHooks,
  type InstanceProperties,
  type Product,
} from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import type { Repos, Row } from '../db/repository.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import type { Access } from '../policy.ts';
import type { PluginRegistry } from '../plugins.ts';
import { loadCatalogue } from './catalogueSnapshot.ts';
import { audit } from './orders.ts';
import { recomputeOrder, type InstanceRow, type OrderRow } from './repricing.ts';

export interface WriteDeps {
  db: Knex;
  repos: Repos;
  plugins: PluginRegistry;
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

const orderNotFound = () => notFound('orderNotFound', 'Order not found.');

/** The order an item write targets, checked against the caller: guests only reach orders they are involved in. */
export async function orderForWrite(repos: Repos, trx: Knex.Transaction, orderId: number, access: Pick<Access, 'orgId' | 'policyRole' | 'user'>): Promise<OrderRow> {
  const order = (await repos.productOrders.findOne({ id: orderId, orgId: access.orgId }, trx)) as (OrderRow & { involvedUsers?: Record<string, unknown> }) | undefined;
  if (!order) throw orderNotFound();
  if (access.policyRole === 'guest') {
    const involved = order.userId === access.user.id || String(access.user.id) in (order.involvedUsers ?? {});
    if (!involved) throw orderNotFound();
  }
  return order;
}

/**
 * Applies a client's property changes the way the browser does: each chosen option must be offered to
 * the caller (publish level, archived, product rules, organisation filters, no dead end — the same
 * `checkOptionChoice`), other selections it makes impossible are cleared, dimension and number values
 * are normalised. Properties the product does not use are refused.
 */
export function applyPropertyChanges(
  catalogue: CatalogueIndex,
  hooks: EngineHooks,
  product: Product,
  role: string,
  before: InstanceProperties,
  changes: InstanceProperties,
): InstanceProperties {
  const used = new Set(catalogue.propertiesOf(product.id).map((p) => p.id));
  let selection: InstanceProperties = { ...before };
  for (const [key, change] of Object.entries(changes)) {
    const propertyId = Number(key);
    const property = catalogue.property(propertyId);
    if (!property || !used.has(propertyId)) throw badRequest(`properties.${key} is not a property of this product`);
    const entry = { ...change };
    if (property.type === 'dimensions' && entry.value !== undefined && entry.value !== null) {
      entry.value = normaliseDimension(entry.value, property.data as DimensionData);
    } else if (property.type === 'number' && entry.value !== undefined && entry.value !== null) {
      entry.value = parseNumberValue(entry.value);
    }
    const optionId = entry.optionId;
    const previous = before[key]?.optionId ?? null;
    if ((property.type === 'singleSelect' || property.type === 'select') && optionId != null && optionId !== previous) {
      const choice = checkOptionChoice({
        product,
        instance: { productId: product.id, quantity: 1, properties: selection },
        catalogue,
        viewer: { role },
        optionFilters: hooks.optionFilters,
        propertyId,
        optionId,
      });
      if (!choice.ok) {
        const reason = choice.reasons?.[0]?.message;
        throw new ApiError(400, 'optionNotAvailable', reason && choice.message === 'This option is not available.' ? `${choice.message} ${reason}` : choice.message, {
          propertyId,
          optionId,
          emptyPropertyIds: choice.emptyPropertyIds,
          reasons: choice.reasons ?? [],
        });
      }
      selection = { ...choice.selection, [key]: { ...choice.selection[key], ...entry } };
    } else {
      selection = { ...selection, [key]: entry };
    }
  }
  return selection;
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
}

function checkProductForItem(catalogue: CatalogueIndex, productId: number, role: string): Product | null {
  if (productId === CUSTOM_PRODUCT_ID) {
    if (!isEmployeeRole(role)) throw forbidden('Only employees can add custom products.');
    return null;
  }
  const product = catalogue.product(productId);
  if (!product) throw badRequest('props.productId must be a product of this organisation');
  return product;
}

export async function createInstance(deps: WriteDeps, access: Access, props: InstanceProps & { productOrderId: number; productId: number }): Promise<Row> {
  return deps.db.transaction(async (trx) => {
    const order = await orderForWrite(deps.repos, trx, props.productOrderId, access);
    const catalogue = await loadCatalogue(deps.repos, order.orgId, trx);
    const hooks = engineHooks(deps.plugins.rulesFor(order.orgId));
    const product = checkProductForItem(catalogue, props.productId, access.role);
    if (props.customPriceInCents != null && !isEmployeeRole(access.role)) throw forbidden('Only employees can set a custom price.');
    const title = props.title ?? null;
    const titleCheck = checkInstanceTitle(title, product?.instanceTitleIsRequired ?? 0);
    if (!titleCheck.ok) throw badRequest(titleCheck.message);
    const properties = product ? applyPropertyChanges(catalogue, hooks, product, access.role, {}, props.properties ?? {}) : (props.properties ?? {});

    // New item at the requested rank (default last); later items shift by one.
    const siblings = (await deps.repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] })) as InstanceRow[];
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
        customPriceInCents: props.productId === CUSTOM_PRODUCT_ID ? (props.customPriceInCents ?? 0) : null,
      },
      trx,
    );
    if (props.rank !== undefined) await renumber(deps.repos, trx, [...siblings, { id, rank: siblings.length + 1 } as InstanceRow], id, props.rank);
    await recomputeOrder({ ...deps, trx }, order.id);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productInstance', entityId: id, action: 'create', data: { productOrderId: order.id, productId: props.productId } });
    return (await deps.repos.productInstances.findOne({ id }, trx)) as Row;
  });
}

export async function updateInstance(deps: WriteDeps, access: Access, id: number, props: InstanceProps): Promise<Row> {
  return deps.db.transaction(async (trx) => {
    const inst = (await deps.repos.productInstances.findOne({ id, orgId: access.orgId }, trx)) as InstanceRow | undefined;
    if (!inst) throw notFound('instanceNotFound', 'Item not found.');
    const order = await orderForWrite(deps.repos, trx, inst.productOrderId, access);
    const catalogue = await loadCatalogue(deps.repos, order.orgId, trx);
    const hooks = engineHooks(deps.plugins.rulesFor(order.orgId));
    const productId = props.productId ?? inst.productId;
    const product = checkProductForItem(catalogue, productId, access.role);
    if (props.customPriceInCents !== undefined && !isEmployeeRole(access.role)) throw forbidden('Only employees can set a custom price.');
    const patch: Row = {};
    if (props.title !== undefined) {
      const c = checkInstanceTitle(props.title, product?.instanceTitleIsRequired ?? 0);
      if (!c.ok) throw badRequest(c.message);
      patch.title = props.title;
    }
    if (props.quantity !== undefined) patch.quantity = normaliseQuantity(props.quantity);
    if (props.notes !== undefined) patch.notes = props.notes;
    if (props.archCustomViewId !== undefined) patch.archCustomViewId = props.archCustomViewId;
    if (props.productId !== undefined) patch.productId = productId;
    if (props.customPriceInCents !== undefined) patch.customPriceInCents = productId === CUSTOM_PRODUCT_ID ? props.customPriceInCents : null;
    if (props.properties !== undefined) {
      // A product change starts from an empty selection; otherwise changes apply over the current one.
      const before = props.productId !== undefined && props.productId !== inst.productId ? {} : (inst.properties ?? {});
      patch.properties = product ? applyPropertyChanges(catalogue, hooks, product, access.role, before, props.properties) : props.properties;
    }
    if (Object.keys(patch).length) await deps.repos.productInstances.update({ id }, patch, trx);
    if (props.rank !== undefined) {
      const siblings = (await deps.repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] })) as InstanceRow[];
      await renumber(deps.repos, trx, siblings, id, props.rank);
    }
    await recomputeOrder({ ...deps, trx }, order.id);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productInstance', entityId: id, action: 'update', data: { fields: Object.keys(props) } });
    return (await deps.repos.productInstances.findOne({ id }, trx)) as Row;
  });
}

export async function destroyInstance(deps: WriteDeps, access: Access, id: number): Promise<{ id: number }> {
  return deps.db.transaction(async (trx) => {
    const inst = (await deps.repos.productInstances.findOne({ id, orgId: access.orgId }, trx)) as InstanceRow | undefined;
    if (!inst) throw notFound('instanceNotFound', 'Item not found.');
    const order = await orderForWrite(deps.repos, trx, inst.productOrderId, access);
    await deps.repos.productInstances.delete({ id }, trx);
    const rest = (await deps.repos.productInstances.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'] })) as InstanceRow[];
    for (const [i, r] of rest.entries()) if (r.rank !== i + 1) await deps.repos.productInstances.update({ id: r.id }, { rank: i + 1 }, trx);
    await recomputeOrder({ ...deps, trx }, order.id);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productInstance', entityId: id, action: 'destroy', data: { productOrderId: order.id } });
    return { id };
  });
}

async function renumber(repos: Repos, trx: Knex.Transaction, items: InstanceRow[], id: number, rank: number): Promise<void> {
  for (const r of moveRank(items, id, rank)) {
    const was = items.find((x) => x.id === r.id)?.rank;
    if (was !== r.rank || r.id === id) await repos.productInstances.update({ id: r.id }, { rank: r.rank }, trx);
  }
}

/**
 * Order field writes. Computed fields never pass; the advanced pricing fields and the owner are for
 * employees only (ordering §6); owner change and involved users belong to the sharing calls.
 */
export async function updateOrder(deps: WriteDeps, access: Access, id: number, props: Row): Promise<Row> {
  for (const f of ['userId', 'involvedUsers']) {
    if (f in props) throw badRequest(`props.${f} is changed through the owner and sharing calls, not here`);
  }
  if (!isEmployeeRole(access.role)) {
    const denied = Object.keys(props).filter((k) => (PRODUCT_ORDER_EMPLOYEE_FIELDS as readonly string[]).includes(k));
    if (denied.length) throw forbidden(`Only employees can change ${denied.join(', ')}.`);
  }
  const patch: Row = { ...props };
  if (typeof props.title === 'string') {
    const c = checkOrderTitle(props.title);
    if (!c.ok) throw badRequest(c.message);
    patch.title = c.title;
  }
  return deps.db.transaction(async (trx) => {
    const order = await orderForWrite(deps.repos, trx, id, access);
    await deps.repos.productOrders.update({ id: order.id }, patch, trx);
    await recomputeOrder({ ...deps, trx }, order.id);
    await audit(deps.repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'update', data: { fields: Object.keys(props) } });
    return (await deps.repos.productOrders.findOne({ id: order.id }, trx)) as Row;
  });
}
