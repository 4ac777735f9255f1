/**
 * The write path of the running portal, over HTTP, on the embedded SQLite database and (when one is
 * reachable) on MySQL/MariaDB: an order of 200 items of organisation 850 is built one item at a time,
 * then options are changed on single items and order-level pricing inputs are changed.
 * Server time is the API's own Server-Timing; HTTP time is the round trip seen by the client.
 * Baseline in the same run: the session call (GET /api/auth/session), which reads the session and
 * the memberships but computes nothing. A warm-up order comes first, so that "the 1st item" is not
 * the first write the process ever prices.
 *
 * HTTP overhead (decision 0105): for each option change, the round trip minus the server's own
 * Server-Timing (which covers the whole handling, serialisation included), median per database.
 * Measured with a lean client — Node's http with one kept-alive connection, as a browser reuses its
 * connection — beside Node's fetch (undici, whose own machinery adds to every call); the session
 * call's overhead is the same-run baseline of a request that does almost nothing.
 */
import { type Benchmark, type Figures } from './lib.ts';
import { type DatabaseKind, leanClient, median, mysqlReachable, PortalUser, startPortal } from './portal.ts';

const ITEMS = 200;
const CHANGES = 60;
const ORDER_CHANGES = 20;
const WARMUP = 30;
const FINISHES = [22, 23];

async function measureWrites(database: DatabaseKind): Promise<Figures> {
  const portal = await startPortal(database);
  try {
    const user = await PortalUser.signIn(portal.url, 'owner-850@demo.test');
    const newOrder = async (title: string) => (await user.post<{ id: number }>('/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1, title } })).data;
    const addItem = (orderId: number, n: number) =>
      user.post<{ id: number }>('/api/resources/productInstances/create', {
        props: { productOrderId: orderId, productId: 98, title: `Keypad ${n + 1}`, quantity: 1 + (n % 12), properties: { '7': { optionId: FINISHES[n % 2] } } },
      });

    // Warm-up on another order, so the first measured writes do not pay for compiling and caching.
    const warm = await newOrder('Warm-up');
    for (let n = 0; n < WARMUP; n++) {
      const a = await addItem(warm.id, n);
      await user.post('/api/resources/productInstances/update', { where: { id: a.data.id }, props: { properties: { '7': { optionId: FINISHES[(n + 1) % 2] } } } });
    }

    const order = await newOrder('Bench order');

    const createServer: number[] = [];
    const createHttp: number[] = [];
    const ids: number[] = [];
    for (let n = 0; n < ITEMS; n++) {
      const a = await addItem(order.id, n);
      ids.push(a.data.id);
      createServer.push(a.serverMs);
      createHttp.push(a.ms);
    }

    // One option change on one item of the 200-item order; in turn, the same through the lean client.
    const lean = leanClient(user);
    const changeServer: number[] = [];
    const changeHttp: number[] = [];
    const fetchOverhead: number[] = [];
    const leanOverhead: number[] = [];
    const leanHttp: number[] = [];
    const change = (n: number) => {
      const i = (n * 37) % ITEMS;
      return { where: { id: ids[i] }, props: { properties: { '7': { optionId: FINISHES[(i + n + 1) % 2] } } } };
    };
    for (let n = 0; n < CHANGES; n++) {
      const a = await user.post('/api/resources/productInstances/update', change(n));
      changeServer.push(a.serverMs);
      changeHttp.push(a.ms);
      fetchOverhead.push(a.ms - a.serverMs);
      const b = await lean.call('POST', '/api/resources/productInstances/update', change(n + CHANGES));
      leanHttp.push(b.ms);
      leanOverhead.push(b.ms - b.serverMs);
    }
    if (![...changeServer].every(Number.isFinite)) throw new Error('an option change answered without Server-Timing');

    // An order-level pricing input: every item is repriced.
    const orderServer: number[] = [];
    for (let n = 0; n < ORDER_CHANGES; n++) {
      const a = await user.post('/api/resources/productOrders/update', { where: { id: order.id }, props: { discountMode: 'rate', discountPercentage: 5 + (n % 5), effectivePricingDate: n % 2 ? '2025-07-01' : '2027-02-01' } });
      orderServer.push(a.serverMs);
    }

    // Baseline: a read that prices nothing.
    const sessionServer: number[] = [];
    const sessionHttp: number[] = [];
    const sessionOverhead: number[] = [];
    for (let n = 0; n < CHANGES; n++) {
      const a = await user.call('GET', '/api/auth/session');
      sessionServer.push(a.serverMs);
      sessionHttp.push(a.ms);
      const b = await lean.call('GET', '/api/auth/session');
      sessionOverhead.push(b.ms - b.serverMs);
    }
    lean.close();

    const first = median(createServer.slice(0, 10));
    const last = median(createServer.slice(-10));
    const p = database;
    return {
      [`${p}OptionChangeServerMs`]: median(changeServer),
      [`${p}OptionChangeHttpMs`]: median(changeHttp),
      [`${p}RepriceAllServerMs`]: median(orderServer),
      [`${p}CreateFirstServerMs`]: first,
      [`${p}CreateLastServerMs`]: last,
      [`${p}CreateGrowth`]: last / first,
      [`${p}SessionServerMs`]: median(sessionServer),
      [`${p}SessionHttpMs`]: median(sessionHttp),
      [`${p}OptionChangeVsSession`]: median(changeHttp) / median(sessionHttp),
      [`${p}OptionChangeLeanHttpMs`]: median(leanHttp),
      [`${p}HttpOverheadMs`]: median(leanOverhead),
      [`${p}HttpOverheadP75Ms`]: quantile(leanOverhead, 0.75),
      [`${p}HttpOverheadFetchMs`]: median(fetchOverhead),
      [`${p}SessionHttpOverheadMs`]: median(sessionOverhead),
      [`${p}HttpOverheadVsSession`]: median(leanOverhead) / median(sessionOverhead),
    };
  } finally {
    await portal.stop();
  }
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

const targets = (p: DatabaseKind) => [
  { figure: `${p}OptionChangeServerMs`, op: '<=' as const, value: 10, label: `${p}: one option change on a 200-item order, server time ≤ 10 ms` },
  { figure: `${p}OptionChangeHttpMs`, op: '<=' as const, value: 15, label: `${p}: the same over HTTP ≤ 15 ms` },
  { figure: `${p}HttpOverheadMs`, op: '<=' as const, value: 2, label: `${p}: an option change over HTTP ≤ 2 ms above the server's own time (median)` },
  { figure: `${p}CreateGrowth`, op: '<=' as const, value: 1.2, label: `${p}: creating the 200th item ≤ 1.2× the 1st` },
];

export const benchmarks: Benchmark[] = [
  {
    name: 'writes: option changes and item creation on a 200-item order (SQLite)',
    targets: targets('sqlite'),
    run: () => measureWrites('sqlite'),
  },
  {
    name: 'writes: option changes and item creation on a 200-item order (MySQL/MariaDB)',
    targets: targets('mysql'),
    async run() {
      if (!(await mysqlReachable())) throw new Error('no MySQL/MariaDB reachable at 127.0.0.1:3306 (set TEST_MYSQL_URL)');
      return measureWrites('mysql');
    },
  },
];
