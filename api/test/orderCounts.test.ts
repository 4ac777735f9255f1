import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0027 from '../src/db/migrations/0027_order_counts.ts';
import { COUNTS_TABLE, fillOrderCounts, TRIGGER_PRIVILEGE_MESSAGE } from '../src/db/orderCounts.ts';
import { databases, startSignedIn, type Client, type TestApp } from './helpers.ts';
import { CREATE_ORDER, ORDER_UPDATE, ORDERS_COUNT } from './paths.ts';

/**
 * The list's status counts come from maintained counts (db/orderCounts.ts, migration 0027,
 * docs/decisions/0107-maintained-order-counts.md). After every kind of write — and after writes
 * running together — they must equal a fresh COUNT(*) over the orders themselves.
 */
const C = '/api/configurator';
const STATUS_KEYS = ['orderStarted', 'submittedForApproval', 'readyToPayDeposit', 'depositReceived', 'inProduction', 'finalPaymentReceived', 'shipped', 'delivered'];

describe.each(databases)('maintained order counts on $name', (dbCase) => {
  let t: TestApp, owner: Client, member: Client, guest: Client;
  beforeAll(async () => ({ t, owner, member, guest } = await startSignedIn(dbCase, 850, ['owner', 'member', 'guest'])));
  afterAll(async () => t?.close());

  type Key = string;
  const keyOf = (r: { org_id: unknown; archived: unknown; k: unknown; p: unknown }) => `${r.org_id}|${Number(r.archived)}|${r.k ?? ''}|${Number(r.p)}`;

  /** Every organisation's counts as a fresh COUNT(*) over product_orders finds them. */
  const fresh = async (): Promise<Map<Key, number>> => {
    const rows = (await t
      .db('product_orders')
      .select('org_id', 'archived', { k: 'last_completed_status_key' }, { p: 'is_processing_payment' })
      .count({ n: '*' })
      .groupBy('org_id', 'archived', 'last_completed_status_key', 'is_processing_payment')) as Array<{ org_id: number; archived: number; k: string | null; p: number; n: number | string }>;
    return new Map(rows.map((r) => [keyOf(r), Number(r.n)]));
  };
  const kept = async (): Promise<Map<Key, number>> => {
    const rows = (await t.db(COUNTS_TABLE).select('org_id', 'archived', { k: 'status_key' }, { p: 'is_processing_payment' }, 'n').where('n', '!=', 0)) as Array<{
      org_id: number;
      archived: number;
      k: string;
      p: number;
      n: number | string;
    }>;
    return new Map(rows.map((r) => [keyOf(r), Number(r.n)]));
  };
  const sorted = (m: Map<Key, number>) => [...m].sort(([a], [b]) => a.localeCompare(b));

  /** The counts table and the counts call both agree with COUNT(*). */
  const expectExact = async () => {
    expect(sorted(await kept())).toEqual(sorted(await fresh()));
    const res = await owner.post(ORDERS_COUNT, { orgId: 850, statusKeys: STATUS_KEYS });
    expect(res.status).toBe(200);
    const active = (await t.db('product_orders').select({ k: 'last_completed_status_key' }).count({ n: '*' }).where({ org_id: 850, archived: 0 }).groupBy('last_completed_status_key')) as Array<{
      k: string;
      n: number | string;
    }>;
    const byKey = Object.fromEntries(STATUS_KEYS.map((k) => [k, Number(active.find((a) => a.k === k)?.n ?? 0)]));
    const [paying] = (await t.db('product_orders').count({ n: '*' }).where({ org_id: 850, archived: 0, is_processing_payment: 1 })) as Array<{ n: number | string }>;
    expect(res.body.data).toEqual({ productOrderCountsByStatusKey: byKey, processingPaymentCount: Number(paying!.n) });
  };
  const statusOf = async (id: number) => ((await t.db('product_orders').select('last_completed_status_key').where({ id }).first()) as { last_completed_status_key: string }).last_completed_status_key;
  const create = async (c: Client, title: string) => {
    const res = await c.post(`${C}/create-product-order`, { productOrderProps: { orgId: 850, title, productCategoryId: 1 } });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  };

  it('start exact: the migration counted the demo orders', async () => {
    await expectExact();
  });

  it('stay exact after creating, duplicating, changing status, archiving, a payment starting, changing owner, sharing and deleting', async () => {
    const a = await create(guest, 'Counts A');
    await expectExact();
    const b = await create(owner, 'Counts B');
    const withItems = await owner.post(`${C}/create-product-order-with-items`, { productOrderProps: { orgId: 850, title: 'Counts C', productCategoryId: 1 }, propsSets: [{ productId: 98, title: 'Entry', quantity: 1 }] });
    expect(withItems.status).toBe(200);
    const copy = await owner.post(`${C}/duplicate-product-order`, { productOrderId: b });
    expect(copy.status).toBe(200);
    await expectExact();

    expect((await owner.post(`${C}/update-order-status`, { productOrderId: b, statusKey: 'inProduction' })).status).toBe(200);
    expect(await statusOf(b)).toBe('inProduction');
    await expectExact();
    // A refused change (unknown status) rolls back: nothing counted.
    expect((await owner.post(`${C}/update-order-status`, { productOrderId: b, statusKey: 'nowhere' })).status).toBe(409);
    await expectExact();

    expect((await owner.post(ORDER_UPDATE, { where: { id: b }, props: { archived: 1 } })).status).toBe(200);
    await expectExact();
    expect((await owner.post(ORDER_UPDATE, { where: { id: b }, props: { archived: 0 } })).status).toBe(200);
    await expectExact();

    // A payment being processed (what confirming a card payment sets), through the repository as the payment code writes it.
    await t.db.transaction((trx) => t.repos.productOrders.update({ id: a }, { isProcessingPayment: 1 }, trx));
    await expectExact();

    const members = (await t.db('users').select('id').where({ email: 'member-850@demo.test' }).first()) as { id: number };
    expect((await owner.post(`${C}/change-order-owner`, { productOrderId: a, userId: members.id })).status).toBe(200);
    expect((await owner.post(`${C}/product-order/add-sharee`, { productOrderId: b, shareeEmail: 'member-850@demo.test' })).status).toBe(200);
    await expectExact();

    // Only an untouched order can be deleted (discarded): untitled, never prompted, no items.
    const gone = await create(member, 'Untitled Order');
    await expectExact();
    expect((await member.post('/api/resources/productOrders/destroy', { where: { id: gone } })).status).toBe(200);
    expect(await t.db('product_orders').where({ id: gone }).first()).toBeUndefined();
    await expectExact();
  });

  it('stay exact with 10 writes at once: opposite status changes and creations, one effect each, no 5xx', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await create(owner, `Parallel ${i}`));
    // Half of them start at inProduction, so the changes below run in both directions at once.
    for (const id of ids.slice(0, 3)) expect((await owner.post(`${C}/update-order-status`, { productOrderId: id, statusKey: 'inProduction' })).status).toBe(200);
    await expectExact();
    const target = (i: number) => (i < 3 ? 'shipped' : 'inProduction');
    const before = Number(((await t.db('product_orders').count({ n: '*' }).where({ org_id: 850 })) as Array<{ n: number | string }>)[0]!.n);
    const results = await Promise.all([
      ...ids.map((id, i) => owner.post(`${C}/update-order-status`, { productOrderId: id, statusKey: target(i) })),
      ...[0, 1, 2, 3].map((i) => (i % 2 ? guest : member).post(CREATE_ORDER, { productOrderProps: { orgId: 850, title: `Parallel new ${i}`, productCategoryId: 1 } })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const [i, id] of ids.entries()) expect(await statusOf(id)).toBe(target(i));
    const after = Number(((await t.db('product_orders').count({ n: '*' }).where({ org_id: 850 })) as Array<{ n: number | string }>)[0]!.n);
    expect(after - before).toBe(4);
    await expectExact();
  });

  it('migration 0027 fills the counts from the existing orders, and fillOrderCounts repairs them', async () => {
    await m0027.down(t.db);
    expect(await t.db.schema.hasTable(COUNTS_TABLE)).toBe(false);
    // Orders written while the counts do not exist are counted when the migration runs.
    await create(owner, 'Written before the counts');
    await m0027.up(t.db);
    await expectExact();
    await t.db(COUNTS_TABLE).update({ n: 999 });
    await fillOrderCounts(t.db);
    await expectExact();
    // The triggers are back: a write after the migration is counted.
    await create(guest, 'Written after the counts');
    await expectExact();
  });
});

describe('migration 0027 on a server that refuses triggers', () => {
  it('stops with what to set, not the driver error 1419 (binary logging on, no SUPER)', async () => {
    const refused = Object.assign(new Error('ER_BINLOG_CREATE_ROUTINE_NEED_SUPER'), { errno: 1419 });
    // What the migration reaches on such a server: the table is made, CREATE TRIGGER is refused.
    const knex = {
      client: { config: { client: 'mysql2' } },
      schema: { createTable: async () => undefined },
      raw: async () => {
        throw refused;
      },
    } as unknown as Parameters<typeof m0027.up>[0];
    await expect(m0027.up(knex)).rejects.toThrow(TRIGGER_PRIVILEGE_MESSAGE);
    await expect(m0027.up(knex)).rejects.toMatchObject({ cause: refused });
  });
});
