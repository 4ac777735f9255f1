import type { Knex } from 'knex';
import { normaliseDbDate, nowUtc } from './time.ts';
import type {
  ArchCustomViewJson,
  ArchElevationJson,
  ArchWallJson,
  EntityJson,
  MediumJson,
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
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
export const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const obj = () => ({});
const arr = () => [];

/** Bumps organisations.catalogue_version for the organisations a catalogue write touched. */
async function bumpCatalogueVersion(q: Knex | Knex.Transaction, orgIds: readonly number[]): Promise<void> {
  const ids = [...new Set(orgIds.filter((id) => typeof id === 'number'))];
  if (ids.length) await q('organisations').whereIn('id', ids).increment('catalogue_version', 1);
}

export class Repo<T extends object = Row> {
  constructor(
    private readonly db: Knex,
    readonly spec: TableSpec,
  ) {}

  q(trx?: Knex.Transaction): Knex.QueryBuilder {
    return (trx ?? this.db)(this.spec.table);
  }

  fromRow(row: Row): T {
    const out: Row = {};
    for (const [k, v] of Object.entries(row)) {
      const key = camel(k);
      const jsonDefault = this.spec.json?.[key];
      if (jsonDefault) {
        out[key] = v == null ? jsonDefault() : typeof v === 'string' ? JSON.parse(v) : v;
      } else if (this.spec.decimals?.includes(key)) {
        out[key] = v == null ? null : Number(v);
      } else if (key === 'created' || key === 'lastUpdated' || this.spec.dates?.includes(key)) {
        out[key] = normaliseDbDate(v);
      } else {
        out[key] = v;
      }
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

  async find(where: Row = {}, opts: { trx?: Knex.Transaction; orderBy?: string[] } = {}): Promise<T[]> {
    const qb = this.applyWhere(this.q(opts.trx).select(`${this.spec.table}.*`), where);
    for (const o of opts.orderBy ?? ['id']) qb.orderBy(snake(o));
    const rows = (await qb) as Row[];
    return rows.map((r) => this.fromRow(r));
  }

  async findOne(where: Row, trx?: Knex.Transaction): Promise<T | undefined> {
    const row = (await this.applyWhere(this.q(trx).first(), where)) as Row | undefined;
    return row ? this.fromRow(row) : undefined;
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
    return typeof row.id === 'number' ? row.id : Number((res as number[])[0]);
  }

  async insertMany(list: Array<Partial<T> | Row>, trx?: Knex.Transaction): Promise<void> {
    const rows = list.map((o) => this.toRow(this.withDefaults(o)));
    for (let i = 0; i < rows.length; i += 100) await this.q(trx).insert(rows.slice(i, i + 100));
    if (this.spec.catalogue) await bumpCatalogueVersion(trx ?? this.db, rows.map((r) => r.org_id as number));
  }

  /** The organisations a where clause reaches (for catalogue version bumps). */
  private async orgIdsOf(where: Row, trx?: Knex.Transaction): Promise<number[]> {
    if (typeof where.orgId === 'number') return [where.orgId];
    const rows = (await this.applyWhere(this.q(trx).distinct('org_id'), where)) as Array<{ org_id: number }>;
    return rows.map((r) => r.org_id);
  }

  async update(where: Row, patch: Partial<T> | Row, trx?: Knex.Transaction): Promise<number> {
    const full: Row = { ...(patch as Row) };
    if (this.spec.timestamps) full.lastUpdated ??= nowUtc();
    const orgIds = this.spec.catalogue ? await this.orgIdsOf(where, trx) : [];
    const n = await this.applyWhere(this.q(trx), where).update(this.toRow(full));
    await bumpCatalogueVersion(trx ?? this.db, orgIds);
    return n;
  }

  async delete(where: Row, trx?: Knex.Transaction): Promise<number> {
    const orgIds = this.spec.catalogue ? await this.orgIdsOf(where, trx) : [];
    const n = await this.applyWhere(this.q(trx), where).delete();
    await bumpCatalogueVersion(trx ?? this.db, orgIds);
    return n;
  }
}

/** Table declarations: JSON columns, decimals, dates. */
export const TABLES = {
  organisations: { table: 'organisations', json: { appData: () => ({ designEngine: {} }) }, timestamps: true },
  users: { table: 'users', json: { appData: obj }, timestamps: true },
  memberships: { table: 'memberships', json: { accessData: obj }, timestamps: true },
  devices: { table: 'devices', dates: ['lastSeen'] },
  sessions: { table: 'sessions', dates: ['expires'] },
  loginAttempts: { table: 'login_attempts' },
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
  media: { table: 'media', json: { associations: obj }, timestamps: true },
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
  productGraphics: { table: 'product_graphics', json: { nodes: arr }, timestamps: true },
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
    dates: ['lastPaymentDate'],
    timestamps: true,
    afterRead: (o: Row): Row => {
      const { addresses, ...rest } = o;
      const a = (addresses ?? {}) as Row;
      return { ...rest, deliveryAddress: a.deliveryAddress ?? null, billingAddress: a.billingAddress ?? null };
    },
    beforeWrite: (o: Row): Row => {
      const { deliveryAddress, billingAddress, ...rest } = o;
      if (deliveryAddress !== undefined || billingAddress !== undefined) {
        rest.addresses = { deliveryAddress: deliveryAddress ?? null, billingAddress: billingAddress ?? null };
      }
      return rest;
    },
  },
  productInstances: {
    table: 'product_instances',
    json: { properties: obj, validationIssues: arr },
    decimals: ['customPriceInCents', 'unitPriceInCents', 'totalPriceInCents'],
    timestamps: true,
  },
  archWalls: { table: 'arch_walls', json: { from: obj, to: obj }, decimals: ['height', 'thickness'], timestamps: true },
  archElevations: { table: 'arch_elevations', json: { from: obj, to: obj }, decimals: ['height', 'thickness', 'viewDepth'], timestamps: true },
  archCustomViews: { table: 'arch_custom_views', json: { drawingNotesData: obj }, timestamps: true },
  entities: { table: 'entities', json: { data: obj, properties: obj }, timestamps: true },
  productCanvasTexts: { table: 'product_canvas_texts', json: { position: obj }, decimals: ['width'], timestamps: true },
  productCanvasLines: { table: 'product_canvas_lines', json: { from: obj, to: obj }, decimals: ['strokeWidth'], timestamps: true },
  shareTokens: { table: 'share_tokens', dates: ['expires', 'revoked'] },
  orgCounters: { table: 'org_counters' },
} satisfies Record<string, TableSpec>;

export type TableKey = keyof typeof TABLES;

/** The domain type each repository is bound to; tables the domain does not model yet stay `Row`. */
interface RowTypes {
  organisations: R.OrganisationRow;
  users: R.UserRow;
  memberships: R.MembershipRow;
  sessions: R.SessionRow;
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
export type Repos = { [K in TableKey]: Repo<RowOf<K>> };

export function createRepos(db: Knex): Repos {
  const out: Partial<Record<TableKey, Repo<object>>> = {};
  for (const key of Object.keys(TABLES) as TableKey[]) out[key] = new Repo<object>(db, TABLES[key] as TableSpec);
  return out as Repos;
}
