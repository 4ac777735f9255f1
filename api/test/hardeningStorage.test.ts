import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionLost, isDatabaseUnavailable } from '../src/db/errors.ts';
import { illFormedText } from '../src/http/validate.ts';
import { installChangeCounter } from './changeCounter.ts';
import { CONTACT, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { ORDER_UPDATE, ORDERS_DATA } from './paths.ts';

/**
 * What a probe found between the API and its database (docs/decisions/0072-input-and-export-hardening.md):
 * - text with a lone UTF-16 surrogate, which JSON carries but no column can hold, is refused with 400
 *   naming the field, and nothing is written (MariaDB answered 500 on the audit row's JSON check);
 * - a connection killed under a request answers 503, never 500, and a read is run again on a fresh
 *   connection and answers 200 (MariaDB only: SQLite has no connection to lose).
 */

const DB_DOWN = { code: 'databaseUnavailable', message: 'The database is not reachable right now. Please try again in a moment.' };
const cannotStore = (label: string) => ({ code: 'invalidBody', message: `${label} contains a character that cannot be stored.` });

describe.each(databases)('what the database cannot take, on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let changes: () => Promise<number>;
  let orderId: number;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    changes = await installChangeCounter(t.db);
    owner = await t.as('owner-850@demo.test');
    orderId = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 1 }))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('text that cannot be stored', () => {
    it('refuses a lone surrogate in an order title or delivery address with 400 naming the field by its label, and writes nothing', async () => {
      const before = await t.repos.productOrders.findOne({ id: orderId });
      const counted = await changes();
      const address = CONTACT.deliveryAddress;
      const cases: Array<[props: Record<string, unknown>, label: string]> = [
        [{ title: 'Harbour \ud800 View' }, 'Title'],
        [{ title: 'Harbour View\udfff' }, 'Title'],
        [{ deliveryAddress: { ...address, streetAddress: '12 Maple \ud800Street' } }, 'Street address'],
        // A high surrogate at the very end: the half of an emoji cut off.
        [{ deliveryAddress: { ...address, city: 'Portland \ud83d' } }, 'City'],
      ];
      for (const [props, label] of cases) {
        const res = await owner.post(ORDER_UPDATE, { where: { id: orderId }, props });
        expect([res.status, res.body.error], label).toEqual([400, cannotStore(label)]);
      }
      expect(await changes()).toBe(counted);
      expect(await t.repos.productOrders.findOne({ id: orderId })).toEqual(before);
    });

    it('names the field by its label (decision 0090), also inside lists and for a field name', () => {
      expect(illFormedText({ props: { clientEmails: ['a@b.test', 'c\ud800@d.test'] } })).toBe('Contact email 2 contains a character that cannot be stored.');
      expect(illFormedText({ props: { properties: { '\udc00': { value: 1 } } } })).toBe('Properties has a field name with a character that cannot be stored.');
      expect(illFormedText('\ud800')).toBe('The request contains a character that cannot be stored.');
      expect(illFormedText({ title: 'Harbour View 😀', n: 1, list: [null, true] })).toBeNull();
    });

    it('stores a whole emoji (a surrogate pair) as typed', async () => {
      const res = await owner.post(ORDER_UPDATE, { where: { id: orderId }, props: { contactName: 'Ada 😀', deliveryAddress: { ...CONTACT.deliveryAddress, city: 'Portland 🏠' } } });
      expect(res.status).toBe(200);
      const stored = (await t.repos.productOrders.findOne({ id: orderId }))!;
      expect([stored.contactName, (stored.deliveryAddress as { city: string }).city]).toEqual(['Ada 😀', 'Portland 🏠']);
    });
  });

  describe('a lost database connection', () => {
    it('counts a connection closed, killed or lost under a query as the database being unavailable', () => {
      // As mysql2 makes it, and as knex passes it on (the SQL before the message).
      const closed = Object.assign(new Error("ROLLBACK - Can't add new command when connection is in closed state"), { fatal: true });
      const killed = Object.assign(new Error('select 1 - Connection was killed'), { errno: 1927, code: 'ER_CONNECTION_KILLED' });
      for (const err of [closed, new Error("Can't write in closed state"), killed, new Error('wrapped', { cause: closed })]) {
        expect([isConnectionLost(err), isDatabaseUnavailable(err)], err.message).toEqual([true, true]);
      }
      expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
      expect(isDatabaseUnavailable(Object.assign(new Error('Duplicate entry'), { errno: 1062 }))).toBe(false);
    });

    it.runIf(dbCase.name === 'mysql')('gets that closed-state error from mysql2 for a transaction whose connection was killed', async () => {
      const err = await t.db
        .transaction(async (trx: Knex.Transaction) => {
          const [[{ id }]] = (await trx.raw('select connection_id() as id')) as [[{ id: number }]];
          await t.db.raw(`KILL ${Number(id)}`);
          await new Promise((r) => setTimeout(r, 100));
          await trx.raw('select 1');
        })
        .then(() => undefined, (e: Error) => e);
      expect(err?.message).toMatch(/closed state$/);
      expect(isDatabaseUnavailable(err)).toBe(true);
    });

    /**
     * Holds `table` with LOCK TABLES … WRITE so the API's next statement on it waits, finds that
     * waiting connection of the API among the server's processes, kills it, then lets the table go.
     */
    async function killWhileWaitingOn(table: string, request: () => Promise<{ status: number; body: any }>) {
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = t.db.transaction(async (trx: Knex.Transaction) => {
        await trx.raw(`LOCK TABLES \`${table}\` WRITE`);
        locked();
        await new Promise<void>((r) => (release = r));
        await trx.raw('UNLOCK TABLES');
      });
      await isLocked;
      const answer = request();
      let id: number | undefined;
      await expect
        .poll(async () => {
          const [rows] = (await t.db.raw("select id from information_schema.processlist where db = database() and state like 'Waiting for table metadata lock'")) as [Array<{ id: number }>];
          id = rows[0]?.id;
          return rows.length;
        }, { timeout: 60_000, interval: 20 })
        .toBe(1);
      await t.db.raw(`KILL ${Number(id)}`);
      release();
      await holder;
      return answer;
    }

    it.runIf(dbCase.name === 'mysql')('answers a read whose connection was killed under it (200: run again on a fresh connection)', async () => {
      const served = await t.serve({}, { separateDb: true });
      const reader = await served.as('owner-850@demo.test');
      const res = await killWhileWaitingOn('product_orders', () => reader.post(ORDERS_DATA, { orgId: 850 }));
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      expect(res.body.data.productOrders.length).toBeGreaterThan(0);
      await served.close();
    });

    it.runIf(dbCase.name === 'mysql')('answers 503 for a write whose connection was killed inside its transaction, writes nothing, and serves the next request', async () => {
      const served = await t.serve({}, { separateDb: true });
      const writer = await served.as('owner-850@demo.test');
      const before = await t.repos.productOrders.findOne({ id: orderId });
      // The audit row is the transaction's last statement: the order's row is already updated when it waits.
      const res = await killWhileWaitingOn('audit_log', () => writer.post(ORDER_UPDATE, { where: { id: orderId }, props: { phone: '(207) 555-0100' } }));
      expect([res.status, res.body]).toEqual([503, { error: DB_DOWN }]);
      expect(await t.repos.productOrders.findOne({ id: orderId })).toEqual(before);
      expect((await writer.post(ORDER_UPDATE, { where: { id: orderId }, props: { phone: '(207) 555-0100' } })).status).toBe(200);
      await served.close();
    });
  });
});
