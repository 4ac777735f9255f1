import type { Knex } from 'knex';
import { isMysql } from './knex.ts';
import { isUniqueViolation } from './errors.ts';
import { normaliseDbDate, nowUtc } from './time.ts';
import { refreshListRows, type ListRowsChange } from './ordersListRows.ts';
import { SEARCH_TEXT_SOURCES } from './ordersSearch.ts';
import type {
  ArchCustomViewJson,
  ArchElevationJson,
  ArchWallJson,
  EntityJson,
  MediumJson,
  PaymentEnvironment,
  Product,
  ProductCanvasLineJson,
  ProductCanvasTextJson,
  ProductCategory,
  ProductGraphicJson,
  ProductOption,
  ProductPricingRule,
  ProductProperty,
  ProductPropertyGroupJson,
  ProductRule,
  UserGroupJson,
} from '@cpq/domain';
import { PROCESSING_PAYMENT_STATES } from '@cpq/domain';
import type * as R from './rows.ts';

/**
 * The one place where rows become API objects and back:
 * - snake_case columns ⇄ camelCase fields,
 * - JSON columns parsed / stringified (SQLite and MariaDB return them as strings, MySQL 8 as objects),
 * - DECIMAL columns to numbers (mysql2 returns strings),
 * - dates as UTC 'YYYY-MM-DD HH:MM:SS' strings,
 * - inserted ids read back portably (knex returns [id] on SQLite and MySQL; .returning() is not used).
 */
export type Row = R.Row;

export interface TableSpec {
  table: string;
  /** JSON columns (camelCase) with the value used when the column is NULL. */
  json?: Record<string, () => unknown>;
  decimals?: string[];
  dates?: string[];
  /** created + last_updated maintained here. */
  timestamps?: boolean;
  /** created only. */
  createdOnly?: boolean;
  afterRead?: (o: Row) => Row;
  beforeWrite?: (o: Row) => Row;
  /** Catalogue tables: every write bumps the organisation's catalogue version (cache invalidation). */
  catalogue?: boolean;
  /**
   * Parts of an order (rows with product_order_id): every write bumps their order's revision, so
   * what is kept in memory of an order (order data) is known stale in every API process.
   */
  orderPart?: boolean;
  /** The order table itself: every update bumps its revision. */
  revisioned?: boolean;
  /**
   * What the orders list reads (db/ordersListRows.ts): the orders themselves, or their items (the
   * products they use). A write that changes it rewrites the orders' list rows.
   */
  searchSource?: 'order' | 'orderPart';
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
export const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const obj = () => ({});
const arr = () => [];

/** Transactions that wrote a catalogue table: what they read of the catalogue may never be committed. */
const catalogueWriters = new WeakSet<object>();

/** Whether a transaction has written to a catalogue table (its view of the catalogue must not be cached). */
export function wroteCatalogue(trx: Knex.Transaction): boolean {
  return catalogueWriters.has(trx);
}

/** Bumps organisations.catalogue_version for the organisations a catalogue write touched. */
async function bumpCatalogueVersion(q: Knex | Knex.Transaction, orgIds: readonly number[]): Promise<void> {
  const ids = [...new Set(orgIds.filter((id) => typeof id === 'number'))];
  if (!ids.length) return;
  if ((q as Knex.Transaction).isTransaction) catalogueWriters.add(q);
  await q('organisations').whereIn('id', ids).increment('catalogue_version', 1);
}

/** Bumps product_orders.revision of the orders a write to one of their parts touched. */
async function bumpOrderRevision(q: Knex | Knex.Transaction, orderIds: readonly number[]): Promise<void> {
  const ids = [...new Set(orderIds.filter((id) => typeof id === 'number'))];
  if (ids.length) await q('product_orders').whereIn('id', ids).increment('revision', 1);
}

export class Repo<T extends object = Row> {
  constructor(
    private readonly db: Knex,
    readonly spec: TableSpec,
  ) {}

  q(trx?: Knex.Transaction): Knex.QueryBuilder {
    return (trx ?? this.db)(this.spec.table);
  }

  /** How each column is read, worked out once per column name (rows are read on every request). */
  private readonly readers = new Map<string, { key: string; read: (v: unknown) => unknown }>();

  private readerOf(column: string): { key: string; read: (v: unknown) => unknown } {
    let r = this.readers.get(column);
    if (!r) {
      const key = camel(column);
      const jsonDefault = this.spec.json?.[key];
      let read: (v: unknown) => unknown;
      if (jsonDefault) read = (v) => (v == null ? jsonDefault() : typeof v === 'string' ? JSON.parse(v) : v);
      else if (this.spec.decimals?.includes(key)) read = (v) => (v == null ? null : Number(v));
      else if (key === 'created' || key === 'lastUpdated' || this.spec.dates?.includes(key)) read = normaliseDbDate;
      else read = (v) => v;
      r = { key, read };
      this.readers.set(column, r);
    }
    return r;
  }

  fromRow(row: Row): T {
    const out: Row = {};
    for (const column in row) {
      const r = this.readerOf(column);
      out[r.key] = r.read(row[column]);
    }
    return (this.spec.afterRead ? this.spec.afterRead(out) : out) as T;
  }

  toRow(o: Partial<T> | Row): Row {
    const src = this.spec.beforeWrite ? this.spec.beforeWrite({ ...(o as Row) }) : (o as Row);
    const out: Row = {};
    for (const [k, v] of Object.entries(src)) {
      if (v === undefined) continue;
      if (this.spec.json?.[k]) out[snake(k)] = v == null ? null : JSON.stringify(v);
      else if (typeof v === 'boolean') out[snake(k)] = v ? 1 : 0;
      else out[snake(k)] = v;
    }
    return out;
  }

  private applyWhere(qb: Knex.QueryBuilder, where: Row): Knex.QueryBuilder {
    for (const [k, v] of Object.entries(where)) {
      if (v === undefined) continue;
      const col = `${this.spec.table}.${snake(k)}`;
      if (Array.isArray(v)) qb.whereIn(col, v as readonly string[]);
      else if (v === null) qb.whereNull(col);
      else qb.where(col, v as string | number);
    }
    return qb;
  }

  /**
   * SQL text of each read, by its shape (columns, filters, order, limit, lock), built once with the
   * query builder and then run as it is: building SQL costs more than running it on the hot reads.
   */
  private readonly sqlByShape = new Map<string, string>();

  private async select(where: Row, opts: { trx?: Knex.Transaction; orderBy?: readonly string[]; columns?: readonly string[]; first?: boolean; lock?: boolean }): Promise<Row[]> {
    const db = opts.trx ?? this.db;
    const filters = Object.entries(where).filter(([, v]) => v !== undefined);
    const bindings: Knex.Value[] = [];
    const shape = [opts.columns?.join(',') ?? '*', (opts.orderBy ?? ['id']).join(','), opts.first ? 'first' : '', opts.lock ? 'lock' : ''];
    for (const [k, v] of filters) {
      if (Array.isArray(v)) {
        shape.push(`${k}[${v.length}]`);
        bindings.push(...(v as Knex.Value[]));
      } else if (v === null) shape.push(`${k}=null`);
      else {
        shape.push(k);
        bindings.push(v as Knex.Value);
      }
    }
    if (opts.first) bindings.push(1); // the builder's `limit ?`
    const key = shape.join('|');
    let sql = this.sqlByShape.get(key);
    if (sql === undefined) {
      const select = opts.columns ? opts.columns.map((c) => `${this.spec.table}.${snake(c)}`) : [`${this.spec.table}.*`];
      const qb = this.applyWhere(this.q(opts.trx).select(select), where);
      if (opts.first) qb.first(...select);
      else for (const o of opts.orderBy ?? ['id']) qb.orderBy(snake(o));
      if (opts.lock) qb.forUpdate();
      const built = qb.toSQL();
      // The bindings are taken in the same order as the builder's: a mismatch would read wrong rows.
      if (JSON.stringify(built.bindings) !== JSON.stringify(bindings)) throw new Error(`Repo ${this.spec.table}: unexpected bindings for ${key}`);
      sql = built.sql;
      if (this.sqlByShape.size < 500) this.sqlByShape.set(key, sql);
    }
    const res = (await db.raw(sql, bindings)) as unknown;
    // mysql2 answers [rows, fields]; better-sqlite3 the rows.
    return (isMysql(db) ? (res as [Row[]])[0] : res) as Row[];
  }

  /** Rows matching `where`; `columns` reads only those fields (no JSON to parse when they are plain). */
  async find(where: Row = {}, opts: { trx?: Knex.Transaction; orderBy?: string[]; columns?: readonly string[] } = {}): Promise<T[]> {
    const rows = await this.select(where, opts);
    return rows.map((r) => this.fromRow(r));
  }

  async findOne(where: Row, trx?: Knex.Transaction): Promise<T | undefined> {
    const [row] = await this.select(where, { trx, first: true });
    return row ? this.fromRow(row) : undefined;
  }

  /**
   * The row, locked until the transaction ends (MySQL/MariaDB `SELECT … FOR UPDATE`: one statement
   * for the lock and the read; SQLite serialises write transactions already).
   */
  async lockOne(where: Row, trx: Knex.Transaction): Promise<T | undefined> {
    const [row] = await this.select(where, { trx, first: true, lock: isMysql(trx) });
    return row ? this.fromRow(row) : undefined;
  }

  /** Σ column over the rows matching `where` (0 when none). */
  async sum(column: string, where: Row, trx?: Knex.Transaction): Promise<number> {
    const r = (await this.applyWhere(this.q(trx).sum({ s: snake(column) }), where).first()) as { s: number | string | null } | undefined;
    return Number(r?.s ?? 0);
  }

  async count(where: Row = {}, trx?: Knex.Transaction): Promise<number> {
    const r = (await this.applyWhere(this.q(trx).count({ n: '*' }), where).first()) as { n: number | string } | undefined;
    return Number(r?.n ?? 0);
  }

  withDefaults(o: Partial<T> | Row): Row {
    const now = nowUtc();
    const full: Row = { ...(o as Row) };
    for (const [k, def] of Object.entries(this.spec.json ?? {})) if (full[k] === undefined) full[k] = def();
    if (this.spec.timestamps) {
      full.created ??= now;
      full.lastUpdated ??= full.created;
    } else if (this.spec.createdOnly) full.created ??= now;
    return full;
  }

  /** Inserts one row and answers its id (explicit or generated). */
  async insert(o: Partial<T> | Row, trx?: Knex.Transaction): Promise<number> {
    const row = this.toRow(this.withDefaults(o));
    const res: unknown = await this.q(trx).insert(row);
    if (this.spec.catalogue) await bumpCatalogueVersion(trx ?? this.db, [row.org_id as number]);
    if (this.spec.orderPart) await bumpOrderRevision(trx ?? this.db, [row.product_order_id as number]);
    const id = typeof row.id === 'number' ? row.id : Number((res as number[])[0]);
    if (this.spec.searchSource === 'order') await refreshListRows(trx ?? this.db, [id], 'users');
    if (this.spec.searchSource === 'orderPart') await refreshListRows(trx ?? this.db, [row.product_order_id as number], 'text');
    return id;
  }

  async insertMany(list: Array<Partial<T> | Row>, trx?: Knex.Transaction): Promise<void> {
    const rows = list.map((o) => this.toRow(this.withDefaults(o)));
    for (let i = 0; i < rows.length; i += 100) await this.q(trx).insert(rows.slice(i, i + 100));
    if (this.spec.catalogue) await bumpCatalogueVersion(trx ?? this.db, rows.map((r) => r.org_id as number));
    if (this.spec.orderPart) await bumpOrderRevision(trx ?? this.db, rows.map((r) => r.product_order_id as number));
    if (this.spec.searchSource === 'orderPart') await refreshListRows(trx ?? this.db, rows.map((r) => r.product_order_id as number), 'text');
    if (this.spec.searchSource === 'order') {
      // Several orders inserted at once: found again by their organisation and number.
      for (const r of rows) {
        const found = (await this.q(trx).select('id').where({ org_id: r.org_id, org_specific_id: r.org_specific_id })) as Array<{ id: number }>;
        await refreshListRows(trx ?? this.db, found.map((f) => f.id), 'users');
      }
    }
  }

  /** The values of a column a where clause reaches (the organisations or orders a write touches). */
  private async idsOf(column: 'id' | 'orgId' | 'productOrderId', where: Row, trx?: Knex.Transaction): Promise<number[]> {
    const given = where[column];
    if (typeof given === 'number') return [given];
    const rows = (await this.applyWhere(this.q(trx).distinct(snake(column)), where)) as Row[];
    return rows.map((r) => r[snake(column)] as number);
  }

  /**
   * Orders whose list rows a write (a patch; none: a delete) to the rows `where` may change, and how:
   * every order update moves lastUpdated (a list column); some change its search text or who can reach it.
   */
  private async listedOrders(where: Row, patch: Row | undefined, orderIds: readonly number[], trx?: Knex.Transaction): Promise<{ ids: number[]; change: ListRowsChange }> {
    const source = this.spec.searchSource;
    if (source === 'order') {
      const keys = patch ? Object.keys(patch) : [];
      const change: ListRowsChange = !patch || keys.some((k) => k === 'userId' || k === 'involvedUsers') ? 'users' : keys.some((k) => SEARCH_TEXT_SOURCES.has(k)) ? 'text' : 'columns';
      return { ids: await this.idsOf('id', where, trx), change };
    }
    if (source !== 'orderPart' || (patch && !('productId' in patch) && !('productOrderId' in patch))) return { ids: [], change: 'columns' };
    return { ids: typeof patch?.productOrderId === 'number' ? [...orderIds, patch.productOrderId] : [...orderIds], change: 'text' };
  }

  /** What a write to the rows `where` reaches must be noted: catalogue versions, order revisions, list rows. */
  private async reached(where: Row, trx?: Knex.Transaction, patch?: Row): Promise<() => Promise<void>> {
    const orgIds = this.spec.catalogue ? await this.idsOf('orgId', where, trx) : [];
    const orderIds = this.spec.orderPart ? await this.idsOf('productOrderId', where, trx) : [];
    const listed = await this.listedOrders(where, patch, orderIds, trx);
    return async () => {
      await bumpCatalogueVersion(trx ?? this.db, orgIds);
      await bumpOrderRevision(trx ?? this.db, orderIds);
      await refreshListRows(trx ?? this.db, listed.ids, listed.change);
    };
  }

  async update(where: Row, patch: Partial<T> | Row, trx?: Knex.Transaction): Promise<number> {
    const full: Row = { ...(patch as Row) };
    if (this.spec.timestamps) full.lastUpdated ??= nowUtc();
    const note = await this.reached(where, trx, patch as Row);
    const row = this.toRow(full);
    if (this.spec.revisioned) row.revision = (trx ?? this.db).raw('?? + 1', ['revision']);
    const n = await this.applyWhere(this.q(trx), where).update(row);
    await note();
    return n;
  }

  /**
   * Writes a different patch to each of many rows in one statement per 200 rows
   * (`SET col = CASE id WHEN … THEN … END … WHERE id IN (…)`), instead of one UPDATE per row.
   * Every patch must name the same fields. `where` narrows the rows further (e.g. their order).
   */
  async updateEach(where: Row, patches: ReadonlyArray<{ id: number; patch: Partial<T> | Row }>, trx?: Knex.Transaction): Promise<void> {
    if (patches.length === 0) return;
    const db = trx ?? this.db;
    const now = nowUtc();
    const note = await this.reached(where, trx, Object.assign({}, ...patches.map((p) => p.patch)) as Row);
    for (let i = 0; i < patches.length; i += 200) {
      const chunk = patches.slice(i, i + 200);
      const rows = chunk.map(({ patch }) => this.toRow(this.spec.timestamps ? { ...(patch as Row), lastUpdated: now } : (patch as Row)));
      const columns = Object.keys(rows[0]!);
      const set: Row = {};
      for (const col of columns) {
        if (rows.some((r) => Object.keys(r).length !== columns.length || !(col in r))) throw new Error(`updateEach: every patch must name the same fields (${col})`);
        if (rows.every((r) => r[col] === rows[0]![col])) {
          set[col] = rows[0]![col];
          continue;
        }
        const cases = chunk.map(() => 'when ? then ?').join(' ');
        set[col] = db.raw(`case ?? ${cases} end`, ['id', ...chunk.flatMap((c, n) => [c.id, rows[n]![col] as Knex.Value])]);
      }
      await this.applyWhere(this.q(trx), where).whereIn('id', chunk.map((c) => c.id)).update(set);
    }
    await note();
  }

  async delete(where: Row, trx?: Knex.Transaction): Promise<number> {
    const note = await this.reached(where, trx);
    const n = await this.applyWhere(this.q(trx), where).delete();
    await note();
    return n;
  }
}

/**
 * Card payments (order_payments). Every change of one is decided by the payment machine of
 * packages/domain in the transaction that locks its order; reads in that transaction lock the row too
 * (MySQL/MariaDB read a snapshot taken before the order's lock otherwise).
 */
export class OrderPaymentsRepo extends Repo<R.OrderPaymentRow> {
  /** The payment of a provider's intent. */
  byIntent(intentId: string, environment?: PaymentEnvironment, trx?: Knex.Transaction): Promise<R.OrderPaymentRow | undefined> {
    return this.findOne({ intentId, environment }, trx);
  }

  /** The order's live payments (the ones that may still take money), locked for the transaction, oldest first. */
  async lockLiveOfOrder(productOrderId: number, trx: Knex.Transaction): Promise<R.OrderPaymentRow[]> {
    const qb = this.q(trx).select('*').where({ product_order_id: productOrderId, live: 1 }).orderBy('id');
    if (isMysql(trx)) qb.forUpdate();
    return ((await qb) as Row[]).map((r) => this.fromRow(r));
  }

  /** Payments the provider has not settled yet (confirming or processing) that have an intent: of one order, or of all (the sweeper). */
  async unsettled(where: { productOrderId?: number } = {}, trx?: Knex.Transaction): Promise<R.OrderPaymentRow[]> {
    const rows = await this.find({ ...where, state: [...PROCESSING_PAYMENT_STATES] }, { trx });
    return rows.filter((p) => p.intentId !== null);
  }

  /**
   * Inserts a live payment. Its order, step, amount, environment and provider are unique among live
   * payments: when another caller (another API process) inserted the same payment first, that one is
   * answered instead.
   */
  async insertLive(payment: Omit<R.OrderPaymentRow, 'id' | 'live' | 'created' | 'lastUpdated'>, trx: Knex.Transaction): Promise<R.OrderPaymentRow> {
    try {
      const id = await this.insert({ ...payment, live: 1 }, trx);
      return (await this.lockOne({ id }, trx))!;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const same = await this.lockOne(
        { productOrderId: payment.productOrderId, statusKey: payment.statusKey, amountInCents: payment.amountInCents, environment: payment.environment, provider: payment.provider, live: 1 },
        trx,
      );
      if (!same) throw err;
      return same;
    }
  }
}

/** Provider events already handled (processed_webhook_events). */
export class ProcessedWebhookEventsRepo extends Repo<Row> {
  /**
   * Marks a provider's event as handled, in the transaction that applies it; false when it already was.
   * A copy delivered at the same moment waits on this row until the first commits (or rolls back).
   */
  async claim(eventId: string, provider: string, trx: Knex.Transaction): Promise<boolean> {
    try {
      await this.insert({ eventId, provider }, trx);
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }
}

/** Each order's timeline (order_status_events): status changes, payments, refunds due. */
export class OrderStatusEventsRepo extends Repo<R.OrderStatusEventRow> {
  append(event: Omit<R.OrderStatusEventRow, 'id' | 'created'>, trx: Knex.Transaction): Promise<number> {
    return this.insert(event, trx);
  }

  /** The order's timeline, oldest first, with the name of whoever acted. */
  async timeline(productOrderId: number, trx?: Knex.Transaction): Promise<Array<R.OrderStatusEventRow & { firstName: string | null; lastName: string | null; email: string | null }>> {
    const rows = (await this.q(trx)
      .leftJoin('users as u', 'u.id', 'order_status_events.user_id')
      .select('order_status_events.*', 'u.first_name', 'u.last_name', 'u.email')
      .where('order_status_events.product_order_id', productOrderId)
      .orderBy('order_status_events.id', 'asc')) as Row[];
    return rows.map((r) => this.fromRow(r) as R.OrderStatusEventRow & { firstName: string | null; lastName: string | null; email: string | null });
  }
}

/** Table declarations: JSON columns, decimals, dates. */
export const TABLES = {
  organisations: { table: 'organisations', json: { appData: () => ({ designEngine: {} }) }, timestamps: true },
  users: { table: 'users', json: { appData: obj }, timestamps: true },
  memberships: { table: 'memberships', json: { accessData: obj }, timestamps: true },
  devices: { table: 'devices', dates: ['lastSeen'] },
  sessions: { table: 'sessions', json: { guestModeOrgIds: arr }, dates: ['expires', 'lastSeen'] },
  auditLog: { table: 'audit_log', json: { data: obj }, createdOnly: true },
  userGroups: { table: 'user_groups', json: { userIds: arr }, timestamps: true },
  guests: {
    table: 'guests',
    json: { discount: () => null, integrationsData: obj },
    createdOnly: true,
    // API shape of a guest: its settings under appData.designEngine, its access under orgAccessEdgeData.designEngine.
    afterRead: (g: Row): Row => ({
      id: g.id,
      orgId: g.orgId,
      userId: g.userId,
      email: g.email,
      firstName: g.firstName,
      lastName: g.lastName,
      created: g.created,
      appData: {
        designEngine: {
          discount: g.discount ?? null,
          disableSalesTax: !!g.disableSalesTax,
          integrationsData: g.integrationsData,
        },
      },
      orgAccessEdgeData: { designEngine: { pricingIsHidden: g.pricingIsHidden } },
    }),
  },
  productCategories: { table: 'product_categories', timestamps: true, catalogue: true },
  productPricingRules: { table: 'product_pricing_rules', json: { versions: obj }, timestamps: true, catalogue: true },
  // Media are part of the catalogue the browser receives (get-configurator-catalogue).
  media: { table: 'media', json: { associations: obj }, timestamps: true, catalogue: true },
  products: {
    table: 'products',
    json: { referenceCodes: obj, referenceCodeFormulas: obj, associations: () => ({ productProperties: {} }), exportPriceData: () => null },
    timestamps: true,
    catalogue: true,
  },
  productPropertyGroups: { table: 'product_property_groups', json: { properties: obj }, timestamps: true, catalogue: true },
  productProperties: { table: 'product_properties', json: { productOptionDataFields: arr, data: obj }, timestamps: true, catalogue: true },
  productOptions: { table: 'product_options', json: { data: obj, classifications: obj, referenceCodes: obj }, timestamps: true, catalogue: true },
  productOptionClassifiers: { table: 'product_option_classifiers', json: { data: obj }, timestamps: true, catalogue: true },
  productRules: { table: 'product_rules', json: { fromIds: arr, toIds: arr }, timestamps: true, catalogue: true },
  // Graphics travel with the catalogue (the order page draws with them): a change is a new catalogue version.
  productGraphics: { table: 'product_graphics', json: { nodes: arr }, timestamps: true, catalogue: true },
  productOrders: {
    table: 'product_orders',
    json: {
      statusData: obj,
      commandData: () => null,
      costs: obj,
      integrationData: obj,
      clientEmails: arr,
      addresses: obj,
      involvedUsers: obj,
    },
    decimals: ['shippingPercentage', 'discountPercentage', 'taxPercentage', 'tariffPercentage', 'amountPaidInCents', 'shippingFlatAmount', 'discountFlatAmount'],
    dates: ['lastPaymentDate', 'repriceAfter'],
    timestamps: true,
    revisioned: true,
    searchSource: 'order',
    // search_text belongs to the search index (db/ordersSearch.ts), prices_follow to the repricer's
    // search for due orders (services/repricer.ts): never read, sent or copied as fields.
    afterRead: (o: Row): Row => {
      const { addresses, searchText: _searchText, pricesFollow: _pricesFollow, ...rest } = o;
      const a = (addresses ?? {}) as Row;
      return { ...rest, deliveryAddress: a.deliveryAddress ?? null, billingAddress: a.billingAddress ?? null };
    },
    beforeWrite: (o: Row): Row => {
      const { deliveryAddress, billingAddress, searchText: _searchText, ...rest } = o;
      if (deliveryAddress !== undefined || billingAddress !== undefined) {
        rest.addresses = { deliveryAddress: deliveryAddress ?? null, billingAddress: billingAddress ?? null };
      }
      return rest;
    },
  },
  productInstances: {
    table: 'product_instances',
    json: { properties: obj, validationIssues: arr, pricingFailures: () => null, canvasPosition: () => null },
    decimals: ['customPriceInCents', 'unitPriceInCents', 'totalPriceInCents'],
    timestamps: true,
    orderPart: true,
    searchSource: 'orderPart',
  },
  archWalls: { table: 'arch_walls', json: { from: obj, to: obj }, decimals: ['height', 'thickness'], timestamps: true, orderPart: true },
  archElevations: { table: 'arch_elevations', json: { from: obj, to: obj }, decimals: ['height', 'thickness', 'viewDepth'], timestamps: true, orderPart: true },
  archCustomViews: { table: 'arch_custom_views', json: { drawingNotesData: obj }, timestamps: true, orderPart: true },
  entities: { table: 'entities', json: { data: obj, properties: obj }, timestamps: true, orderPart: true },
  productCanvasTexts: { table: 'product_canvas_texts', json: { position: obj }, decimals: ['width'], timestamps: true, orderPart: true },
  productCanvasLines: { table: 'product_canvas_lines', json: { from: obj, to: obj }, decimals: ['strokeWidth'], timestamps: true, orderPart: true },
  shareTokens: { table: 'share_tokens', dates: ['expires', 'revoked'], createdOnly: true },
  invitationTokens: { table: 'invitation_tokens', dates: ['expires', 'used'], createdOnly: true },
  orgCounters: { table: 'org_counters' },
  orderPayments: { table: 'order_payments', timestamps: true },
  processedWebhookEvents: { table: 'processed_webhook_events', createdOnly: true },
  orderStatusEvents: { table: 'order_status_events', createdOnly: true },
  // Derived rows (db/ordersListRows.ts keeps them in step with each order): read, never written here.
  productOrderUsers: { table: 'product_order_users' },
} satisfies Record<string, TableSpec>;

export type TableKey = keyof typeof TABLES;

/** The domain type each repository is bound to; tables the domain does not model yet stay `Row`. */
interface RowTypes {
  organisations: R.OrganisationRow;
  users: R.UserRow;
  memberships: R.MembershipRow;
  sessions: R.SessionRow;
  shareTokens: R.ShareTokenRow;
  invitationTokens: R.InvitationTokenRow;
  guests: R.GuestRow;
  productCategories: R.Stored<ProductCategory>;
  productPricingRules: R.Stored<ProductPricingRule>;
  products: R.Stored<Product>;
  productProperties: R.Stored<ProductProperty>;
  productOptions: R.Stored<ProductOption>;
  productOptionClassifiers: R.ProductOptionClassifierRow;
  productRules: R.Stored<ProductRule>;
  productOrders: R.ProductOrderRow;
  productInstances: R.ProductInstanceRow;
  productPropertyGroups: R.Stored<ProductPropertyGroupJson>;
  productGraphics: R.Stored<ProductGraphicJson>;
  media: R.Stored<MediumJson>;
  userGroups: R.Stored<UserGroupJson>;
  archWalls: R.Stored<ArchWallJson>;
  archElevations: R.Stored<ArchElevationJson>;
  archCustomViews: R.Stored<ArchCustomViewJson>;
  entities: R.Stored<EntityJson>;
  productCanvasTexts: R.Stored<ProductCanvasTextJson>;
  productCanvasLines: R.Stored<ProductCanvasLineJson>;
}
export type RowOf<K extends TableKey> = K extends keyof RowTypes ? RowTypes[K] : Row;

/** Tables whose repository has queries of its own. */
const REPO_CLASSES = {
  orderPayments: OrderPaymentsRepo,
  processedWebhookEvents: ProcessedWebhookEventsRepo,
  orderStatusEvents: OrderStatusEventsRepo,
} satisfies Partial<Record<TableKey, unknown>>;
type RepoClasses = typeof REPO_CLASSES;

export type Repos = { [K in TableKey]: K extends keyof RepoClasses ? InstanceType<RepoClasses[K]> : Repo<RowOf<K>> };

export function createRepos(db: Knex): Repos {
  const out: Partial<Record<TableKey, Repo<object>>> = {};
  for (const key of Object.keys(TABLES) as TableKey[]) {
    const Class = (REPO_CLASSES as Partial<Record<TableKey, new (db: Knex, spec: TableSpec) => Repo<object>>>)[key] ?? Repo;
    out[key] = new Class(db, TABLES[key] as TableSpec);
  }
  return out as Repos;
}
