import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { bindQueries } from '../src/db/queries.ts';
import { createRepos } from '../src/db/repository.ts';
import { transactionRunner } from '../src/db/transactions.ts';
import { fillPricesFollow } from '../src/db/migrations/0017_reprice_follow.ts';
import { PluginRegistry } from '../src/plugins.ts';
import { COMPLETE_KEYPAD } from '../src/demo/index.ts';
import { CatalogueCache } from '../src/services/catalogueCache.ts';
import { dueOrderIds, repriceDueOrders, type RepricerDeps } from '../src/services/repricer.ts';
import { CONTACT, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ITEM_CREATE, ORDER_DATA, ORDER_UPDATE, ORDERS_DATA } from './paths.ts';

/**
 * Stored totals follow the catalogue (docs/decisions/0069-stored-totals-follow-the-catalogue.md),
 * written from the rules: when a pricing version takes effect or the catalogue changes, one repricer
 * tick stores the new prices of every open quote, so the orders list, its CSV and the order page show
 * them; a submitted order keeps its prices (the tick, a read and a details-only write leave them);
 * ticks running at once in several processes reprice each order once; the order page never reads a
 * stale open quote as it is stored.
 */
const C = '/api/configurator';
const ORG = 850;
/** One day after the demo's pricing versions dated 2027-01-01 take effect. */
const AFTER_2027 = new Date('2027-01-02T12:00:00Z');
/** Option 22 (Satin Nickel) of property 7 (Mechanism finish): the keypad rule adds its price. */
const FINISH = 22;

describe.each(databases)('stored totals follow the catalogue on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let guest: Client;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    [owner, guest] = await Promise.all([t.as('owner-850@demo.test'), t.as('guest-850@demo.test')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What a process's repricer runs with, on its own connection pool when given one (another API process). */
  function repricer(db: Knex = t.db): RepricerDeps {
    const repos = createRepos(db);
    return { repos, plugins: new PluginRegistry(), catalogues: new CatalogueCache(bindQueries(db), repos), transaction: transactionRunner(db), logError: (err) => { throw err; } };
  }
  /** One tick large enough for every due order of the demo and the tests. */
  const tick = (now = new Date(), deps = repricer(), shuffle = true) => repriceDueOrders(deps, { now, limit: 10_000, shuffle });

  const orderRow = async (id: number) => (await t.repos.productOrders.findOne({ id }))!;
  const items = (id: number) => t.repos.productInstances.find({ productOrderId: id }, { orderBy: ['rank', 'id'] });
  const audits = (id: number) => t.repos.auditLog.find({ entity: 'productOrder', entityId: id, action: 'reprice' });
  const reprices = async (id: number) => (await audits(id)).length;

  /** A new open quote of `client` with keypads (product 98, Satin Nickel), quantities 1 and 2, priced now. */
  async function openQuote(client: Client = owner, extra: Record<string, unknown> = {}): Promise<{ id: number; orgSpecificId: number; total: number }> {
    const created = await client.post(CREATE_ORDER, { productOrderProps: { orgId: ORG, productCategoryId: 1 } });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    for (const quantity of [1, 2]) {
      const res = await client.post(ITEM_CREATE, { props: { productOrderId: id, productId: 98, title: `Keypad ${quantity}`, quantity, properties: { ...COMPLETE_KEYPAD, '7': { optionId: FINISH } } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    if (Object.keys(extra).length) expect((await owner.post(ORDER_UPDATE, { where: { id }, props: extra })).status).toBe(200);
    const row = await orderRow(id);
    return { id, orgSpecificId: row.orgSpecificId, total: row.costs.orderTotal };
  }

  /** The same order submitted by its owner (the guest): its prices no longer follow the catalogue. */
  async function submitted(): Promise<{ id: number; orgSpecificId: number; total: number }> {
    const o = await openQuote(guest, CONTACT);
    const res = await guest.post(`${C}/submit-order`, { productOrderId: o.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return o;
  }

  /** The order's row of the orders list and of its CSV export (the Total column, in dollars). */
  async function listed(o: { id: number; orgSpecificId: number }): Promise<{ total: number; csvTotal: string }> {
    const page = await owner.post(ORDERS_DATA, { orgId: ORG, filters: { archived: 'all' }, resultConstraints: { from: 0, to: 250 } });
    expect(page.status).toBe(200);
    const row = page.body.data.productOrders.find((r: { id: number }) => r.id === o.id);
    expect(row, `order ${o.id} in the list`).toBeDefined();
    const csv = await owner.post(ORDERS_DATA, { orgId: ORG, formatForCsvExport: true, filters: { archived: 'all' } });
    expect(csv.status).toBe(200);
    const [header, ...lines] = (csv.body.data.productOrdersCsvData as string).trimEnd().split('\n');
    const totalAt = header!.split(',').indexOf('Total');
    const line = lines.find((l) => l.split(',')[0] === String(o.orgSpecificId))!;
    expect(line, `order ${o.orgSpecificId} in the CSV`).toBeDefined();
    return { total: row.costs.orderTotal, csvTotal: line.split(',')[totalAt]! };
  }

  /** Sets an option's price (a catalogue write: a new catalogue version), answering the old one. */
  async function setOptionPrice(optionId: number, priceInCents: number): Promise<number> {
    const option = (await t.repos.productOptions.findOne({ id: optionId }))!;
    const data = option.data as { priceInCents?: number };
    await createRepos(t.db).productOptions.update({ id: optionId }, { data: { ...data, priceInCents } });
    return data.priceInCents ?? 0;
  }

  it('a pricing version taking effect: one tick stores the new prices of an open quote, and the list and the CSV show them', async () => {
    const o = await openQuote();
    // The price the 2027 version gives the same items: an order priced at that date.
    const twin = await openQuote(owner, { effectivePricingDate: '2027-01-02' });
    expect(twin.total).not.toBe(o.total);
    const before = await orderRow(o.id);
    expect(before.repriceAfter).toBe('2027-01-01 00:00:00');
    expect(await listed(o)).toEqual({ total: o.total, csvTotal: (o.total / 100).toFixed(2) });

    const result = await tick(AFTER_2027);
    expect(result.failed).toBe(0);
    expect(result.repriced).toBeGreaterThan(0);

    const after = await orderRow(o.id);
    expect(after.costs.orderTotal).toBe(twin.total);
    expect((await items(o.id)).map((i) => i.pricingRuleVersion)).toEqual(['3', '3']);
    expect(await listed(o)).toEqual({ total: twin.total, csvTotal: (twin.total / 100).toFixed(2) });
    // Nobody changed the order: lastUpdated stays; the change is on its audit trail.
    expect(after.lastUpdated).toBe(before.lastUpdated);
    const audit = await audits(o.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBeNull();
    expect(audit[0]!.data).toMatchObject({ from: o.total, to: twin.total, items: 2, because: 'pricingVersion' });
    // The next version is the one after 2027-01-01: none. A second tick finds nothing to do for it.
    expect(after.repriceAfter).toBeNull();
    await tick(AFTER_2027);
    expect(await reprices(o.id)).toBe(1);
  });

  it('a submitted order keeps its total: the tick does not even look at it, a read does not reprice it', async () => {
    const o = await submitted();
    const before = await orderRow(o.id);
    expect(before.repriceAfter).toBe('2027-01-01 00:00:00');
    expect(await dueOrderIds(repricer(), AFTER_2027, 10_000)).not.toContain(o.id);
    await tick(AFTER_2027);
    const after = await orderRow(o.id);
    expect(after.costs).toEqual(before.costs);
    expect(after.revision).toBe(before.revision);
    expect(await reprices(o.id)).toBe(0);
    expect((await listed(o)).total).toBe(o.total);

    // Also after a catalogue change, and when the order page reads it.
    const was = await setOptionPrice(FINISH, 1234);
    try {
      expect(await dueOrderIds(repricer(), new Date(), 10_000)).not.toContain(o.id);
      const data = (await guest.post(`${C}/get-configurator-order-data`, { orgId: ORG, productOrderOrgSpecificId: o.orgSpecificId })).body.data;
      expect(data.productOrders[0].costs.orderTotal).toBe(o.total);
      expect((await orderRow(o.id)).costs).toEqual(before.costs);
    } finally {
      await setOptionPrice(FINISH, was);
    }
  });

  it('a catalogue change (an option price) reprices open quotes, and the page read reprices one first', async () => {
    const a = await openQuote();
    const b = await openQuote();
    const locked = await submitted();
    const was = await setOptionPrice(FINISH, 1000);
    try {
      // The page of b, read before any tick: already the new prices, stored.
      const data = (await owner.post(ORDER_DATA, { orgId: ORG, productOrderOrgSpecificId: b.orgSpecificId })).body.data;
      expect(data.productOrders[0].costs.orderTotal).toBe(b.total + 3 * 1000);
      expect(data.productInstances.map((i: { unitPriceInCents: number }) => i.unitPriceInCents)).toEqual((await items(b.id)).map((i) => i.unitPriceInCents));
      expect((await orderRow(b.id)).costs.orderTotal).toBe(b.total + 3 * 1000);
      expect(await reprices(b.id)).toBe(1);

      const result = await tick();
      expect(result.failed).toBe(0);
      // Three keypads (1 + 2) at 10.00 more each.
      expect((await orderRow(a.id)).costs.orderTotal).toBe(a.total + 3 * 1000);
      expect((await listed(a)).csvTotal).toBe(((a.total + 3000) / 100).toFixed(2));
      expect((await audits(a.id))[0]!.data).toMatchObject({ from: a.total, to: a.total + 3000, because: 'catalogue' });
      expect(await reprices(b.id)).toBe(1);
      expect((await orderRow(locked.id)).costs.orderTotal).toBe(locked.total);
    } finally {
      await setOptionPrice(FINISH, was);
      await tick();
    }
  });

  it('submitting a quote whose stored prices are stale stores the current prices first: the customer submits what the page showed', async () => {
    const o = await openQuote(guest, CONTACT);
    const before = (await items(o.id)).map((i) => i.totalPriceInCents);
    const was = await setOptionPrice(FINISH, 1000);
    try {
      const res = await guest.post(`${C}/submit-order`, { productOrderId: o.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Keypads of quantities 1 and 2 at 10.00 more each, stored before the order was locked.
      expect((await items(o.id)).map((i) => i.totalPriceInCents)).toEqual([before[0]! + 1000, before[1]! + 2 * 1000]);
      expect((await orderRow(o.id)).costs.orderTotal).toBeGreaterThan(o.total);
      expect(await reprices(o.id)).toBe(1);
      expect(await dueOrderIds(repricer(), new Date(), 10_000)).not.toContain(o.id);
    } finally {
      await setOptionPrice(FINISH, was);
      await tick();
    }
  });

  it('two ticks at once (two API processes) reprice each changed order once, without an error', async () => {
    const orders = [await openQuote(), await openQuote(), await openQuote(), await openQuote()];
    const other = await t.serve({}, { separateDb: true });
    const was = await setOptionPrice(FINISH, 700);
    try {
      // The same orders in the same order: each is met by both at about the same time.
      const [x, y] = await Promise.all([tick(new Date(), repricer(), false), tick(new Date(), repricer(other.db), false)]);
      expect(x.failed + y.failed).toBe(0);
      for (const o of orders) {
        expect(await reprices(o.id)).toBe(1);
        expect((await orderRow(o.id)).costs.orderTotal).toBe(o.total + 3 * 700);
      }
      // Each changed order was repriced by one of them: the other found it current under the lock.
      const changed = (await t.repos.auditLog.find({ action: 'reprice' })).filter((e) => orders.some((o) => o.id === e.entityId));
      expect(changed).toHaveLength(orders.length);
      expect(x.repriced + y.repriced).toBeGreaterThanOrEqual(orders.length);
      expect(await dueOrderIds(repricer(), new Date(), 10_000)).toEqual([]);
    } finally {
      await setOptionPrice(FINISH, was);
      await tick();
    }
  });

  it('a details-only write to a submitted order whose prices are stale leaves its item prices and costs; an employee cost change prices it as on an open order', async () => {
    const o = await submitted();
    const stored = await items(o.id);
    const before = await orderRow(o.id);
    const was = await setOptionPrice(FINISH, 500);
    try {
      const res = await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { title: 'Renamed after submission', primaryNote: 'Checked' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await items(o.id)).map((i) => [i.unitPriceInCents, i.totalPriceInCents])).toEqual(stored.map((i) => [i.unitPriceInCents, i.totalPriceInCents]));
      const after = await orderRow(o.id);
      expect(after.costs).toEqual(before.costs);
      expect(after.pricingBasis).toBe(before.pricingBasis);
      expect(after.title).toBe('Renamed after submission');

      // Staff change what prices it (allowed while submitted): the order is priced with today's catalogue, every item.
      const taxed = await owner.post(ORDER_UPDATE, { where: { id: o.id }, props: { taxPercentage: 5 } });
      expect(taxed.status, JSON.stringify(taxed.body)).toBe(200);
      expect((await items(o.id)).map((i) => i.unitPriceInCents)).toEqual(stored.map((i) => i.unitPriceInCents + 500));
    } finally {
      await setOptionPrice(FINISH, was);
      await tick();
    }
  });

  it('sent back for changes, an order follows the catalogue again; migration 0017 derives the flag from the step', async () => {
    const o = await submitted();
    expect(await dueOrderIds(repricer(), AFTER_2027, 10_000)).not.toContain(o.id);
    const back = await owner.post(`${C}/product-order/action-required`, { productOrderId: o.id, feedbackNotes: 'Please check the finish.' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await dueOrderIds(repricer(), AFTER_2027, 10_000)).toContain(o.id);

    // The fill of migration 0017: every order's flag from its step, whatever it held.
    const again = await submitted();
    await t.db('product_orders').update({ prices_follow: 1 });
    await fillPricesFollow(t.db);
    const flag = async (id: number) => Number(((await t.db('product_orders').select('prices_follow').where({ id }).first()) as { prices_follow: number }).prices_follow);
    expect(await flag(again.id)).toBe(0);
    expect(await flag(o.id)).toBe(1);
  });
});
