/**
 * The orders list at scale: 100,000 orders of organisation 850 in a dedicated MariaDB database
 * (bulk-inserted, spread over owners, categories, statuses and archived, titles and names drawn from
 * word lists, 1–4 items each), then get-configurator-orders-data over HTTP from the running portal
 * (`api/src/main.ts` in its own process) signed in as owner-850 (and guest-850) for every filter,
 * search and page, and the list's status counts, each person over one kept-alive connection with
 * Node's http (as a browser reuses its connection; fetch would add its own machinery to every call).
 * Baseline in the same run, in alternating rounds: the
 * page as one SQL statement run directly through knex in this process — its rows found by the filter's
 * index and, for a search, the full-text index (`ordersPageQuery` with `walk: false`: no walk of the
 * newest rows first), with the list fields (items, product, category, owner, failed prices) as the
 * API reads them in the same statement, and the items' choices for the advanced data as a subquery.
 * Both must find the same orders.
 * For the counts: the COUNT(*) per status over the list rows that the call ran before the counts
 * were maintained (docs/decisions/0107-maintained-order-counts.md); both must give the same numbers.
 * The database is dropped at the end (`ORDERS_BENCH_KEEP=1` keeps it and reuses it on the next run).
 */
import knexFactory, { type Knex } from 'knex';
import { newOrderCosts } from '@cpq/domain';
import { createDb } from '../../api/src/db/knex.ts';
import { migrateLatest } from '../../api/src/db/migrations/index.ts';
import { ordersPageQuery, type OrdersListFilter } from '../../api/src/db/ordersList.ts';
import { refreshAllListRows } from '../../api/src/db/ordersListRows.ts';
import { createRepos } from '../../api/src/db/repository.ts';
import { toDbDate } from '../../api/src/db/time.ts';
import { seedDemo } from '../../api/src/demo/index.ts';
import { getOrg, orgStatuses } from '../../api/src/services/orgs.ts';
import type { Benchmark, BenchTarget, Figures } from './lib.ts';
import { freePort, leanClient, MYSQL_URL, mysqlReachable, PortalUser, startChild } from './portal.ts';

const ORDERS = 100_000;
const ORG = 850;
const DATABASE = 'cpq_bench_orders';
const P95_TARGET_MS = 50;
/** HTTP p95 at most this many times the raw SQL's p95. */
const VS_RAW_TARGET = 2;
const KEEP = process.env.ORDERS_BENCH_KEEP === '1';
const COUNT_PATH = '/api/configurator/get-configurator-orders-count';
const RUNS = 100;
const WARMUP = 5;
const PATH = '/api/configurator/get-configurator-orders-data';
type LeanClient = ReturnType<typeof leanClient>;

// Word lists: a few common words, many rarer ones.
const PLACES = ['Harbour', 'Maple', 'Cedar', 'Granite', 'Willow', 'Summit', 'Riverside', 'Lakeside', 'Oakwood', 'Pinecrest', 'Bayview', 'Hillcrest', 'Meadow', 'Stonebridge', 'Brookfield', 'Fairview', 'Kingsley', 'Ashford', 'Beacon', 'Copper'];
const KINDS = ['Residence', 'Office', 'Villa', 'Showroom', 'Hotel', 'Clinic', 'Loft', 'Chalet', 'Studio', 'Gallery', 'Library', 'Restaurant', 'Penthouse', 'Cottage', 'Warehouse'];
const WORKS = ['Renovation', 'Fit-out', 'Refurbishment', 'Upgrade', 'New build', 'Extension', 'Lighting plan', 'Phase 2'];
const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Sofia', 'Mason', 'Isla', 'Logan', 'Chloe', 'Elijah', 'Grace', 'Owen', 'Zoe', 'Caleb', 'Nora', 'Henry'];
const LAST = ['Anderson', 'Brennan', 'Castellano', 'Dubois', 'Eriksen', 'Fitzgerald', 'Gallagher', 'Hoffmann', 'Iverson', 'Jablonski', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quinlan', 'Rasmussen', 'Sorensen', 'Thorne'];
const FIRMS = ['Northwind Design', 'Bluestone Builders', 'Apex Interiors', 'Crescent Architects', 'Ironwood Contracting', 'Lumen Studio', 'Harper & Vale', 'Greystone Partners'];

/** A small deterministic generator: the same orders on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!, int: (n: number) => Math.floor(next() * n) };
}

interface Seeded {
  ownerId: number;
  guestId: number;
  /** A word in about one title in fifteen, one in one order in a few hundred, an owner's name, a stored order number. */
  commonWord: string;
  rareWord: string;
  contactLastName: string;
  orderNumber: number;
  statusKey: string;
  categoryId: number;
  /** Every status of the organisation, in order. */
  statusKeys: string[];
}

async function seed(db: Knex): Promise<Seeded> {
  await migrateLatest(db);
  await seedDemo(db);
  const repos = createRepos(db);
  const org = (await getOrg(repos, ORG))!;
  const statuses = orgStatuses(org).map((s) => s.key);
  const members = (await db('memberships').select('user_id', 'role').where('org_id', ORG)) as Array<{ user_id: number; role: string }>;
  const employees = members.filter((m) => m.role !== 'guest').map((m) => m.user_id);
  const guestId = ((await db('users').select('id').where('email', 'guest-850@demo.test').first()) as { id: number }).id;
  const ownerId = ((await db('users').select('id').where('email', 'owner-850@demo.test').first()) as { id: number }).id;
  const categories = (await db('product_categories').select('id').where('org_id', ORG)) as Array<{ id: number }>;
  const products = (await db('products').select('id', 'product_category_id').where('org_id', ORG)) as Array<{ id: number; product_category_id: number }>;
  const productsOf = new Map(categories.map((c) => [c.id, products.filter((p) => p.product_category_id === c.id).map((p) => p.id)]));
  const firstNumber = ((await db('product_orders').where('org_id', ORG).max({ m: 'org_specific_id' }).first()) as { m: number }).m + 1;

  const r = random(850);
  const start = Date.UTC(2022, 0, 1);
  const span = 3 * 365 * 86_400_000;
  const CHUNK = 1000;
  for (let base = 0; base < ORDERS; base += CHUNK) {
    const orders: Array<Record<string, unknown>> = [];
    for (let i = base; i < Math.min(ORDERS, base + CHUNK); i++) {
      const created = start + Math.floor((i / ORDERS) * span) + r.int(86_400_000);
      const updated = created + r.int(60 * 86_400_000);
      // The owner: mostly employees, a few orders of the guest; the guest is involved in about 1 in 500 others.
      const userId = r.next() < 0.01 ? guestId : r.pick(employees);
      const involved: Record<string, unknown> = { [String(userId)]: { role: 'owner', pricingIsHidden: 0 } };
      if (userId !== guestId && r.next() < 0.002) involved[String(guestId)] = { role: 'sharee', pricingIsHidden: 1 };
      const reached = 1 + r.int(statuses.length);
      const statusData = Object.fromEntries(statuses.slice(0, reached).map((k, n) => [k, toDbDate(new Date(created + n * 86_400_000))]));
      const category = r.pick(categories).id;
      const total = 10_000 + r.int(5_000_000);
      const contactFirst = r.pick(FIRST);
      orders.push({
        org_id: ORG,
        org_specific_id: firstNumber + i,
        user_id: userId,
        title: `${r.pick(PLACES)} ${r.pick(KINDS)}${r.next() < 0.5 ? ' ' + r.pick(WORKS) : ''}`,
        type: 'standalone',
        product_category_id: category,
        archived: r.next() < 0.1 ? 1 : 0,
        is_stocked: 0,
        is_processing_payment: r.next() < 0.01 ? 1 : 0,
        status_data: JSON.stringify(statusData),
        last_completed_status_key: statuses[reached - 1],
        costs: JSON.stringify({ ...newOrderCosts(30), orderSubTotal: total, orderTotal: total, shippingIsTbd: false, shipping: 2500, depositAmount: Math.round(total * 0.3) }),
        project_name: r.next() < 0.7 ? `${r.pick(PLACES)} ${r.pick(['Tower', 'House', 'Court', 'Park', 'Square'])}` : null,
        firm_name: r.next() < 0.6 ? r.pick(FIRMS) : null,
        contact_name: `${contactFirst} ${r.pick(LAST)}`,
        purchase_order_number: r.next() < 0.4 ? `PO-${100000 + r.int(900000)}` : null,
        estimate_number: r.next() < 0.3 ? `EST-${1000 + r.int(9000)}` : null,
        involved_users: JSON.stringify(involved),
        created: toDbDate(new Date(created)),
        last_updated: toDbDate(new Date(updated)),
      });
    }
    await db.transaction(async (trx) => {
      await trx('product_orders').insert(orders);
      const rows = (await trx('product_orders')
        .select('id', 'product_category_id', 'last_updated')
        .where('org_id', ORG)
        .whereBetween('org_specific_id', [firstNumber + base, firstNumber + base + orders.length - 1])) as Array<{ id: number; product_category_id: number; last_updated: string }>;
      const items: Array<Record<string, unknown>> = [];
      for (const o of rows) {
        const choices = productsOf.get(o.product_category_id) ?? [];
        if (!choices.length) continue;
        const n = 1 + r.int(4);
        for (let k = 0; k < n; k++) {
          items.push({ org_id: ORG, product_order_id: o.id, product_id: r.pick(choices), title: `Item ${k + 1}`, quantity: 1 + r.int(6), rank: k + 1, properties: JSON.stringify({ '7': { optionId: r.next() < 0.5 ? 22 : 23 } }), created: o.last_updated, last_updated: o.last_updated });
        }
      }
      for (let i = 0; i < items.length; i += 500) await trx('product_instances').insert(items.slice(i, i + 500));
    });
  }
  // New orders continue after the loaded ones.
  await db('org_counters').where('org_id', ORG).update({ next_order_id: firstNumber + ORDERS });
  // The list rows (filter columns, search words, who can reach each order): what the API writes when
  // orders change, here for all at once (as the migration does).
  await refreshAllListRows(db);
  await db.raw('analyze table product_orders, product_instances, product_order_search, product_order_users');
  return facts(db);
}

/** A kept database (ORDERS_BENCH_KEEP=1) brought to the latest migrations. */
async function reuse(db: Knex): Promise<Seeded> {
  await migrateLatest(db);
  return facts(db);
}

/** What the cases look for, read from the loaded database. */
async function facts(db: Knex): Promise<Seeded> {
  const statuses = orgStatuses((await getOrg(createRepos(db), ORG))!).map((s) => s.key);
  const userId = async (email: string) => ((await db('users').select('id').where('email', email).first()) as { id: number }).id;
  const [ownerId, guestId] = [await userId('owner-850@demo.test'), await userId('guest-850@demo.test')];
  const categories = (await db('product_categories').select('id').where('org_id', ORG)) as Array<{ id: number }>;
  const someOrder = (await db('product_orders').select('org_specific_id', 'contact_name').where('org_id', ORG).orderBy('id').offset(ORDERS / 2).first()) as { org_specific_id: number; contact_name: string };
  return {
    ownerId,
    guestId,
    commonWord: 'harbour',
    rareWord: 'lindqvist',
    contactLastName: someOrder.contact_name.split(' ')[1]!.toLowerCase(),
    orderNumber: someOrder.org_specific_id,
    statusKey: statuses[2]!,
    categoryId: categories[0]!.id,
    statusKeys: statuses,
  };
}

/**
 * The list's status counts (every status of the organisation, as the orders page asks) over HTTP,
 * against the COUNT(*) queries over the list rows the call ran before the counts were maintained.
 */
async function countsCase(db: Knex, owner: LeanClient, s: Seeded, figures: Figures): Promise<string> {
  const body = { orgId: ORG, statusKeys: s.statusKeys };
  const counted = async () => {
    const rows = (await db('product_order_search')
      .select({ k: 'last_completed_status_key' })
      .count({ n: '*' })
      .where({ org_id: ORG, archived: 0 })
      .whereIn('last_completed_status_key', s.statusKeys)
      .groupBy('last_completed_status_key')) as Array<{ k: string; n: number | string }>;
    const [p] = (await db('product_order_search').count({ n: '*' }).where({ org_id: ORG, archived: 0, is_processing_payment: 1 })) as Array<{ n: number | string }>;
    return { productOrderCountsByStatusKey: Object.fromEntries(s.statusKeys.map((k) => [k, Number(rows.find((r) => r.k === k)?.n ?? 0)])), processingPaymentCount: Number(p!.n) };
  };
  const http: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const a = await owner.call('POST', COUNT_PATH, body);
    const t1 = performance.now();
    const fresh = await counted();
    const rawMs = performance.now() - t1;
    if (i === 0 && JSON.stringify(a.data) !== JSON.stringify(fresh)) throw new Error(`counts: the API and COUNT(*) disagree (${JSON.stringify(a.data)} vs ${JSON.stringify(fresh)})`);
    if (i >= WARMUP) {
      http.push(a.ms);
      raw.push(rawMs);
    }
  }
  const f = { p50Ms: percentile(http, 0.5), p95Ms: percentile(http, 0.95), rawP50Ms: percentile(raw, 0.5), rawP95Ms: percentile(raw, 0.95) };
  for (const [k, v] of Object.entries(f)) figures[`counts.${k}`] = v;
  figures['counts.p95VsRaw'] = f.p95Ms / f.rawP95Ms;
  return `  ${'status counts (every status)'.padEnd(40)} HTTP p50 ${f.p50Ms.toFixed(1).padStart(6)} p95 ${f.p95Ms.toFixed(1).padStart(6)} ms | COUNT(*) p50 ${f.rawP50Ms.toFixed(1).padStart(6)} p95 ${f.rawP95Ms.toFixed(1).padStart(6)} ms | ×${(f.p95Ms / f.rawP95Ms).toFixed(2)}`;
}

interface Case {
  key: string;
  label: string;
  user: 'owner' | 'guest';
  body: Record<string, unknown>;
  /** The filter the API builds from the body (services/ordersList.ts), for the raw SQL. */
  filter: Omit<OrdersListFilter, 'orgId'>;
  from: number;
  to: number;
}

function cases(s: Seeded): Case[] {
  const page = (from = 0, to = 50) => ({ from, to });
  const c = (key: string, label: string, body: Record<string, unknown>, filter: Case['filter'], user: Case['user'] = 'owner', range = page()): Case => ({
    key,
    label,
    user,
    body: { orgId: ORG, resultConstraints: range, ...body },
    filter,
    ...range,
  });
  const words = (t: string) => t.toLowerCase().split(/\s+/);
  return [
    c('page1', 'no filter, page 1 (50 rows)', {}, { archived: 0 }),
    c('deepPage', 'no filter, page from row 50,000', {}, { archived: 0 }, 'owner', page(50_000, 50_050)),
    c('mine', 'owner: mine', { filters: { orderOwner: 'mine' } }, { archived: 0, ownerId: s.ownerId }),
    c('archived', 'archived', { filters: { archived: 'archived' } }, { archived: 1 }),
    c('allTypes', 'all (active and archived)', { filters: { archived: 'all' } }, {}),
    c('status', `status ${s.statusKey}`, { filters: { statusKey: s.statusKey } }, { archived: 0, statusKey: s.statusKey }),
    c('category', `category ${s.categoryId}`, { filters: { productCategoryId: s.categoryId } }, { archived: 0, productCategoryId: s.categoryId }),
    c('processingPayment', 'processing payment', { filters: { isProcessingPayment: true } }, { archived: 0, processingPayment: true }),
    c('guest', 'guest-850 (own and involved)', {}, { archived: 0, reachableBy: s.guestId }, 'guest'),
    c('searchCommon', `search "${s.commonWord}" (common)`, { searchTerm: s.commonWord }, { archived: 0, searchWords: [s.commonWord] }),
    c('searchRare', `search "${s.rareWord}" (rarer)`, { searchTerm: s.rareWord }, { archived: 0, searchWords: [s.rareWord] }),
    c('searchName', 'search an owner name "whitcombe"', { searchTerm: 'whitcombe' }, { archived: 0, searchWords: ['whitcombe'] }),
    c('searchNumber', `search the number "${s.orderNumber}"`, { searchTerm: String(s.orderNumber) }, { archived: 0, searchWords: [String(s.orderNumber)] }),
    c('searchTwoWords', `search "${s.commonWord} ${s.contactLastName}"`, { searchTerm: `${s.commonWord} ${s.contactLastName}` }, { archived: 0, searchWords: words(`${s.commonWord} ${s.contactLastName}`) }),
    c('searchPrefix', 'search prefix "harb resid"', { searchTerm: 'harb resid' }, { archived: 0, searchWords: ['harb', 'resid'] }),
    c('advanced250', 'advanced data, 250 rows', { includeAdvancedOrderData: true }, { archived: 0 }, 'owner', page(0, 250)),
  ];
}

/**
 * The page as one statement: the API's page query (its list fields included) without the walk of the
 * newest rows, and for the advanced data the items' choices as a subquery (the API reads them after).
 */
async function rawPageQuery(db: Knex, f: OrdersListFilter, offset: number, limit: number, advanced: boolean): Promise<{ query: Knex.QueryBuilder } | null> {
  const q = await ordersPageQuery(db, f, offset, limit, { walk: false });
  if (!q || !advanced) return q;
  // Wrapped: a query builder is thenable, so an async function answering one would run it.
  const query = db
    .from(q.query.as('o'))
    .select('o.*', db.raw('(select group_concat(i.properties order by i.`rank`, i.id) from product_instances i where i.product_order_id = o.id) as choices'))
    .orderBy([
      { column: 'o.last_updated', order: 'desc' },
      { column: 'o.id', order: 'desc' },
    ]);
  return { query };
}

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function run(): Promise<Figures> {
  if (!(await mysqlReachable())) throw new Error(`MariaDB/MySQL does not answer at ${MYSQL_URL} (set TEST_MYSQL_URL): this benchmark needs it.`);
  const admin = knexFactory({ client: 'mysql2', connection: MYSQL_URL });
  const kept = KEEP && ((await admin.raw('select 1 from information_schema.tables where table_schema = ? and table_name = ?', [DATABASE, 'product_order_search'])) as [unknown[]])[0].length > 0;
  if (!kept) {
    await admin.raw(`drop database if exists \`${DATABASE}\``);
    await admin.raw(`create database \`${DATABASE}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
  }
  const url = `${MYSQL_URL}/${DATABASE}`;
  const db = createDb({ databaseUrl: url, sqliteFile: '' });
  let portal: { stop(): Promise<void> } | null = null;
  let clients: LeanClient[] = [];
  try {
    const t0 = performance.now();
    const s = kept ? await reuse(db) : await seed(db);
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(`  ordersList: ${ORDERS.toLocaleString('en')} orders seeded in ${seedSeconds.toFixed(0)} s`);
    const port = await freePort();
    portal = await startChild('api/src/main.ts', port, { NODE_ENV: 'test', DATABASE_URL: url });
    const base = `http://127.0.0.1:${port}`;
    const users = { owner: leanClient(await PortalUser.signIn(base, 'owner-850@demo.test')), guest: leanClient(await PortalUser.signIn(base, 'guest-850@demo.test')) };
    clients = Object.values(users);
    const figures: Figures = { orders: ORDERS, seedSeconds };
    const lines: string[] = [];
    for (const k of cases(s)) {
      // The plan (MariaDB may first count the full-text matches to choose one) is made once; the rounds run its SQL.
      const q = await rawPageQuery(db, { orgId: ORG, ...k.filter }, k.from, k.to - k.from, k.body.includeAdvancedOrderData === true);
      if (!q) throw new Error(`${k.label}: the search finds nothing`);
      const { sql, bindings } = q.query.toSQL().toNative();
      const http: number[] = [];
      const raw: number[] = [];
      let rows = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const a = await users[k.user].call('POST', PATH, k.body);
        const t1 = performance.now();
        const [found] = (await db.raw(sql, bindings)) as [Array<{ org_specific_id: number }>];
        const rawMs = performance.now() - t1;
        if (i === 0) {
          const viaHttp = (a.data as { productOrders: Array<{ orgSpecificId: number }> }).productOrders.map((o) => o.orgSpecificId).join(',');
          const viaSql = found.map((o) => o.org_specific_id).join(',');
          if (viaHttp !== viaSql) throw new Error(`${k.label}: the API and the page's SQL disagree (${viaHttp.slice(0, 80)} vs ${viaSql.slice(0, 80)})`);
          rows = found.length;
          if (!rows && k.key !== 'processingPayment') throw new Error(`${k.label}: no rows — the data set does not exercise this case`);
        }
        if (i >= WARMUP) {
          http.push(a.ms);
          raw.push(rawMs);
        }
      }
      const f = { p50Ms: percentile(http, 0.5), p95Ms: percentile(http, 0.95), rawP50Ms: percentile(raw, 0.5), rawP95Ms: percentile(raw, 0.95) };
      figures[`${k.key}.p50Ms`] = f.p50Ms;
      figures[`${k.key}.p95Ms`] = f.p95Ms;
      figures[`${k.key}.rawP50Ms`] = f.rawP50Ms;
      figures[`${k.key}.rawP95Ms`] = f.rawP95Ms;
      figures[`${k.key}.p95VsRaw`] = f.p95Ms / f.rawP95Ms;
      figures[`${k.key}.rows`] = rows;
      lines.push(
        `  ${k.label.padEnd(40)} HTTP p50 ${f.p50Ms.toFixed(1).padStart(6)} p95 ${f.p95Ms.toFixed(1).padStart(6)} ms | SQL p50 ${f.rawP50Ms.toFixed(1).padStart(6)} p95 ${f.rawP95Ms.toFixed(1).padStart(6)} ms | ×${(f.p95Ms / f.rawP95Ms).toFixed(1)} | ${rows} rows`,
      );
    }
    lines.push(await countsCase(db, users.owner, s, figures));
    console.log(lines.join('\n'));
    return figures;
  } finally {
    for (const c of clients) c.close();
    await portal?.stop();
    await db.destroy();
    if (!KEEP) await admin.raw(`drop database if exists \`${DATABASE}\``);
    await admin.destroy();
  }
}

const CASE_KEYS = ['page1', 'deepPage', 'mine', 'archived', 'allTypes', 'status', 'category', 'processingPayment', 'guest', 'searchCommon', 'searchRare', 'searchName', 'searchNumber', 'searchTwoWords', 'searchPrefix', 'advanced250', 'counts'];

export const benchmarks: Benchmark[] = [
  {
    name: 'ordersList: get-configurator-orders-data and -count, 100,000 orders on MariaDB',
    targets: CASE_KEYS.flatMap((key): BenchTarget[] => [
      { figure: `${key}.p95Ms`, op: '<=', value: P95_TARGET_MS, label: `${key} p95 ≤ ${P95_TARGET_MS} ms` },
      { figure: `${key}.p95VsRaw`, op: '<=', value: VS_RAW_TARGET, label: `${key} p95 ≤ ${VS_RAW_TARGET}× the raw SQL` },
    ]),
    run,
  },
];
