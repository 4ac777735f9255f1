/**
 * A real portal server for the API benchmarks: `node --import tsx api/src/main.ts` in a child process
 * (so the load generator in this process does not share its event loop), on a fresh SQLite file or
 * a fresh MySQL/MariaDB database, seeded with the demo data. Talked to over HTTP only.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export type DatabaseKind = 'sqlite' | 'mysql';

export interface Portal {
  url: string;
  database: DatabaseKind;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function canConnect(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.on('connect', () => done(true));
    s.on('error', () => done(false));
  });
}

export async function mysqlReachable(): Promise<boolean> {
  const url = new URL(MYSQL_URL);
  return canConnect(Number(url.port || 3306), url.hostname);
}

/** Starts a child process running `script` (a .ts file under the repository) with env; resolves when `port` answers. */
export async function startChild(script: string, port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    if (await canConnect(port)) return { stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`${script} did not start on port ${port}:\n${output}`);
}

/** The portal on a fresh database with the demo data (`settings`: more environment variables of the server). */
export async function startPortal(database: DatabaseKind, settings: Record<string, string> = {}): Promise<Portal> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cpq-bench-'));
  let dropDatabase = async () => {};
  const env: Record<string, string> = { ...settings, NODE_ENV: 'test', DATABASE_URL: '', SQLITE_FILE: path.join(dir, 'bench.sqlite') };
  if (database === 'mysql') {
    const { default: mysql } = await import('mysql2/promise');
    const name = `cpq_bench_${process.pid}_${Date.now()}`;
    const conn = await mysql.createConnection(MYSQL_URL);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    env.DATABASE_URL = `${MYSQL_URL}/${name}`;
    dropDatabase = async () => {
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    };
  }
  try {
    const child = await startChild('api/src/main.ts', port, env);
    let stopped: Promise<void> | null = null;
    return {
      url: `http://127.0.0.1:${port}`,
      database,
      stop() {
        stopped ??= (async () => {
          await child.stop();
          await dropDatabase();
          rmSync(dir, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  } catch (e) {
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export interface Answer<T = unknown> {
  status: number;
  data: T;
  /** The API's { code, message } when it refused. */
  error?: unknown;
  headers: Headers;
  /** Round trip seen by the client, ms. */
  ms: number;
  /** What the server reports in Server-Timing (app;dur=…), ms; NaN when absent. */
  serverMs: number;
  bytes: number;
}

/** A signed-in user of the portal, calling its API. */
export class PortalUser {
  cookie = '';
  constructor(readonly url: string) {}

  static async signIn(url: string, email: string): Promise<PortalUser> {
    const u = new PortalUser(url);
    const res = await u.call('POST', '/api/auth/login', { email, password: 'demo' });
    if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
    return u;
  }

  async call<T = unknown>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const t0 = performance.now();
    const res = await fetch(this.url + p, {
      method,
      // As the portal's page sends it: JSON, the cookie, and on writes the page's Origin.
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(method !== 'GET' ? { origin: new URL(this.url).origin } : {}), ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    const m = /cpq_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
    if (m) this.cookie = `cpq_session=${m[1]}`;
    const timing = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    const parsed = text ? (JSON.parse(text) as { data?: T; error?: unknown }) : {};
    return { status: res.status, data: parsed.data as T, error: parsed.error, headers: res.headers, ms, serverMs: timing ? Number(timing[1]) : NaN, bytes: Buffer.byteLength(text) };
  }

  async post<T = unknown>(p: string, body: unknown): Promise<Answer<T>> {
    const a = await this.call<T>('POST', p, body);
    if (a.status !== 200) throw new Error(`POST ${p} answered ${a.status}: ${JSON.stringify(a.error ?? '')}`);
    return a;
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** A new order of organisation 850 with `items` keypads (product 98), made through the API. */
export async function orderWithItems(user: PortalUser, items: number, title = 'Bench order'): Promise<{ id: number; orgSpecificId: number; itemIds: number[] }> {
  const order = (await user.post<{ id: number; orgSpecificId: number }>('/api/configurator/create-product-order', { productOrderProps: { orgId: 850, productCategoryId: 1, title } })).data;
  const itemIds: number[] = [];
  for (let n = 0; n < items; n++) {
    const a = await user.post<{ id: number }>('/api/resources/productInstances/create', {
      props: { productOrderId: order.id, productId: 98, title: `Keypad ${n + 1}`, quantity: 1 + (n % 12), properties: { '7': { optionId: n % 2 ? 23 : 22 } } },
    });
    itemIds.push(a.data.id);
  }
  return { ...order, itemIds };
}

/**
 * A POST or GET of a signed-in user over one kept-alive connection (Node's http, as a browser reuses
 * its connection; fetch adds its own machinery to every call): round trip and Server-Timing, ms.
 */
export function leanClient(user: PortalUser) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const origin = new URL(user.url).origin;
  const call = (method: string, p: string, body?: unknown) =>
    new Promise<{ ms: number; serverMs: number; data: unknown }>((resolve, reject) => {
      const sent = body === undefined ? undefined : JSON.stringify(body);
      const t0 = performance.now();
      const headers = { ...(sent ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(sent)) } : {}), origin, cookie: user.cookie };
      const req = http.request(user.url + p, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200) return reject(new Error(`${method} ${p} answered ${res.statusCode}: ${text.slice(0, 200)}`));
          const timing = /app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
          resolve({ ms, serverMs: timing ? Number(timing[1]) : NaN, data: (JSON.parse(text) as { data: unknown }).data });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(sent);
    });
  return { call, close: () => agent.destroy() };
}
