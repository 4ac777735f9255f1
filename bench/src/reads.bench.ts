/**
 * The reads every page load makes, under load: get-configurator-order-data of a 200-item order and
 * get-configurator-homepage-data (organisation 850, as its owner), 20 connections, against the
 * running portal (its own process, embedded SQLite or MySQL/MariaDB). Baseline in the same run: bare
 * Koa (bench/src/bareKoa.ts, its own process too) answering the same requests with the same bytes,
 * measured in alternating rounds with the portal.
 * The catalogue call is measured for information: a fresh download and a 304 revalidation.
 * The order data's revisit (decision 0105): brotli's size against the plain JSON, and the page's second
 * read with the ETag it kept — a 304 with no body bytes, also under load.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type Benchmark, type Figures } from './lib.ts';
import { type DatabaseKind, freePort, median, mysqlReachable, orderWithItems, PortalUser, startChild, startPortal } from './portal.ts';

const CONNECTIONS = 20;
const SECONDS = 3;
/** Portal and bare Koa are measured in alternation, so that load from other processes hits both alike. */
const ROUNDS = 3;

interface Load {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Requests per second over the run; throws when any answer was not the expected status. */
async function requestsPerSecond(url: string, load: Load, expectStatus = 200): Promise<number> {
  const opts = {
    url: url + load.path,
    method: load.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { ...(load.body !== undefined ? { 'content-type': 'application/json' } : {}), ...load.headers },
    ...(load.body !== undefined ? { body: JSON.stringify(load.body) } : {}),
  };
  await autocannon({ ...opts, duration: 1 }); // warm-up
  const r = await autocannon(opts);
  const wrong = r.errors + r.timeouts + (expectStatus === 200 ? r.non2xx : r.requests.total - (r.statusCodeStats?.[String(expectStatus) as '304']?.count ?? 0));
  if (wrong > 0) throw new Error(`${load.method} ${load.path}: ${wrong} of ${r.requests.total} answers were not ${expectStatus}`);
  return r.requests.total / SECONDS;
}

/** Bare Koa answering with `bytes`, in its own process. */
async function bareKoa(bytes: Buffer): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cpq-bare-'));
  const file = path.join(dir, 'body.json');
  writeFileSync(file, bytes);
  const port = await freePort();
  const child = await startChild('bench/src/bareKoa.ts', port, { BODY_FILE: file });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Portal and bare Koa on the same requests, in alternating rounds: medians of each and of the per-round ratios. */
async function versusBareKoa(portalUrl: string, bareUrl: string, load: Load): Promise<{ rps: number; bareRps: number; ratio: number }> {
  const rps: number[] = [];
  const bare: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rps.push(await requestsPerSecond(portalUrl, load));
    bare.push(await requestsPerSecond(bareUrl, load));
    ratios.push(rps[i]! / bare[i]!);
  }
  return { rps: median(rps), bareRps: median(bare), ratio: median(ratios) };
}

async function bodyOf(user: PortalUser, load: Load): Promise<Buffer> {
  const res = await fetch(user.url + load.path, {
    method: load.method,
    headers: { ...(load.body !== undefined ? { 'content-type': 'application/json' } : {}), ...load.headers },
    body: load.body !== undefined ? JSON.stringify(load.body) : undefined,
  });
  if (res.status !== 200) throw new Error(`${load.path} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** One request's answer as it crossed the wire (no decompression): status, headers, body bytes. */
function onTheWire(url: string, load: Load): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  const sent = load.body !== undefined ? JSON.stringify(load.body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(url + load.path, { method: load.method, headers: { ...(sent ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(sent) } : {}), ...load.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(sent);
  });
}

/**
 * The order data as a browser gets it: brotli (checked to be the plain bytes), then a revisit with the
 * ETag it kept (must be a 304 with no body), and the revisit under load.
 */
async function revisit(portalUrl: string, load: Load, plain: Buffer): Promise<{ brotliBytes: number; revisitBodyBytes: number; revisitStatus: number; revisit304Rps: number }> {
  const first = await onTheWire(portalUrl, { ...load, headers: { ...load.headers, 'accept-encoding': 'gzip, deflate, br, zstd' } });
  if (first.status !== 200 || first.headers['content-encoding'] !== 'br') throw new Error(`order data: ${first.status}, encoding ${first.headers['content-encoding']} (brotli expected)`);
  if (!zlib.brotliDecompressSync(first.bytes).equals(plain)) throw new Error('order data: the brotli body is not the plain body');
  const etag = first.headers.etag;
  if (!etag) throw new Error('order data: no ETag');
  const tagged = { ...load, headers: { ...load.headers, 'accept-encoding': 'gzip, deflate, br, zstd', 'if-none-match': etag } };
  const again = await onTheWire(portalUrl, tagged);
  if (again.status !== 304) throw new Error(`order data revisit: ${again.status}, 304 expected`);
  return { brotliBytes: first.bytes.length, revisitBodyBytes: again.bytes.length, revisitStatus: again.status, revisit304Rps: await requestsPerSecond(portalUrl, tagged, 304) };
}

async function measureReads(database: DatabaseKind): Promise<Figures> {
  const portal = await startPortal(database);
  try {
    const user = await PortalUser.signIn(portal.url, 'owner-850@demo.test');
    const order = await orderWithItems(user, 200);
    // The page's Origin, as a browser sends it on a POST (the API refuses a signed-in write naming none).
    const auth = { cookie: user.cookie, origin: new URL(user.url).origin };
    const orderData: Load = { method: 'POST', path: '/api/configurator/get-configurator-order-data', body: { orgId: 850, productOrderOrgSpecificId: order.orgSpecificId }, headers: auth };
    const home: Load = { method: 'POST', path: '/api/configurator/get-configurator-homepage-data', body: { orgId: 850 }, headers: auth };
    const catalogue: Load = { method: 'GET', path: `/api/configurator/catalogue?orgId=850&productOrderOrgSpecificId=${order.orgSpecificId}`, headers: { ...auth, 'accept-encoding': 'br' } };

    const orderBytes = await bodyOf(user, orderData);
    const homeBytes = await bodyOf(user, home);
    const catalogueRes = await fetch(portal.url + catalogue.path, { headers: { ...auth, 'accept-encoding': 'identity' } });
    const etag = catalogueRes.headers.get('etag')!;
    const catalogueBytes = Buffer.from(await catalogueRes.arrayBuffer()).length;

    const p = database;
    const bareOrder = await bareKoa(orderBytes);
    const bareHome = await bareKoa(homeBytes);
    try {
      const o = await versusBareKoa(portal.url, bareOrder.url, orderData);
      const h = await versusBareKoa(portal.url, bareHome.url, home);
      const r = await revisit(portal.url, orderData, orderBytes);
      return {
        [`${p}OrderDataKB`]: orderBytes.length / 1024,
        [`${p}OrderDataRps`]: o.rps,
        [`${p}OrderDataBareKoaRps`]: o.bareRps,
        [`${p}OrderDataVsBareKoa`]: o.ratio,
        [`${p}OrderDataBrotliKB`]: r.brotliBytes / 1024,
        [`${p}OrderDataBrotliVsPlain`]: r.brotliBytes / orderBytes.length,
        [`${p}OrderDataRevisitStatus`]: r.revisitStatus,
        [`${p}OrderDataRevisitBodyBytes`]: r.revisitBodyBytes,
        [`${p}OrderData304Rps`]: r.revisit304Rps,
        [`${p}HomeDataRps`]: h.rps,
        [`${p}HomeDataBareKoaRps`]: h.bareRps,
        [`${p}HomeDataVsBareKoa`]: h.ratio,
        [`${p}CatalogueKB`]: catalogueBytes / 1024,
        [`${p}CatalogueBrotliRps`]: await requestsPerSecond(portal.url, catalogue),
        [`${p}Catalogue304Rps`]: await requestsPerSecond(portal.url, { ...catalogue, headers: { ...catalogue.headers, 'if-none-match': etag } }, 304),
      };
    } finally {
      await bareOrder.stop();
      await bareHome.stop();
    }
  } finally {
    await portal.stop();
  }
}

const targets = (p: DatabaseKind) => [
  { figure: `${p}OrderDataRps`, op: '>=' as const, value: 1000, label: `${p}: order data of a 200-item order ≥ 1,000 requests/s (20 connections)` },
  { figure: `${p}OrderDataVsBareKoa`, op: '>=' as const, value: 0.25, label: `${p}: ≥ 25% of bare Koa on the same bytes` },
  { figure: `${p}OrderDataRevisitBodyBytes`, op: '<=' as const, value: 0, label: `${p}: revisiting an unchanged order (If-None-Match) sends 0 body bytes (a 304)` },
  { figure: `${p}OrderDataBrotliVsPlain`, op: '<=' as const, value: 0.25, label: `${p}: the order data is sent brotli, ≤ 25% of its plain size` },
  { figure: `${p}HomeDataRps`, op: '>=' as const, value: 2000, label: `${p}: home data ≥ 2,000 requests/s` },
  { figure: `${p}HomeDataVsBareKoa`, op: '>=' as const, value: 0.25, label: `${p}: ≥ 25% of bare Koa on the same bytes` },
];

export const benchmarks: Benchmark[] = [
  { name: 'reads: order data (200 items) and home data under 20 connections (SQLite)', targets: targets('sqlite'), run: () => measureReads('sqlite') },
  {
    name: 'reads: order data (200 items) and home data under 20 connections (MySQL/MariaDB)',
    targets: targets('mysql'),
    async run() {
      if (!(await mysqlReachable())) throw new Error('no MySQL/MariaDB reachable at 127.0.0.1:3306 (set TEST_MYSQL_URL)');
      return measureReads('mysql');
    },
  },
];
