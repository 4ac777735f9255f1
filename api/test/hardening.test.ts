import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionData } from '@cpq/domain';
import { createDb } from '../src/db/knex.ts';
import { compile } from '../src/http/validate.ts';
import { countRows, databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { CATALOGUE, CREATE_ORDER, HOME, ITEM_CREATE, ITEM_UPDATE, ORDER_DATA, ORDER_UPDATE, ORDERS_DATA } from './paths.ts';

/**
 * What a probe of the API found, each as an attacker (or an outage) would meet it. Expectations come
 * from the rules (docs/decisions/0046-api-hardening.md, 0047-guest-mode-on-the-session.md):
 * - sign-in checks at most the free attempts, however many guesses arrive at once, in any process;
 * - a write names JSON and comes from the portal's own origin;
 * - an id of something the caller cannot reach answers like a missing one;
 * - guest mode is held and enforced by the server;
 * - a database that does not answer makes a 503, never a hang or a 500;
 * - cookies and HSTS follow HTTPS, sessions end when idle, an oversized body gets a 413 answer;
 * - every response carries the security headers, and logs never hold a query string.
 */

const C = '/api/configurator';
const INVALID = { code: 'invalidCredentials', message: 'Invalid email or password.' };
const CROSS_SITE = { code: 'crossSiteRequest', message: 'This request came from another site and was refused. Open the portal at its own address and try again.' };
const DB_DOWN = { code: 'databaseUnavailable', message: 'The database is not reachable right now. Please try again in a moment.' };

/** A local port where nothing listens. */
async function deadPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe.each(databases)('API hardening on $name', (dbCase) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-23T10:00:00Z');
  const logged: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dbCase, {
      rateLimit: { now: () => clock },
      logError: (err, request) => logged.push(`${request ?? ''} ${err instanceof Error ? `${err.message} ${err.stack}` : String(err)}`),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sign-in under many simultaneous guesses', () => {
    it('checks only the 5 free attempts of 60 sent at once to two API processes; the right password among the later ones is refused', async () => {
      await t.db('login_throttle').delete();
      const other = await t.serve({ rateLimit: { now: () => clock } }, { separateDb: true });
      const email = 'member-1053@demo.test';
      const guesses = Array.from({ length: 60 }, (_, i) => (i === 55 ? 'demo' : `guess-${i}`));
      const answers = await Promise.all(guesses.map((password, i) => (i % 2 ? other : t).client().post('/api/auth/login', { email, password })));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(55);
      expect(statuses).not.toContain(200);
      const right = answers[55]!;
      expect(right.status).toBe(429);
      expect(right.body.error).toEqual({ code: 'tooManyAttempts', message: 'Too many failed sign-in attempts. Try again in 15 seconds.' });
      expect(Number(right.headers.get('retry-after'))).toBe(15);
      for (const a of answers) if (a.status === 401) expect(a.body.error).toEqual(INVALID);
      expect(right.headers.get('set-cookie')).toBeNull();
      // Once the wait is over the right password gets in.
      clock += 15_000;
      expect((await t.client().post('/api/auth/login', { email, password: 'demo' })).status).toBe(200);
      await other.close();
      await t.db('login_throttle').delete();
    });

    it('keeps "Invalid email or password." for an unknown email and a wrong password alike', async () => {
      for (const body of [
        { email: 'nobody-here@demo.test', password: 'demo' },
        { email: 'owner-1392@demo.test', password: 'not it' },
      ]) {
        const res = await t.client().post('/api/auth/login', body);
        expect([res.status, res.body.error]).toEqual([401, INVALID]);
      }
      await t.db('login_throttle').delete();
    });
  });

  describe('writes name JSON and come from the portal itself', () => {
    const createBody = JSON.stringify({ productOrderProps: { orgId: 850, productCategoryId: 1 } });

    it('refuses a body that is not declared JSON (415) and writes nothing', async () => {
      const owner = await t.as('owner-850@demo.test');
      const before = await countRows(t.db, 'product_orders');
      for (const type of ['', 'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await owner.post(CREATE_ORDER, undefined, { raw: createBody, headers: { 'content-type': type } });
        expect(res.status, `type "${type}"`).toBe(415);
        expect(res.body.error).toEqual({ code: 'unsupportedMediaType', message: 'Send the request body as application/json.' });
      }
      expect(await countRows(t.db, 'product_orders')).toBe(before);
      const ok = await owner.post(CREATE_ORDER, undefined, { raw: createBody, headers: { 'content-type': 'application/json; charset=utf-8' } });
      expect(ok.status).toBe(200);
    });

    it('lets a write without a body through without a type (nothing to parse)', async () => {
      const c = await t.as('member-850@demo.test');
      const res = await c.post('/api/auth/logout', undefined, { headers: { 'content-type': '' } });
      expect(res.status).toBe(200);
    });

    it('refuses a signed-in write from another origin or naming none (403), and writes nothing', async () => {
      const owner = await t.as('owner-850@demo.test');
      const own = new URL(t.url);
      const before = await countRows(t.db, 'product_orders');
      const foreign: Array<Record<string, string>> = [
        { origin: `http://127.0.0.1:${Number(own.port) + 1}` }, // another port of the same host
        { origin: `http://localhost:${own.port}` }, // another host name
        { origin: `https://127.0.0.1:${own.port}` }, // another scheme
        { origin: 'https://attacker.example' },
        { origin: 'null' },
        { origin: own.origin, 'sec-fetch-site': 'same-site' },
        { origin: own.origin, 'sec-fetch-site': 'cross-site' },
        { origin: '', 'sec-fetch-site': 'cross-site' },
        { origin: '' }, // a cookie and nothing saying where the request comes from
      ];
      for (const headers of foreign) {
        const res = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1 } }, { headers });
        expect([res.status, res.body.error], JSON.stringify(headers)).toEqual([403, CROSS_SITE]);
      }
      expect(await countRows(t.db, 'product_orders')).toBe(before);
      const same: Array<Record<string, string>> = [{ origin: own.origin }, { origin: own.origin, 'sec-fetch-site': 'same-origin' }, { origin: '', 'sec-fetch-site': 'same-origin' }];
      for (const headers of same) {
        const res = await owner.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1 } }, { headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
      }
      // Reads are not writes: a foreign Origin on a GET changes nothing and is answered.
      expect((await owner.get('/api/auth/session', { origin: 'https://attacker.example' })).status).toBe(200);
    });

    it("refuses another site's sign-in form (no cookie yet), and lets a script without an Origin sign in", async () => {
      const res = await t.client().post('/api/auth/login', { email: 'owner-850@demo.test', password: 'demo' }, { headers: { origin: 'https://attacker.example' } });
      expect([res.status, res.body.error]).toEqual([403, CROSS_SITE]);
      expect(res.headers.get('set-cookie')).toBeNull();
      const script = await t.client().post('/api/auth/login', { email: 'owner-850@demo.test', password: 'demo' }, { headers: { origin: '' } });
      expect(script.status).toBe(200);
    });

    it("accepts PUBLIC_URL's origin, and the proxy's scheme and host only when the proxy is trusted", async () => {
      const pub = await t.serve({ publicUrl: 'https://portal.example/' });
      const owner = await pub.as('owner-850@demo.test');
      const create = (c: Client, headers: Record<string, string>) => c.post(CREATE_ORDER, { productOrderProps: { orgId: 850, productCategoryId: 1 } }, { headers });
      expect((await create(owner, { origin: 'https://portal.example' })).status).toBe(200);
      expect((await create(owner, { origin: 'https://portal.example:8443' })).body.error).toEqual(CROSS_SITE);

      const proxied = { origin: 'https://shop.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };
      const trusting = await t.serve({ trustProxy: true });
      const viaProxy = await trusting.as('owner-850@demo.test');
      expect((await create(viaProxy, proxied)).status).toBe(200);
      // Without TRUST_PROXY those headers are anyone's to send.
      const direct = await t.as('owner-850@demo.test');
      expect((await create(direct, proxied)).body.error).toEqual(CROSS_SITE);
    });

    it('keeps the payment webhook working: no cookie, no Origin, authenticated by its signature', async () => {
      const res = await t.client().post('/api/webhooks/payments', { id: 'evt_1', type: 'payment_intent.succeeded' }, { headers: { origin: '' } });
      expect(res.status).not.toBe(403);
      expect(res.status).not.toBe(415);
    });
  });

  describe('an id the caller cannot reach answers like a missing one', () => {
    it('for orders, items, organisations and payments of another organisation (404, same code and message)', async () => {
      const stranger = await t.as('owner-1053@demo.test'); // no member of 850
      const order = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 1 }))!;
      const item = (await t.repos.productInstances.find({ productOrderId: order.id }))[0]!;
      await t.db('order_payments').insert({ org_id: 850, product_order_id: order.id, user_id: order.userId, provider: 'simulated', environment: 'live', intent_id: 'pi_850_hidden', status_key: 'readyToPay', amount_in_cents: 100, state: 'processing', created: '2026-11-23 10:00:00', last_updated: '2026-11-23 10:00:00' });
      const missingId = 2_000_000_000;
      const pairs: Array<[string, unknown, unknown]> = [
        [HOME, { orgId: 850 }, { orgId: missingId }],
        [ORDERS_DATA, { orgId: 850 }, { orgId: missingId }],
        ['/api/resources/products/get', { where: { orgId: 850 } }, { where: { orgId: missingId } }],
        [ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 }, { orgId: missingId, productOrderOrgSpecificId: 1 }],
        [ORDER_UPDATE, { where: { id: order.id }, props: { phone: '5550100' } }, { where: { id: missingId }, props: { phone: '5550100' } }],
        [ITEM_CREATE, { props: { productOrderId: order.id, productId: 98 } }, { props: { productOrderId: missingId, productId: 98 } }],
        [ITEM_UPDATE, { where: { id: item.id }, props: { quantity: 2 } }, { where: { id: missingId }, props: { quantity: 2 } }],
        [`${C}/duplicate-product-order`, { productOrderId: order.id }, { productOrderId: missingId }],
        [`${C}/submit-order`, { productOrderId: order.id }, { productOrderId: missingId }],
        [`${C}/get-order-status-events`, { productOrderId: order.id }, { productOrderId: missingId }],
        [`${C}/product-order/revisions`, { productOrderId: order.id }, { productOrderId: missingId }],
        [`${C}/get-stripe-payment-intent`, { paymentIntentId: 'pi_850_hidden', paymentEnvironment: 'live' }, { paymentIntentId: 'pi_missing', paymentEnvironment: 'live' }],
      ];
      const before = await t.db('product_orders').where({ id: order.id }).first();
      for (const [p, reachable, missing] of pairs) {
        const a = await stranger.post(p, reachable);
        const b = await stranger.post(p, missing);
        expect(a.status, p).toBe(404);
        expect(a.body, p).toEqual(b.body);
        expect(a.body.error.code, p).toMatch(/NotFound$/);
      }
      const cat = await stranger.get(CATALOGUE(850));
      expect([cat.status, cat.body]).toEqual([404, (await stranger.get(CATALOGUE(missingId))).body]);
      expect(await t.db('product_orders').where({ id: order.id }).first()).toEqual(before);
      // Anonymous callers are still asked to sign in.
      expect((await t.client().post(ORDER_UPDATE, { where: { id: order.id }, props: { phone: '1' } })).status).toBe(401);
    });
  });

  describe('guest mode is held by the session', () => {
    const session = (c: Client) => c.get('/api/auth/session');
    const org850 = (res: { body: { data: { organisations: Array<{ id: number; role: string; prevRole?: string | null }> } } }) => res.body.data.organisations.find((o) => o.id === 850)!;
    const setMode = (c: Client, orgId: number, guestMode: boolean) => c.post('/api/auth/guest-mode', { orgId, guestMode });

    it('makes an owner a guest everywhere the server decides, and switching back restores the owner', async () => {
      const owner = await t.as('owner-850@demo.test');
      const ownerId = (await session(owner)).body.data.user.id as number;
      const on = await setMode(owner, 850, true);
      expect(on.status).toBe(200);
      expect(compile(SessionData)(on.body.data)).toBe(true);
      expect(org850(on)).toMatchObject({ role: 'guest', prevRole: 'owner' });
      expect(org850(await session(owner))).toMatchObject({ role: 'guest', prevRole: 'owner' });

      // Approval and status dots are employees'.
      const maple = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 2 }))!; // guest-850's, awaiting approval
      const harbour = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 1 }))!; // the owner's own
      const approve = await owner.post(`${C}/approve-order`, { productOrderId: maple.id });
      expect([approve.status, approve.body.error.code]).toEqual([403, 'forbidden']);
      const dots = await owner.post(`${C}/update-order-status`, { productOrderId: harbour.id, statusKey: harbour.lastCompletedStatusKey });
      expect([dots.status, dots.body.error.code]).toEqual([403, 'forbidden']);
      expect((await owner.post(`${C}/get-order-status-events`, { productOrderId: harbour.id })).status).toBe(403);
      expect((await owner.post(`${C}/product-order/restore-revision`, { productOrderId: harbour.id, revisionNumber: 1 })).status).toBe(403);

      // Only their own orders (and those they are involved in), like any guest; another's is missing.
      const list = await owner.post(ORDERS_DATA, { orgId: 850, filters: { orderOwner: 'all', archived: 'all' } });
      expect(list.status).toBe(200);
      const ownOrders = (await t.repos.productOrders.find({ orgId: 850, userId: ownerId })).map((o) => o.orgSpecificId);
      const listed = list.body.data.productOrders.map((o: { orgSpecificId: number }) => o.orgSpecificId) as number[];
      expect(listed).toEqual(expect.arrayContaining([1, 5]));
      for (const n of listed) expect(ownOrders).toContain(n);
      for (const n of [2, 3, 4, 6]) expect(listed).not.toContain(n);
      expect((await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 2 })).body.error.code).toBe('orderNotFound');

      // No employee-only fields: the list's employee columns, an item's failed pricing steps.
      for (const row of list.body.data.productOrders) for (const f of ['trackingNumber', 'estimatedShippingDate', 'commandData', 'pricingFailed']) expect(row).not.toHaveProperty(f);
      const data = await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 1 });
      expect(data.status).toBe(200);
      for (const i of data.body.data.productInstances) expect(i).not.toHaveProperty('pricingFailures');
      // Guest fields only, and products published to everyone only.
      expect((await owner.post(ORDER_UPDATE, { where: { id: harbour.id }, props: { taxPercentage: 0 } })).status).toBe(403);
      expect((await owner.post(ITEM_CREATE, { props: { productOrderId: harbour.id, productId: 100 /* internal */ } })).status).toBe(400);
      const home = await owner.post(HOME, { orgId: 850 });
      expect(home.body.data.products.map((p: { id: number }) => p.id)).not.toContain(100);

      // Another device of the same owner is not in guest mode.
      const otherDevice = await t.as('owner-850@demo.test');
      expect(org850(await session(otherDevice))).toMatchObject({ role: 'owner', prevRole: null });
      expect((await otherDevice.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 2 })).status).toBe(200);

      // Switching back restores the owner's rights.
      const off = await setMode(owner, 850, false);
      expect(org850(off)).toMatchObject({ role: 'owner', prevRole: null });
      expect((await owner.post(`${C}/approve-order`, { productOrderId: maple.id })).status).not.toBe(403);
      expect((await owner.post(`${C}/update-order-status`, { productOrderId: harbour.id, statusKey: harbour.lastCompletedStatusKey })).status).toBe(200);
      expect((await owner.post(ORDER_DATA, { orgId: 850, productOrderOrgSpecificId: 2 })).status).toBe(200);
      const ownerHome = await owner.post(HOME, { orgId: 850 });
      expect(ownerHome.body.data.products.map((p: { id: number }) => p.id)).toContain(100);
    });

    it('is per organisation: guest mode in one leaves the other as it is', async () => {
      const multi = await t.as('multi@demo.test');
      const on = await setMode(multi, 850, true);
      const roles = Object.fromEntries(on.body.data.organisations.map((o: { id: number; role: string }) => [o.id, o.role]));
      expect(roles).toEqual({ 850: 'guest', 1053: 'member' });
      expect((await multi.post(`${C}/get-order-owner-candidates`, { orgId: 850 })).status).toBe(403);
      expect((await multi.post(`${C}/get-order-owner-candidates`, { orgId: 1053 })).status).toBe(200);
    });

    it('refuses guests, employee-only organisations, non-members, bad bodies and anonymous callers, and changes nothing', async () => {
      const before = await t.db('sessions').select('id', 'guest_mode_org_ids').orderBy('id');
      const guest = await t.as('guest-850@demo.test');
      const g = await setMode(guest, 850, true);
      expect([g.status, g.body.error]).toEqual([403, { code: 'forbidden', message: 'Only employees can switch to guest mode.' }]);
      const owner1450 = await t.as('owner-1450@demo.test');
      const e = await setMode(owner1450, 1450, true);
      expect([e.status, e.body.error]).toEqual([403, { code: 'forbidden', message: 'Guest mode is not available in this organisation.' }]);
      expect(org850Like(await setMode(owner1450, 1450, false), 1450)).toMatchObject({ role: 'owner' });
      const n = await setMode(owner1450, 850, true);
      expect([n.status, n.body.error.code]).toEqual([404, 'organisationNotFound']);
      for (const body of [{ orgId: 850 }, { orgId: 850, guestMode: 'yes' }, { orgId: 850, guestMode: true, role: 'owner' }]) {
        expect((await owner1450.post('/api/auth/guest-mode', body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await t.client().post('/api/auth/guest-mode', { orgId: 850, guestMode: true })).status).toBe(401);
      const after = await t.db('sessions').select('id', 'guest_mode_org_ids').whereIn('id', before.map((s: { id: number }) => s.id)).orderBy('id');
      expect(after).toEqual(before);
    });

    function org850Like(res: { body: { data: { organisations: Array<{ id: number; role: string }> } } }, id: number) {
      return res.body.data.organisations.find((o) => o.id === id);
    }
  });

  describe('a database that does not answer', () => {
    it('answers live while the process runs, and ready only while the database answers', async () => {
      const live = await t.client().get('/api/health/live');
      expect([live.status, live.body]).toEqual([200, { data: { status: 'live' } }]);
      const ready = await t.client().get('/api/health/ready');
      expect([ready.status, ready.body]).toEqual([200, { data: { status: 'ready' } }]);
    });

    it('answers 503 with a clear message when the database is unreachable, and health says not ready', async () => {
      const db = createDb({ databaseUrl: `mysql://root:pw@127.0.0.1:${await deadPort()}/cpq`, sqliteFile: '', queryTimeoutMs: 2000 });
      const down = await t.serve({ db });
      const started = Date.now();
      const login = await down.client().post('/api/auth/login', { email: 'owner-850@demo.test', password: 'demo' });
      expect([login.status, login.body]).toEqual([503, { error: DB_DOWN }]);
      expect(login.headers.get('retry-after')).toBe('5');
      const withCookie = down.client();
      withCookie.cookie = 'cpq_session=whatever';
      expect((await withCookie.post(HOME, { orgId: 850 })).body).toEqual({ error: DB_DOWN });
      expect((await down.client().get('/api/health/ready')).status).toBe(503);
      expect((await down.client().get('/api/health/live')).status).toBe(200);
      // It gave up at once rather than hang (generous: a loaded machine is slow, never this slow).
      expect(Date.now() - started).toBeLessThan(20_000);
      await down.close();
      await db.destroy();
    });

    it('answers 503 when no connection frees up in time (pool exhausted), then serves again', async () => {
      const busy = await t.serve({}, { separateDb: true, queryTimeoutMs: 2000 });
      const owner = await busy.as('owner-850@demo.test');
      // Hold every connection of that process's pool.
      const max = (busy.db.client as { pool: { max: number } }).pool.max;
      const releases: Array<() => void> = [];
      // Connecting and waiting for the pool give up after the same 2 s: on a busy machine opening a
      // connection can take longer (the pool's timeout, or the driver's connect ETIMEDOUT), and then
      // that holder asks again. An error once it holds its connection fails the test.
      const hold = async (): Promise<void> => {
        for (;;) {
          let holding = false;
          try {
            return await busy.db.transaction((trx) => {
              holding = true;
              return new Promise<void>((resolve) => releases.push(() => resolve(void trx)));
            });
          } catch (err) {
            if (holding) throw err;
          }
        }
      };
      const held = Array.from({ length: max }, hold);
      // Every transaction holds its connection once its callback has run (not after some time: on a
      // loaded machine opening connections can take longer than any pause chosen here).
      await vi.waitFor(() => expect(releases).toHaveLength(max), { timeout: 60_000, interval: 20 });
      const started = Date.now();
      const res = await owner.post(HOME, { orgId: 850 });
      expect([res.status, res.body]).toEqual([503, { error: DB_DOWN }]);
      // The wait for a connection ended at its limit (2 s) rather than knex's default minute.
      expect(Date.now() - started).toBeLessThan(20_000);
      expect((await busy.client().get('/api/health/ready')).status).toBe(503);
      for (const r of releases) r();
      await Promise.all(held);
      expect((await owner.post(HOME, { orgId: 850 })).status).toBe(200);
      expect((await busy.client().get('/api/health/ready')).status).toBe(200);
      await busy.close();
    });

    it('answers 503 when the pool was destroyed', async () => {
      const gone = await t.serve({}, { separateDb: true });
      const owner = await gone.as('owner-850@demo.test');
      await gone.db.destroy();
      const res = await owner.post(HOME, { orgId: 850 });
      expect([res.status, res.body]).toEqual([503, { error: DB_DOWN }]);
      await gone.close();
    });

    it.runIf(dbCase.name === 'mysql')('cancels a query stalled on a lock after DB_QUERY_TIMEOUT_MS and answers 503', async () => {
      const stalled = await t.serve({}, { separateDb: true, queryTimeoutMs: 700 });
      const owner = await stalled.as('owner-850@demo.test');
      const order = (await t.repos.productOrders.findOne({ orgId: 850, orgSpecificId: 1 }))!;
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = t.db.transaction(async (trx: Knex.Transaction) => {
        await trx('product_orders').where({ id: order.id }).forUpdate().first();
        locked();
        await new Promise<void>((r) => (release = r));
      });
      await isLocked;
      const started = Date.now();
      const res = await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { phone: '5550199' } });
      expect([res.status, res.body]).toEqual([503, { error: DB_DOWN }]);
      // Cancelled at its limit (700 ms) rather than waiting for the lock (generous for a loaded machine).
      expect(Date.now() - started).toBeLessThan(20_000);
      release();
      await holder;
      expect((await owner.post(ORDER_UPDATE, { where: { id: order.id }, props: { phone: '5550199' } })).status).toBe(200);
      await stalled.close();
    });
  });

  describe('cookies, HSTS, idle sessions, oversized bodies', () => {
    it('marks the cookie Secure and sends HSTS over HTTPS behind a trusted proxy, and not on plain HTTP', async () => {
      const trusting = await t.serve({ trustProxy: true });
      const https = await trusting.client().post('/api/auth/login', { email: 'member-1392@demo.test', password: 'demo' }, { headers: { 'x-forwarded-proto': 'https', origin: trusting.url.replace('http:', 'https:') } });
      expect(https.status).toBe(200);
      expect(https.headers.get('set-cookie')).toMatch(/;\s*secure/i);
      expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const plain = await trusting.client().post('/api/auth/login', { email: 'member-1392@demo.test', password: 'demo' });
      expect(plain.headers.get('set-cookie')).not.toMatch(/;\s*secure/i);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      // Without TRUST_PROXY the header is anyone's: no Secure cookie over plain HTTP.
      const direct = await t.client().post('/api/auth/login', { email: 'member-1392@demo.test', password: 'demo' }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers.get('set-cookie')).not.toMatch(/;\s*secure/i);
      expect(direct.headers.get('strict-transport-security')).toBeNull();
    });

    it('ends a session after the idle time, and notes use at most once a minute', async () => {
      const idle = await t.serve({ sessionIdleMs: 3600_000 });
      const c = await idle.as('member-1392@demo.test');
      const sessionId = (await t.db('sessions').max({ id: 'id' }).first())!.id as number;
      const seen = async () => String((await t.db('sessions').where({ id: sessionId }).first()).last_seen);
      const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 19).replace('T', ' ');

      await t.db('sessions').where({ id: sessionId }).update({ last_seen: at(30_000) });
      const recent = await seen();
      expect((await c.get('/api/auth/session')).status).toBe(200);
      expect(await seen()).toBe(recent); // used 30 s ago: not written again
      await t.db('sessions').where({ id: sessionId }).update({ last_seen: at(50 * 60_000) });
      expect((await c.post(HOME, { orgId: 1392 })).status).toBe(200);
      expect(Date.now() - Date.parse((await seen()).replace(' ', 'T') + 'Z')).toBeLessThan(5000); // noted
      // A session written without a last use counts from its creation.
      await t.db('sessions').where({ id: sessionId }).update({ last_seen: null, created: at(10 * 60_000) });
      expect((await c.get('/api/auth/session')).status).toBe(200);
      await t.db('sessions').where({ id: sessionId }).update({ last_seen: null, created: at(61 * 60_000) });
      expect((await c.get('/api/auth/session')).status).toBe(401);
      await t.db('sessions').where({ id: sessionId }).update({ last_seen: at(61 * 60_000) });
      const ended = await c.get('/api/auth/session');
      expect([ended.status, ended.body.error.code]).toEqual([401, 'unauthenticated']);
      expect((await c.post(HOME, { orgId: 1392 })).status).toBe(401);
    });

    it('answers a 2 MiB body with 413 and a JSON error over real HTTP, and the connection stays usable', async () => {
      const owner = await t.as('owner-850@demo.test');
      const big = JSON.stringify({ where: { id: 1 }, props: { notes: 'x'.repeat(2 * 1024 * 1024) } });
      const res = await owner.post(ORDER_UPDATE, undefined, { raw: big });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: { code: 'bodyTooLarge', message: 'Request body is too large (the limit is 1 MiB).' } });

      // On one connection, as a browser sends it (in pieces, still sending when the answer is ready):
      // the whole body is taken, the 413 comes back, and the next request on it is answered.
      const { port } = new URL(t.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (d) => (received += d));
      const bytes = Buffer.from(big);
      socket.write(`POST ${ORDER_UPDATE} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nOrigin: http://127.0.0.1:${port}\r\n${owner.cookie ? `Cookie: ${owner.cookie}\r\n` : ''}\r\n`);
      for (let at = 0; at < bytes.length; at += 256 * 1024) {
        await new Promise<void>((resolve, reject) => socket.write(bytes.subarray(at, at + 256 * 1024), (err) => (err ? reject(err) : setTimeout(resolve, 5))));
      }
      await expect.poll(() => received, { timeout: 60_000 }).toContain('bodyTooLarge');
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      received = '';
      socket.write(`GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await expect.poll(() => received, { timeout: 60_000 }).toMatch(/^HTTP\/1\.1 200 /);
      socket.destroy();
    });

    it('prints one clear line without the password and exits non-zero when DATABASE_URL is wrong', async () => {
      const url = `mysql://root:s3cr3t-pw@127.0.0.1:${await deadPort()}/cpq_nowhere`;
      const root = path.resolve(import.meta.dirname, '..', '..');
      const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: url, PORT: String(await deadPort()) }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(code).not.toBe(0);
      // One structured line (docs/decisions/0117-logs-and-metrics.md).
      expect(err).toBe('');
      expect(out.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
        { level: 'fatal', time: expect.any(String), msg: expect.stringMatching(new RegExp(`^Cannot connect to the database at mysql://root@127\\.0\\.0\\.1:\\d+/cpq_nowhere: connect ECONNREFUSED`)) },
      ]);
      expect(out).not.toContain('s3cr3t');
    });
  });

  describe('security headers and logs', () => {
    it('sends the Content-Security-Policy and the other security headers on every response', async () => {
      const owner = await t.as('owner-850@demo.test');
      const answers = [
        await owner.get('/api/auth/session'),
        await t.client().get('/api/auth/session'), // 401
        await t.client().get('/api/nothing-here'), // 404
        await owner.post(HOME, { orgId: 850 }),
        await t.client().get('/orders/1', { accept: 'text/html' }), // the page (no build here: the fallback page)
        await t.client().get('/api/health/live'),
      ];
      for (const res of answers) {
        const csp = res.headers.get('content-security-policy') ?? '';
        const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
        expect(directives['script-src'], csp).toEqual(["'self'"]);
        expect(directives['object-src']).toEqual(["'none'"]);
        expect(directives['base-uri']).toEqual(["'self'"]);
        expect(directives['frame-ancestors']).toEqual(["'none'"]);
        expect(directives['default-src']).toEqual(["'self'"]);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      }
    });

    it('logs the method and path of a failed request, never its query string', async () => {
      const gone = await t.serve({}, { separateDb: true });
      const owner = await gone.as('owner-850@demo.test');
      await gone.db.destroy();
      logged.length = 0;
      const res = await owner.get('/api/auth/session?shareToken=SECRET-TOKEN-123&shareableOrderId=1');
      expect(res.status).toBe(503);
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.join('\n')).toContain('GET /api/auth/session');
      expect(logged.join('\n')).not.toContain('SECRET-TOKEN-123');
      expect(logged.join('\n')).not.toContain('shareToken');
      await gone.close();
    });
  });
});
