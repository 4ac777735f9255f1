import type { Knex } from 'knex';
import { SPATIAL_SERVER_DEFAULTS, isSpatialOrder, type SpatialResourceKey } from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { toDbDate } from '../db/time.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import type { PluginRegistry } from '../plugins.ts';
import { assertOrderChanges, type Access } from '../policy.ts';
import { lockOrderForWrite } from './orderWrites.ts';
import { getOrg, orgSettings, orgStatuses } from './orgs.ts';

export interface SpatialWriteDeps {
  repos: Repos;
  plugins: PluginRegistry;
  transaction: TransactionRunner;
}

/** The view a row of each kind names (entities keep it in data). */
const viewIdOf = (key: SpatialResourceKey, props: Row): number | null | undefined =>
  key === 'entities' ? (props.data as Row | undefined)?.archCustomViewId as number | null | undefined : key === 'productCanvasTexts' || key === 'productCanvasLines' ? (props.customViewId as number | null | undefined) : undefined;

export const spatialRowMissing = () => notFound('spatialRowNotFound', 'That part of the drawing no longer exists.');

/**
 * The order a drawing write targets, locked, with the caller's involvement checked (the same rule as
 * the order's items), and drawn on the canvas: a write to an order that is not spatial is refused.
 */
async function lockSpatialOrder(deps: SpatialWriteDeps, trx: Knex.Transaction, orderId: number, access: Access): Promise<ProductOrderRow> {
  const order = await lockOrderForWrite(deps.repos, trx, orderId, access);
  const org = await getOrg(deps.repos, order.orgId, trx);
  const spatial = isSpatialOrder(order, { isArchitectural: org ? orgSettings(org).isArchitectural : false }, deps.plugins.rulesFor(order.orgId).spatial.spatialCategoryIds);
  if (!spatial) throw new ApiError(409, 'notSpatial', 'This order has no drawing canvas.');
  // The drawing is part of what is ordered: locked with the items.
  if (org) assertOrderChanges(access, orgStatuses(org), order, ['items']);
  return order;
}

/** References a row makes must stay inside its order: its view, and an entity's parent entity. */
async function checkReferences(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, key: SpatialResourceKey, props: Row): Promise<void> {
  const viewId = viewIdOf(key, props);
  if (viewId != null && !(await repos.archCustomViews.findOne({ id: viewId, productOrderId: order.id }, trx))) {
    throw badRequest(`${key === 'entities' ? 'props.data.archCustomViewId' : 'props.customViewId'} must be a view of this order`);
  }
  if (key === 'entities' && props.parentId != null && !(await repos.entities.findOne({ id: props.parentId as number, productOrderId: order.id }, trx))) {
    throw badRequest('props.parentId must be a drawing entity of this order');
  }
}

function withDefaults(key: SpatialResourceKey, props: Row, viewCount: number): Row {
  const d = SPATIAL_SERVER_DEFAULTS;
  switch (key) {
    case 'archWalls':
      return { ...d.wall, ...props };
    case 'archElevations':
      return { ...d.elevation, ...props };
    case 'archCustomViews':
      return { title: d.viewTitle, drawingNotesData: {}, ...props, rank: viewCount + 1 };
    case 'entities':
      return { parentId: null, parentResourceKey: null, properties: {}, isTentative: 0, ...props };
    case 'productCanvasTexts':
      return { ...d.text, customViewId: null, ...props };
    case 'productCanvasLines':
      return { ...d.line, fromSymbol: 'none', toSymbol: 'arrow', customViewId: null, isTentative: 0, ...props };
  }
}

/** Views in rank order with `id` moved to `rank` (clamped 1..count), renumbered from 1. */
async function moveView(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow, id: number, rank: number): Promise<void> {
  const views = await repos.archCustomViews.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'], columns: ['id', 'rank'] });
  const others = views.filter((v) => v.id !== id);
  const at = Math.min(Math.max(Math.trunc(rank), 1), others.length + 1) - 1;
  const ordered = [...others.slice(0, at), { id }, ...others.slice(at)];
  for (const [i, v] of ordered.entries()) {
    const current = views.find((x) => x.id === v.id);
    if (!current || current.rank !== i + 1) await repos.archCustomViews.update({ id: v.id }, { rank: i + 1 }, trx);
  }
}

/** The order moves to the top of its list when its drawing changes. */
async function touchOrder(repos: Repos, trx: Knex.Transaction, order: ProductOrderRow): Promise<void> {
  await repos.productOrders.update({ id: order.id }, { lastUpdated: toDbDate(new Date()) }, trx);
}

export async function createSpatialRow(deps: SpatialWriteDeps, access: Access, key: SpatialResourceKey, props: Row & { productOrderId: number; orgId: number }): Promise<Row> {
  return deps.transaction(async (trx) => {
    const order = await lockSpatialOrder(deps, trx, props.productOrderId, access);
    if (props.orgId !== order.orgId) throw badRequest('props.orgId must be the organisation of the order');
    await checkReferences(deps.repos, trx, order, key, props);
    const viewCount = key === 'archCustomViews' ? await deps.repos.archCustomViews.count({ productOrderId: order.id }, trx) : 0;
    const { rank, ...rest } = props;
    const id = await deps.repos[key].insert(withDefaults(key, { ...rest, orgId: order.orgId, productOrderId: order.id }, viewCount), trx);
    if (key === 'archCustomViews' && typeof rank === 'number' && rank !== viewCount + 1) await moveView(deps.repos, trx, order, id, rank);
    await touchOrder(deps.repos, trx, order);
    return (await deps.repos[key].findOne({ id }, trx)) as Row;
  });
}

/** The row `id` of `key` and its order id; unknown rows and rows of another organisation are 404. */
export async function spatialRowOwner(repos: Repos, key: SpatialResourceKey, id: number): Promise<{ orgId: number; productOrderId: number }> {
  const [row] = await repos[key].find({ id }, { columns: ['orgId', 'productOrderId'] });
  if (!row) throw spatialRowMissing();
  return row as { orgId: number; productOrderId: number };
}

export async function updateSpatialRow(deps: SpatialWriteDeps, access: Access, key: SpatialResourceKey, id: number, orderId: number, props: Row): Promise<Row> {
  return deps.transaction(async (trx) => {
    const order = await lockSpatialOrder(deps, trx, orderId, access);
    const row = await deps.repos[key].findOne({ id, productOrderId: order.id }, trx);
    if (!row) throw spatialRowMissing();
    // An entity's data is replaced whole by what is sent merged over what is stored (a drag sends position only).
    const next = key === 'entities' && props.data ? { ...props, data: { ...(row.data as Row), ...(props.data as Row) } } : props;
    await checkReferences(deps.repos, trx, order, key, next);
    const { rank, ...rest } = next;
    if (Object.keys(rest).length) await deps.repos[key].update({ id }, rest, trx);
    if (key === 'archCustomViews' && typeof rank === 'number') await moveView(deps.repos, trx, order, id, rank);
    await touchOrder(deps.repos, trx, order);
    return (await deps.repos[key].findOne({ id }, trx)) as Row;
  });
}

/** Destroying a view takes its entities, texts and lines with it and leaves its items unplaced. */
export async function destroySpatialRow(deps: SpatialWriteDeps, access: Access, key: SpatialResourceKey, id: number, orderId: number): Promise<{ id: number }> {
  return deps.transaction(async (trx) => {
    const order = await lockSpatialOrder(deps, trx, orderId, access);
    const { repos } = deps;
    const row = await repos[key].findOne({ id, productOrderId: order.id }, trx);
    if (!row) throw spatialRowMissing();
    if (key === 'archCustomViews') {
      const entities = await repos.entities.find({ productOrderId: order.id }, { trx, columns: ['id', 'data'] });
      const inView = entities.filter((e) => (e.data as Row | null)?.archCustomViewId === id).map((e) => e.id as number);
      if (inView.length) await repos.entities.delete({ id: inView }, trx);
      await repos.productCanvasTexts.delete({ productOrderId: order.id, customViewId: id }, trx);
      await repos.productCanvasLines.delete({ productOrderId: order.id, customViewId: id }, trx);
      await repos.productInstances.update({ productOrderId: order.id, archCustomViewId: id }, { archCustomViewId: null }, trx);
    }
    if (key === 'entities') {
      // Children (a mural area's textures and panels) go with their parent.
      const children = await repos.entities.find({ productOrderId: order.id, parentId: id }, { trx, columns: ['id'] });
      if (children.length) await repos.entities.delete({ id: children.map((c) => c.id as number) }, trx);
    }
    await repos[key].delete({ id }, trx);
    if (key === 'archCustomViews') {
      const views = await repos.archCustomViews.find({ productOrderId: order.id }, { trx, orderBy: ['rank', 'id'], columns: ['id', 'rank'] });
      for (const [i, v] of views.entries()) if (v.rank !== i + 1) await repos.archCustomViews.update({ id: v.id }, { rank: i + 1 }, trx);
    }
    await touchOrder(repos, trx, order);
    return { id };
  });
}

/** Many entities' data at once (panel autogeneration): every id an entity of one order, all or nothing. */
export async function batchUpdateEntities(deps: SpatialWriteDeps, access: Access, orderId: number, updates: { where: { id: number }; props: { data: Row } }[]): Promise<Row[]> {
  return deps.transaction(async (trx) => {
    const order = await lockSpatialOrder(deps, trx, orderId, access);
    const ids = updates.map((u) => u.where.id);
    if (new Set(ids).size !== ids.length) throw badRequest('updates must name each entity once');
    const rows = await deps.repos.entities.find({ id: ids, productOrderId: order.id }, { trx });
    if (rows.length !== ids.length) throw spatialRowMissing();
    const byId = new Map(rows.map((r) => [r.id as number, r]));
    const patches = updates.map((u) => ({ id: u.where.id, patch: { data: { ...(byId.get(u.where.id)!.data as Row), ...u.props.data } } }));
    const viewIds = new Set(patches.map((p) => (p.patch.data as Row).archCustomViewId).filter((v): v is number => typeof v === 'number'));
    for (const viewId of viewIds) await checkReferences(deps.repos, trx, order, 'entities', { data: { archCustomViewId: viewId } });
    await deps.repos.entities.updateEach({ productOrderId: order.id }, patches, trx);
    await touchOrder(deps.repos, trx, order);
    return (await deps.repos.entities.find({ id: ids }, { trx })) as Row[];
  });
}
