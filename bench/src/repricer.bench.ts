/**
 * Stored totals that follow the catalogue (docs/decisions/0069-stored-totals-follow-the-catalogue.md):
 * a pricing version takes effect and 10,000 open quotes of organisation 850 (3 keypads each, priced
 * the day before) are due. The repricer (api/src/services/repricer.ts) runs tick after tick, as
 * main.ts does, until none is due: total time and time per order. Beside them, 10,000 submitted orders
 * whose prices are kept and whose pricing version passed too (the repricer must not read them), and,
 * once everything is repriced, a tick that finds nothing (what every API process pays every second).
 * Baselines in the same run, on the same database, per order on the first 1,000: the submitted twins
 * (the same items) repriced through the existing one-order path (recomputeOrder in its own locked
 * transaction, as the costs recalculation does it) at the same date, and a plain read of the open
 * quotes (the order locked, its items read, one transaction each). Both paths must reach the same
 * totals. On SQLite, and on MySQL/MariaDB when one answers (TEST_MYSQL_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { CatalogueIndex, newOrderCosts, priceInstance, computeOrderCosts, type StatusData } from '@cpq/domain';
import { createDb } from '../../api/src/db/knex.ts';
import { migrateLatest } from '../../api/src/db/migrations/index.ts';
import { refreshAllListRows } from '../../api/src/db/ordersListRows.ts';
import { bindQueries } from '../../api/src/db/queries.ts';
import { createRepos } from '../../api/src/db/repository.ts';
import { toDbDate } from '../../api/src/db/time.ts';
import { transactionRunner } from '../../api/src/db/transactions.ts';
import { seedDemo } from '../../api/src/demo/index.ts';
import { PluginRegistry } from '../../api/src/plugins.ts';
import { CatalogueCache } from '../../api/src/services/catalogueCache.ts';
import { getOrg, orgStatuses } from '../../api/src/services/orgs.ts';
import { REPRICE_BATCH, repriceDueOrders, type RepricerDeps } from '../../api/src/services/repricer.ts';
import { recomputeOrder } from '../../api/src/services/repricing.ts';
import type { Benchmark, Figures } from './lib.ts';
import { type DatabaseKind, MYSQL_URL, mysqlReachable } from './portal.ts';

const ORDERS = Number(process.env.REPRICE_BENCH_ORDERS ?? 10_000);
const ORG = 850;
const ITEMS = 3;
/** Priced the day before the demo's 2027-01-01 versions take effect; repriced the day after. */
const BEFORE = new Date('2026-12-31T12:00:00Z');
const AFTER = new Date('2027-01-02T12:00:00Z');
const FINISHES = [22, 23];
/** The baselines run on the first 1,000 orders (per order, they are steady well before that): the bench stays within a few minutes. */
const SAMPLE = Math.min(ORDERS, 1000);

interface Bench {
  db: Knex;
  deps: RepricerDeps;
  open: number[];
  submitted: number[];
  close(): Promise<void>;
}

/** A fresh database with the demo data and 2 × 10,000 priced orders of 850: open quotes, and submitted ones. */
async function setUp(database: DatabaseKind): Promise<Bench> {
  let db: Knex;
  let drop = async () => {};
  if (database === 'mysql') {
    const name = `cpq_bench_reprice_${process.pid}`;
    const admin = knexFactory({ client: 'mysql2', connection: MYSQL_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`drop database if exists \`${name}\``);
    await admin.raw(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
    db = createDb({ databaseUrl: `${MYSQL_URL}/${name}`, sqliteFile: '' });
    drop = async () => {
      await admin.raw(`drop database if exists \`${name}\``);
      await admin.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-bench-reprice-'));
    db = createDb({ sqliteFile: path.join(dir, 'bench.sqlite') });
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await migrateLatest(db);
  await seedDemo(db);
  const repos = createRepos(db);
  const plugins = new PluginRegistry();
  const catalogues = new CatalogueCache(bindQueries(db), repos);
  const deps: RepricerDeps = { repos, plugins, catalogues, transaction: transactionRunner(db) };

  const org = (await getOrg(repos, ORG))!;
  const { catalogueVersion } = (await repos.organisations.findOne({ id: ORG }))!;
  const statuses = orgStatuses(org);
  const submittedStep = statuses.find((s) => s.type === 'submittedForApproval')!;
  const catalogue: CatalogueIndex = await catalogues.get(ORG);
  const basis = `${catalogueVersion}|${plugins.rulesVersion(ORG)}`;
  const ownerId = ((await db('users').select('id').where('email', 'owner-850@demo.test').first()) as { id: number }).id;
  const firstNumber = ((await db('product_orders').where('org_id', ORG).max({ m: 'org_specific_id' }).first()) as { m: number }).m + 1;
  const day = toDbDate(BEFORE);

  // Each order as the API leaves it once priced on BEFORE: items priced by the engine, costs, basis, reprice-after.
  const itemsOf = (n: number) =>
    Array.from({ length: ITEMS }, (_, k) => {
      const inst = { productId: 98, quantity: 1 + ((n + k) % 12), properties: { '7': { optionId: FINISHES[(n + k) % 2]! } } };
      const p = priceInstance({ instance: inst, catalogue, effectivePricingDate: BEFORE });
      return { ...inst, title: `Keypad ${k + 1}`, rank: k + 1, unitPriceInCents: p.unitPriceInCents, totalPriceInCents: p.totalPriceInCents, pricingRuleVersion: p.versionKey };
    });
  const CHUNK = 500;
  for (const kind of ['open', 'submitted'] as const) {
    for (let base = 0; base < ORDERS; base += CHUNK) {
      const orders: Array<Record<string, unknown>> = [];
      const items: Array<Array<ReturnType<typeof itemsOf>[number]>> = [];
      for (let i = base; i < base + CHUNK; i++) {
        const its = itemsOf(i);
        items.push(its);
        const statusData: StatusData = kind === 'open' ? { [statuses[0]!.key]: { date: day } } : { [statuses[0]!.key]: { date: day }, [submittedStep.key]: { date: day } };
        const costs = { ...newOrderCosts(30), ...computeOrderCosts({ order: { isStocked: 0, productCategoryId: 1 }, itemTotalsInCents: its.map((x) => x.totalPriceInCents), orgSettings: { depositPercentage: 30 } }) };
        orders.push({
          org_id: ORG,
          org_specific_id: firstNumber + (kind === 'open' ? 0 : ORDERS) + i,
          user_id: ownerId,
          title: `Bench ${kind} ${i + 1}`,
          type: 'standalone',
          product_category_id: 1,
          archived: 0,
          is_stocked: 0,
          is_processing_payment: 0,
          status_data: JSON.stringify(statusData),
          last_completed_status_key: kind === 'open' ? statuses[0]!.key : submittedStep.key,
          costs: JSON.stringify(costs),
          involved_users: JSON.stringify({ [String(ownerId)]: { role: 'owner', pricingIsHidden: 0 } }),
          pricing_basis: basis,
          reprice_after: '2027-01-01 00:00:00',
          prices_follow: kind === 'open' ? 1 : 0,
          created: day,
          last_updated: day,
        });
      }
      await db.transaction(async (trx) => {
        await trx('product_orders').insert(orders);
        const numbers = orders.map((o) => o.org_specific_id as number);
        const rows = (await trx('product_orders').select('id', 'org_specific_id').where('org_id', ORG).whereBetween('org_specific_id', [numbers[0]!, numbers[numbers.length - 1]!]).orderBy('org_specific_id')) as Array<{ id: number }>;
        const all = rows.flatMap((o, n) =>
          items[n]!.map((x) => ({
            org_id: ORG,
            product_order_id: o.id,
            product_id: x.productId,
            title: x.title,
            quantity: x.quantity,
            rank: x.rank,
            properties: JSON.stringify(x.properties),
            unit_price_in_cents: x.unitPriceInCents,
            total_price_in_cents: x.totalPriceInCents,
            pricing_rule_version: x.pricingRuleVersion,
            is_valid: 1,
            validation_issues: '[]',
            created: day,
            last_updated: day,
          })),
        );
        for (let i = 0; i < all.length; i += 250) await trx('product_instances').insert(all.slice(i, i + 250));
      });
    }
  }
  await db('org_counters').where('org_id', ORG).update({ next_order_id: firstNumber + 2 * ORDERS });
  await refreshAllListRows(db);
  if (database === 'mysql') await db.raw('analyze table product_orders, product_instances');
  else await db.raw('analyze');
  const ids = async (title: string) => ((await db('product_orders').select('id').where('org_id', ORG).where('title', 'like', `${title}%`).orderBy('id')) as Array<{ id: number }>).map((r) => r.id);
  return {
    db,
    deps,
    open: await ids('Bench open '),
    submitted: await ids('Bench submitted '),
    async close() {
      await db.destroy();
      await drop();
    },
  };
}

const totalOf = async (db: Knex, ids: number[]) => {
  let sum = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = (await db('product_orders').select('costs').whereIn('id', ids.slice(i, i + 1000))) as Array<{ costs: unknown }>;
    for (const r of rows) sum += (typeof r.costs === 'string' ? JSON.parse(r.costs) : r.costs).orderTotal as number;
  }
  return sum;
};

async function measure(database: DatabaseKind): Promise<Figures> {
  const t0 = performance.now();
  const b = await setUp(database);
  const { db, deps } = b;
  try {
    const seedSeconds = (performance.now() - t0) / 1000;
    const openBefore = await totalOf(db, b.open.slice(0, SAMPLE));
    const submittedBefore = await totalOf(db, b.submitted.slice(0, SAMPLE));

    // Baseline 1: a plain read of each open quote, as a transaction that locks it and reads its items.
    let t = performance.now();
    for (const id of b.open.slice(0, SAMPLE)) {
      await deps.transaction(async (trx) => {
        await deps.repos.productOrders.lockOne({ id }, trx);
        await deps.repos.productInstances.find({ productOrderId: id }, { trx, orderBy: ['rank', 'id'] });
      });
    }
    const readMs = performance.now() - t;

    // The repricer: ticks of REPRICE_BATCH, the next at once while the last was full (main.ts).
    t = performance.now();
    let ticks = 0;
    let repriced = 0;
    for (;;) {
      const tick = await repriceDueOrders(deps, { now: AFTER });
      ticks++;
      repriced += tick.repriced;
      if (tick.failed) throw new Error(`${tick.failed} orders failed to reprice`);
      if (!tick.more) break;
      if (ticks > (2 * ORDERS) / REPRICE_BATCH + 10) throw new Error('the repricer does not finish');
    }
    const repriceMs = performance.now() - t;

    // A tick with nothing due (10,000 kept orders past their pricing version still there), as every process runs each second.
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t1 = performance.now();
      const tick = await repriceDueOrders(deps, { now: AFTER });
      idle.push(performance.now() - t1);
      if (tick.found) throw new Error(`an idle tick found ${tick.found} due orders`);
    }
    idle.sort((x, y) => x - y);

    // Baseline 2: the same work through the existing one-order path, on the submitted twins, at the same date.
    t = performance.now();
    for (const id of b.submitted.slice(0, SAMPLE)) {
      await deps.transaction(async (trx) => {
        await deps.repos.productOrders.lockOne({ id }, trx);
        await recomputeOrder({ ...deps, trx }, id, AFTER);
      });
    }
    const recomputeMs = performance.now() - t;

    // Both reached the same prices; every open quote was repriced once and audited once.
    const openAfter = await totalOf(db, b.open.slice(0, SAMPLE));
    const submittedAfter = await totalOf(db, b.submitted.slice(0, SAMPLE));
    if (openAfter === openBefore) throw new Error('the open quotes kept their totals');
    if (openAfter !== submittedAfter || openBefore !== submittedBefore) throw new Error(`the repricer and recomputeOrder disagree: ${openAfter} vs ${submittedAfter}`);
    const sample = b.open.slice(0, 1000);
    const audits = Number(((await db('audit_log').count({ n: '*' }).where({ action: 'reprice', entity: 'productOrder' }).whereIn('entity_id', sample).first()) as { n: number | string }).n);
    if (audits !== sample.length) throw new Error(`${audits} reprice audit entries for ${sample.length} open quotes (expected one each)`);
    if (repriced < ORDERS) throw new Error(`only ${repriced} orders repriced`);

    const p = database;
    const perOrder = repriceMs / ORDERS;
    const recomputePerOrder = recomputeMs / SAMPLE;
    const readPerOrder = readMs / SAMPLE;
    console.log(
      `  ${p}: seeded in ${seedSeconds.toFixed(0)} s; repricer ${ORDERS} orders in ${(repriceMs / 1000).toFixed(1)} s (${perOrder.toFixed(2)} ms/order, ${ticks} ticks); ` +
        `recomputeOrder ${recomputePerOrder.toFixed(2)} ms/order, read ${readPerOrder.toFixed(2)} ms/order (${SAMPLE} each); idle tick median ${idle[25]!.toFixed(2)} ms`,
    );
    return {
      [`${p}Orders`]: ORDERS,
      [`${p}RepriceTotalMs`]: repriceMs,
      [`${p}RepriceMsPerOrder`]: perOrder,
      [`${p}Ticks`]: ticks,
      [`${p}RecomputeOrderMsPerOrder`]: recomputePerOrder,
      [`${p}ReadMsPerOrder`]: readPerOrder,
      [`${p}RepriceVsRecomputeOrder`]: perOrder / recomputePerOrder,
      [`${p}RepriceVsRead`]: perOrder / readPerOrder,
      [`${p}IdleTickMedianMs`]: idle[25]!,
      [`${p}IdleTickP95Ms`]: idle[47]!,
    };
  } finally {
    await b.close();
  }
}

export const benchmarks: Benchmark[] = [
  {
    name: 'repricer: 10,000 open quotes after a pricing version takes effect',
    targets: [
      { figure: 'sqliteRepriceMsPerOrder', op: '<=', value: 5, label: 'SQLite: ≤ 5 ms per order' },
      { figure: 'sqliteRepriceVsRecomputeOrder', op: '<=', value: 1.1, label: 'SQLite: no slower than the one-order recomputeOrder path' },
      { figure: 'sqliteIdleTickMedianMs', op: '<=', value: 5, label: 'SQLite: a tick with nothing due ≤ 5 ms' },
      { figure: 'mysqlRepriceMsPerOrder', op: '<=', value: 10, label: 'MariaDB: ≤ 10 ms per order' },
      { figure: 'mysqlRepriceVsRecomputeOrder', op: '<=', value: 1.1, label: 'MariaDB: no slower than the one-order recomputeOrder path' },
      { figure: 'mysqlIdleTickMedianMs', op: '<=', value: 10, label: 'MariaDB: a tick with nothing due ≤ 10 ms' },
    ],
    async run() {
      const figures: Figures = await measure('sqlite');
      if (await mysqlReachable()) Object.assign(figures, await measure('mysql'));
      else console.log(`  repricer: MySQL/MariaDB does not answer at ${MYSQL_URL}: SQLite only`);
      return figures;
    },
  },
];
