import type { Knex } from 'knex';
import {
  DUPLICATE_TITLE_SUFFIX,
  NEW_PRODUCT_DEFAULTS,
  NEW_PRODUCT_PROPERTY_DEFAULTS,
  NEW_ROW_TITLES,
  isDraftVersion,
  versionContent,
  versionStatus,
  type CatalogueDuplicateKey,
  type CatalogueWriteKey,
  type PricingRuleVersion,
} from '@cpq/domain';
import type { Repos, Row, TableKey } from '../db/repository.ts';
import { toDbDate } from '../db/time.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Access } from '../policy.ts';
import { audit } from './orders.ts';

/**
 * Catalogue writes of the admin area (docs/decisions/0050-catalogue-writes.md): each in one
 * transaction with its rank renumbering and its audit line; the repository bumps the organisation's
 * catalogue version on every write, so cached catalogues are known stale.
 */
interface WriteDecl {
  table: TableKey;
  /** Which rows share one numbering of ranks. */
  rankScope: (row: Row) => Row;
  /** What destroy does: archive, set deleted, or delete the row. */
  destroy: 'archive' | 'deleted' | 'delete';
  /** Settings of a new row beyond its title. */
  defaults: () => Row;
  /** Referenced ids a write names: they must be rows of the same organisation. */
  refs: (props: Row) => Array<{ field: string; table: TableKey; ids: number[] }>;
  ranked: boolean;
}

const orgScope = (row: Row) => ({ orgId: row.orgId });
const idOrNone = (v: unknown) => (typeof v === 'number' && v > 0 ? [v] : []);
const idKeys = (map: unknown) => Object.keys((map ?? {}) as Row).map(Number);

export const WRITES: Record<CatalogueWriteKey, WriteDecl> = {
  products: {
    table: 'products',
    rankScope: orgScope,
    destroy: 'archive',
    defaults: () => ({ ...NEW_PRODUCT_DEFAULTS, referenceCodes: {}, associations: { productProperties: {} }, productCategoryId: -1 }),
    refs: (p) => {
      const assoc = ((p.associations as Row | undefined)?.productProperties ?? {}) as Record<string, { disabledProductOptionIds?: number[] }>;
      return [
        { field: 'productCategoryId', table: 'productCategories', ids: idOrNone(p.productCategoryId) },
        { field: 'productPricingRuleId', table: 'productPricingRules', ids: idOrNone(p.productPricingRuleId) },
        { field: 'mediumId', table: 'media', ids: idOrNone(p.mediumId) },
        { field: 'associations.productProperties', table: 'productProperties', ids: idKeys(assoc) },
        { field: 'associations.productProperties.disabledProductOptionIds', table: 'productOptions', ids: Object.values(assoc).flatMap((a) => a.disabledProductOptionIds ?? []) },
      ];
    },
    ranked: true,
  },
  productCategories: { table: 'productCategories', rankScope: orgScope, destroy: 'archive', defaults: () => ({ archived: 0, thumbnailUrl: null }), refs: () => [], ranked: true },
  productProperties: {
    table: 'productProperties',
    rankScope: orgScope,
    destroy: 'archive',
    defaults: () => ({ ...NEW_PRODUCT_PROPERTY_DEFAULTS, productOptionDataFields: [], data: {}, type: 'singleSelect' }),
    refs: (p) => [{ field: 'productPropertyGroupId', table: 'productPropertyGroups', ids: idOrNone(p.productPropertyGroupId) }],
    ranked: true,
  },
  productPropertyGroups: {
    table: 'productPropertyGroups',
    rankScope: orgScope,
    destroy: 'delete',
    defaults: () => ({ archived: 0, properties: {} }),
    refs: (p) => [{ field: 'properties', table: 'productProperties', ids: idKeys(p.properties) }],
    ranked: true,
  },
  productOptions: {
    table: 'productOptions',
    // Options are numbered within their property.
    rankScope: (row) => ({ orgId: row.orgId, productPropertyId: row.productPropertyId }),
    destroy: 'archive',
    defaults: () => ({ archived: 0, publishLevel: 'all', data: {}, classifications: {}, referenceCodes: {}, thumbnailUrl: null }),
    refs: (p) => [{ field: 'productPropertyId', table: 'productProperties', ids: idOrNone(p.productPropertyId) }],
    ranked: true,
  },
  productPricingRules: { table: 'productPricingRules', rankScope: orgScope, destroy: 'deleted', defaults: () => ({ deleted: 0, versions: {} }), refs: () => [], ranked: false },
  // Graphics are not part of the catalogue the configurator caches: no catalogue version to bump.
  productGraphics: { table: 'productGraphics', rankScope: orgScope, destroy: 'archive', defaults: () => ({ archived: 0, nodes: [] }), refs: () => [], ranked: false },
};

export interface WriteDeps {
  repos: Repos;
  transaction: TransactionRunner;
}

type Changes = Record<string, { before: unknown; after: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const rowNotFound = () => notFound('notFound', 'Not found.');

/** Referenced rows must exist in the organisation; another organisation's ids answer like missing ones. */
async function assertRefs(deps: WriteDeps, decl: WriteDecl, orgId: number, props: Row, trx: Knex.Transaction): Promise<void> {
  for (const ref of decl.refs(props)) {
    const ids = [...new Set(ref.ids)];
    if (!ids.length) continue;
    const found = await deps.repos[ref.table].find({ id: ids, orgId }, { trx, columns: ['id'] });
    if (found.length !== ids.length) {
      const missing = ids.find((id) => !found.some((f) => (f as Row).id === id));
      throw notFound('referenceNotFound', `${ref.field}: ${missing} not found.`);
    }
  }
}

/**
 * Moves a row to a typed position among its scope (ordered by rank, then id) and renumbers all from
 * 1; the position is clamped to 1..count; the same position changes nothing. Answers the ranks changed.
 */
async function moveTo(deps: WriteDeps, decl: WriteDecl, row: Row, position: number, trx: Knex.Transaction): Promise<Record<string, [number, number]>> {
  const repo = deps.repos[decl.table];
  const scope = decl.rankScope(row);
  const rows = (await repo.find(scope, { trx, orderBy: ['rank', 'id'], columns: ['id', 'rank'] })) as Row[];
  const from = rows.findIndex((r) => r.id === row.id);
  const to = Math.min(Math.max(position, 1), rows.length) - 1;
  if (from < 0 || from === to) return {};
  const [moved] = rows.splice(from, 1);
  rows.splice(to, 0, moved!);
  const renumbered: Record<string, [number, number]> = {};
  const patches = rows.flatMap((r, i) => {
    if (Number(r.rank) === i + 1) return [];
    renumbered[String(r.id)] = [Number(r.rank), i + 1];
    return [{ id: r.id as number, patch: { rank: i + 1 } }];
  });
  await repo.updateEach(scope, patches, trx);
  return renumbered;
}

/** Renumbers a scope 1..count in its order (after a row left it). */
async function renumber(deps: WriteDeps, decl: WriteDecl, scope: Row, trx: Knex.Transaction): Promise<Record<string, [number, number]>> {
  const repo = deps.repos[decl.table];
  const rows = (await repo.find(scope, { trx, orderBy: ['rank', 'id'], columns: ['id', 'rank'] })) as Row[];
  const renumbered: Record<string, [number, number]> = {};
  const patches = rows.flatMap((r, i) => {
    if (Number(r.rank) === i + 1) return [];
    renumbered[String(r.id)] = [Number(r.rank), i + 1];
    return [{ id: r.id as number, patch: { rank: i + 1 } }];
  });
  await repo.updateEach(scope, patches, trx);
  return renumbered;
}

/** A dimensions property without data starts at max 0, min 0, interval 0. */
function dimensionsData(type: unknown, data: unknown): Row | undefined {
  if (type !== 'dimensions') return undefined;
  const d = (data ?? {}) as Row;
  if (d.maxDimension !== undefined && d.minDimension !== undefined && d.dimensionInterval !== undefined) return undefined;
  return { ...d, maxDimension: d.maxDimension ?? 0, minDimension: d.minDimension ?? 0, dimensionInterval: d.dimensionInterval ?? 0 };
}

/** 'YYYY-MM-DD HH:MM:SS' of this moment tomorrow (UTC). */
export function tomorrow(now = new Date()): string {
  return toDbDate(new Date(now.getTime() + 24 * 3600 * 1000));
}

/** The next version key: highest integer key + 1, or 1. */
export function nextVersionKey(versions: Row): string {
  const keys = Object.keys(versions).map(Number).filter(Number.isInteger);
  return String(keys.length ? Math.max(...keys) + 1 : 1);
}

function changesOf(before: Row, after: Row): Changes {
  const changes: Changes = {};
  for (const [k, v] of Object.entries(after)) if (!same(before[k], v)) changes[k] = { before: before[k] ?? null, after: v };
  return changes;
}

async function auditLine(deps: WriteDeps, trx: Knex.Transaction, access: Access, key: CatalogueWriteKey, id: number, action: string, data: Row): Promise<void> {
  await audit(deps.repos, trx, { orgId: access.orgId, userId: access.user.id, entity: key, entityId: id, action, data });
}

/** Creates a row: default title and settings, last in its list (highest rank + 1), then moved to a rank if one is given. */
export async function createRow(deps: WriteDeps, access: Access, key: CatalogueWriteKey, props: Row): Promise<Row> {
  const decl = WRITES[key];
  const repo = deps.repos[decl.table];
  return deps.transaction(async (trx) => {
    const { orgId: _orgId, rank, ...given } = props;
    await assertRefs(deps, decl, access.orgId, given, trx);
    const row: Row = { ...decl.defaults(), title: NEW_ROW_TITLES[key], ...given, orgId: access.orgId };
    if (key === 'productProperties') row.data = dimensionsData(row.type, row.data) ?? row.data;
    if (decl.ranked) {
      const last = (await repo.find(decl.rankScope(row), { trx, orderBy: ['rank'], columns: ['rank'] })).at(-1) as Row | undefined;
      row.rank = (last ? Number(last.rank) : 0) + 1;
    }
    const id = await repo.insert(row, trx);
    const created = { ...row, id };
    if (key === 'productPropertyGroups' && idKeys(row.properties).length) {
      await syncGroupMembership(deps, trx, access, { kind: 'group', groupId: id, before: [], after: idKeys(row.properties) });
    }
    if (key === 'productProperties' && typeof row.productPropertyGroupId === 'number') {
      await syncGroupMembership(deps, trx, access, { kind: 'property', propertyId: id, from: null, to: row.productPropertyGroupId });
    }
    const renumbered = decl.ranked && typeof rank === 'number' ? await moveTo(deps, decl, created, rank, trx) : {};
    await auditLine(deps, trx, access, key, id, 'create', { changes: changesOf({}, row), ...(Object.keys(renumbered).length ? { renumbered } : {}) });
    if (key === 'productProperties') {
      // A new property starts with one option.
      const option = { ...WRITES.productOptions.defaults(), orgId: access.orgId, productPropertyId: id, title: NEW_ROW_TITLES.productOptions, rank: 1 };
      const optionId = await deps.repos.productOptions.insert(option, trx);
      await auditLine(deps, trx, access, 'productOptions', optionId, 'create', { changes: changesOf({}, option) });
    }
    return (await repo.findOne({ id }, trx)) as Row;
  });
}

/** The organisation of a row, or 404 (missing): what the caller must be an owner of. */
export async function orgOfRow(deps: WriteDeps, key: CatalogueWriteKey, id: number): Promise<number> {
  const [row] = await deps.repos[WRITES[key].table].find({ id }, { columns: ['orgId'] });
  if (!row) throw rowNotFound();
  return (row as Row).orgId as number;
}

/**
 * A version as saved: what the client sent prices; where it stands (draft or published, by whom,
 * when) stays as stored, so a draft is published only by the publish call, with its checks, and a
 * published version never turns back into a draft. A new key is a draft when sent as one
 * (`draft: true`), else in force at once as before drafts existed.
 */
function savedVersion(stored: PricingRuleVersion | undefined, sent: PricingRuleVersion, by: { userId: number; now: Date }): PricingRuleVersion {
  const content = versionContent(sent);
  if (stored) return { ...content, ...versionStatus(stored) };
  return isDraftVersion(sent) ? { ...content, ...versionStatus({ draft: true, draftedBy: by.userId, draftedAt: toDbDate(by.now) }) } : content;
}

/**
 * Pricing rule version edits: replace or delete by key, or add the next one — a draft, dated
 * tomorrow, with no expressions: it prices nothing until it is published.
 */
function pricingVersions(current: Row, edits: Record<string, unknown> | undefined, addVersion: boolean, by: { userId: number; now: Date }): Row {
  const versions: Row = { ...current };
  for (const [k, v] of Object.entries(edits ?? {})) {
    if (v === null) {
      if (!(k in versions)) throw notFound('versionNotFound', `Version ${k} not found.`);
      delete versions[k];
    } else versions[k] = savedVersion(Object.hasOwn(current, k) ? (current[k] as PricingRuleVersion) : undefined, v as PricingRuleVersion, by);
  }
  if (addVersion) {
    versions[nextVersionKey(versions)] = { created: tomorrow(by.now), expressions: [], ...versionStatus({ draft: true, draftedBy: by.userId, draftedAt: toDbDate(by.now) }) };
  }
  return versions;
}

/**
 * A property belongs to at most one group, and the two sides say the same: the group's `properties`
 * map and the property's productPropertyGroupId. A write to either side brings the other in step in
 * the same transaction, each derived change audited (`data.groupMembership`).
 */
async function syncGroupMembership(
  deps: WriteDeps,
  trx: Knex.Transaction,
  access: Access,
  change: { kind: 'group'; groupId: number; before: number[]; after: number[] } | { kind: 'property'; propertyId: number; from: number | null; to: number | null },
): Promise<void> {
  const { repos } = deps;
  const orgId = access.orgId;
  const setGroupOf = async (propertyId: number, groupId: number | null) => {
    const property = (await repos.productProperties.findOne({ id: propertyId, orgId }, trx)) as Row | undefined;
    if (!property || (property.productPropertyGroupId ?? null) === groupId) return property;
    await repos.productProperties.update({ id: propertyId, orgId }, { productPropertyGroupId: groupId }, trx);
    await auditLine(deps, trx, access, 'productProperties', propertyId, 'update', {
      changes: { productPropertyGroupId: { before: property.productPropertyGroupId ?? null, after: groupId } },
      groupMembership: true,
    });
    return property;
  };
  const editMap = async (groupId: number, propertyId: number, member: boolean) => {
    const group = (await repos.productPropertyGroups.lockOne({ id: groupId, orgId }, trx)) as Row | undefined;
    if (!group) return;
    const map = { ...((group.properties ?? {}) as Row) };
    const key = String(propertyId);
    if ((key in map) === member) return;
    if (member) map[key] = {};
    else delete map[key];
    await repos.productPropertyGroups.update({ id: groupId, orgId }, { properties: map }, trx);
    await auditLine(deps, trx, access, 'productPropertyGroups', groupId, 'update', { changes: { properties: { before: group.properties ?? {}, after: map } }, groupMembership: true });
  };

  if (change.kind === 'group') {
    for (const id of change.after.filter((p) => !change.before.includes(p))) {
      const property = await setGroupOf(id, change.groupId);
      const old = (property?.productPropertyGroupId ?? null) as number | null;
      if (old !== null && old !== change.groupId) await editMap(old, id, false);
    }
    for (const id of change.before.filter((p) => !change.after.includes(p))) {
      const property = (await repos.productProperties.findOne({ id, orgId }, trx)) as Row | undefined;
      if (property && property.productPropertyGroupId === change.groupId) await setGroupOf(id, null);
    }
  } else {
    if (change.from !== null) await editMap(change.from, change.propertyId, false);
    if (change.to !== null) await editMap(change.to, change.propertyId, true);
  }
}

/**
 * Updates a row: fields that differ are written and audited (before/after); a rank is a move among
 * its list. Nothing different: nothing written, the row answered as it is.
 */
export async function updateRow(deps: WriteDeps, access: Access, key: CatalogueWriteKey, id: number, props: Row, opts: { addVersion?: boolean } = {}): Promise<Row> {
  const decl = WRITES[key];
  const repo = deps.repos[decl.table];
  return deps.transaction(async (trx) => {
    const before = (await repo.lockOne({ id, orgId: access.orgId }, trx)) as Row | undefined;
    if (!before) throw rowNotFound();
    const { rank, ...given } = props;
    await assertRefs(deps, decl, access.orgId, given, trx);
    const patch: Row = { ...given };
    if (key === 'productProperties') {
      const data = dimensionsData(patch.type ?? before.type, patch.data ?? before.data);
      if (data) patch.data = data;
    }
    if (key === 'productPricingRules' && (patch.versions !== undefined || opts.addVersion)) {
      patch.versions = pricingVersions((before.versions ?? {}) as Row, patch.versions as Record<string, unknown> | undefined, !!opts.addVersion, { userId: access.user.id, now: new Date() });
    }
    const changes = changesOf(before, patch);
    const changed = Object.fromEntries(Object.keys(changes).map((k) => [k, patch[k]]));
    if (Object.keys(changed).length) await repo.update({ id, orgId: access.orgId }, changed, trx);
    if (key === 'productPropertyGroups' && 'properties' in changed) {
      await syncGroupMembership(deps, trx, access, { kind: 'group', groupId: id, before: idKeys(before.properties), after: idKeys(changed.properties) });
    }
    if (key === 'productProperties' && 'productPropertyGroupId' in changed) {
      await syncGroupMembership(deps, trx, access, { kind: 'property', propertyId: id, from: (before.productPropertyGroupId ?? null) as number | null, to: (changed.productPropertyGroupId ?? null) as number | null });
    }
    const renumbered = decl.ranked && typeof rank === 'number' ? await moveTo(deps, decl, before, rank, trx) : {};
    if (renumbered[String(id)]) changes.rank = { before: renumbered[String(id)]![0], after: renumbered[String(id)]![1] };
    if (Object.keys(changes).length || Object.keys(renumbered).length) {
      await auditLine(deps, trx, access, key, id, 'update', { changes, ...(Object.keys(renumbered).length ? { renumbered } : {}) });
    }
    return (await repo.findOne({ id }, trx)) as Row;
  });
}

/**
 * Destroys a row as the catalogue does: products, properties, options and categories are archived,
 * a pricing rule is marked deleted, a property group is deleted (its properties leave it, the other
 * groups are renumbered).
 */
export async function destroyRow(deps: WriteDeps, access: Access, key: CatalogueWriteKey, id: number): Promise<Row> {
  const decl = WRITES[key];
  if (decl.destroy === 'archive') return updateRow(deps, access, key, id, { archived: 1 });
  if (decl.destroy === 'deleted') return updateRow(deps, access, key, id, { deleted: 1 });
  const repo = deps.repos[decl.table];
  return deps.transaction(async (trx) => {
    const before = (await repo.lockOne({ id, orgId: access.orgId }, trx)) as Row | undefined;
    if (!before) throw rowNotFound();
    const members = (await deps.repos.productProperties.find({ orgId: access.orgId, productPropertyGroupId: id }, { trx, columns: ['id'] })) as Row[];
    if (members.length) await deps.repos.productProperties.update({ orgId: access.orgId, productPropertyGroupId: id }, { productPropertyGroupId: null }, trx);
    await repo.delete({ id, orgId: access.orgId }, trx);
    const renumbered = await renumber(deps, decl, decl.rankScope(before), trx);
    await auditLine(deps, trx, access, key, id, 'destroy', {
      deleted: before,
      ungroupedProperties: members.map((m) => m.id),
      ...(Object.keys(renumbered).length ? { renumbered } : {}),
    });
    return { id };
  });
}

/** Fields a copy does not take from its original: its identity and its audit dates. */
const NOT_COPIED = ['id', 'created', 'lastUpdated', 'rank'] as const;
const copyOf = (row: Row): Row => {
  const copy = { ...row };
  for (const k of NOT_COPIED) delete copy[k];
  return copy;
};

/**
 * Duplicates a product or a property: the record without its id and audit dates, the title with
 * ' (copy)' (cut to the title's 255 characters), last in its list. A property's options are copied
 * with it (archived ones too, ranks kept), so the copy offers the same choices. One transaction,
 * one audit line per row created.
 */
export async function duplicateRow(deps: WriteDeps, access: Access, key: CatalogueDuplicateKey, id: number): Promise<Row> {
  const decl = WRITES[key];
  const repo = deps.repos[decl.table];
  return deps.transaction(async (trx) => {
    const original = (await repo.findOne({ id, orgId: access.orgId }, trx)) as Row | undefined;
    if (!original) throw rowNotFound();
    const row: Row = { ...copyOf(original), title: `${String(original.title ?? '')}${DUPLICATE_TITLE_SUFFIX}`.slice(0, 255) };
    const last = (await repo.find(decl.rankScope(row), { trx, orderBy: ['rank'], columns: ['rank'] })).at(-1) as Row | undefined;
    row.rank = (last ? Number(last.rank) : 0) + 1;
    const newId = await repo.insert(row, trx);
    await auditLine(deps, trx, access, key, newId, 'duplicate', { from: id, changes: changesOf({}, row) });
    if (key === 'productProperties' && typeof row.productPropertyGroupId === 'number') {
      await syncGroupMembership(deps, trx, access, { kind: 'property', propertyId: newId, from: null, to: row.productPropertyGroupId });
    }
    if (key === 'productProperties') {
      const options = (await deps.repos.productOptions.find({ orgId: access.orgId, productPropertyId: id }, { trx, orderBy: ['rank', 'id'] })) as Row[];
      for (const option of options) {
        const copy = { ...copyOf(option), rank: option.rank, productPropertyId: newId };
        const optionId = await deps.repos.productOptions.insert(copy, trx);
        await auditLine(deps, trx, access, 'productOptions', optionId, 'duplicate', { from: option.id, changes: changesOf({}, copy) });
      }
    }
    return (await repo.findOne({ id: newId }, trx)) as Row;
  });
}

export function assertChangeRequested(props: unknown, addVersion: unknown): void {
  if (props === undefined && !addVersion) throw badRequest('props or addVersion is required');
}
