import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { createApp, type App, type AppDeps } from '../src/app.ts';
import { createDb } from '../src/db/knex.ts';
import { migrateLatest } from '../src/db/migrations/index.ts';
import { seedDemo } from '../src/demo/index.ts';
import { storeDemoPictures } from '../src/demo/media.ts';
import { createRepos, type Repos } from '../src/db/repository.ts';
import { LocalMediaStorage } from '../src/adapters/storage/local.ts';
import type { MediaStorage } from '../src/adapters/storage/types.ts';
import { copyMysqlTemplate, mysqlAdmin, type DbTemplates } from './dbTemplates.ts';
import { RecordingPdfRenderer } from './pdfFake.ts';
import { createLogger } from '../src/log.ts';

/** Test apps write no log lines unless a test gives them a logger. */
const SILENT = createLogger({ level: 'silent' });
import type { PaymentProvider } from '../src/adapters/payments/types.ts';
import { keepConnectionsOpen } from '../src/http/keepAlive.ts';

export interface DbCase {
  name: 'sqlite' | 'mysql';
  url?: string;
}

const mysqlUrl = process.env.TEST_DATABASE_URL;
if (!mysqlUrl) {
  console.warn('[api tests] TEST_DATABASE_URL is unset: the MySQL/MariaDB run is SKIPPED (SQLite only). ' + 'Set e.g. TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/cpq_test to run it.');
}

/** Every suite runs once per database: describe.each(databases). */
export const databases: DbCase[] = [{ name: 'sqlite' }, ...(mysqlUrl ? [{ name: 'mysql' as const, url: mysqlUrl }] : [])];

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class Client {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  /**
   * Sends what a browser page of the portal would: JSON with its Content-Type, the session cookie, and
   * on every write the page's Origin (browsers send it on POST). A header given as '' is left out.
   */
  async request<T = any>(method: string, p: string, body?: unknown, opts: { raw?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Res<T>> {
    const headers: Record<string, string> = {
      ...(body !== undefined || opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' && method !== 'HEAD' ? { origin: new URL(this.baseUrl).origin } : {}),
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...opts.headers,
    };
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    const sent = opts.raw ?? (body !== undefined ? JSON.stringify(body) : undefined);
    const res = await fetch(this.baseUrl + p, {
      method,
      headers,
      // As bytes when no type is named: fetch would call a string text/plain.
      body: sent === undefined ? undefined : typeof sent === 'string' && 'content-type' in headers ? sent : new Uint8Array(Buffer.from(sent)),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const m = /cpq_session=([^;]*)/.exec(setCookie);
      if (m) this.cookie = m[1] ? `cpq_session=${m[1]}` : '';
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  post<T = any>(p: string, body?: unknown, opts?: { raw?: string | Buffer; headers?: Record<string, string> }) {
    return this.request<T>('POST', p, body, opts);
  }

  get<T = any>(p: string, headers?: Record<string, string>) {
    return this.request<T>('GET', p, undefined, { headers });
  }
}

export interface Served {
  url: string;
  /** The API's routes (method and path), as the app registered them. */
  routeTable: ReadonlyArray<{ method: string; path: string }>;
  /** The app itself (its metrics, its readiness hook). */
  app: App;
  db: Knex;
  client(): Client;
  as(email: string): Promise<Client>;
  close(): Promise<void>;
}

export interface TestApp extends Served {
  repos: Repos;
  /** Where this app keeps uploaded media: a folder of its own (removed by close), unless deps named one. */
  storage: MediaStorage;
  /**
   * Another API server on the same database, with other settings; `separateDb` gives it its own
   * connection pool (`queryTimeoutMs` its limits), as a second API process would have.
   */
  serve(deps?: Partial<AppDeps>, opts?: { separateDb?: boolean; queryTimeoutMs?: number }): Promise<Served>;
}

/** Listens on a free port; the server is closed (and the given database destroyed) by close(). */
async function listen(deps: AppDeps, destroyDb: boolean): Promise<Served> {
  const app = createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // As main.ts does: with Node's 5 s idle time, a test's fetch that reuses a connection the server is
  // closing at that moment is reset (ECONNRESET), which a loaded machine makes likely.
  keepConnectionsOpen(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    routeTable: app.routeTable,
    app,
    db: deps.db,
    client: () => new Client(url),
    async as(email: string) {
      const c = new Client(url);
      const res = await c.post('/api/auth/login', { email, password: 'demo' });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return c;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (destroyDb) await deps.db.destroy();
    },
  };
}

/** The demo people of an organisation: `owner-<orgId>@demo.test`, `member-...`, `guest-...`. */
export type DemoRole = 'owner' | 'member' | 'guest';

/**
 * A test app on `dbCase` (as startTestApp) with the demo people of `orgId` in `roles` signed in, in
 * that order: for a describe's beforeAll, `({ t, owner } = await startSignedIn(dbCase, 850, ['owner']))`,
 * with `await t?.close()` in its afterAll. A failed sign-in closes the app before it throws.
 */
export async function startSignedIn<R extends DemoRole>(dbCase: DbCase, orgId: number, roles: readonly R[]): Promise<{ t: TestApp } & Record<R, Client>> {
  const t = await startTestApp(dbCase);
  try {
    const clients = {} as Record<R, Client>;
    for (const role of roles) clients[role] = await t.as(`${role}-${orgId}@demo.test`);
    return { t, ...clients };
  } catch (e) {
    await t.close();
    throw e;
  }
}

/**
 * A fresh database (SQLite temp file or a uniquely named MySQL database), migrated and seeded: a copy
 * of the run's template (test/dbTemplates.ts), or migrated and seeded here when a test runs without
 * the global setup.
 */
export async function startTestApp(dbCase: DbCase, deps: Partial<AppDeps> & { paymentsFor?: (db: Knex) => PaymentProvider } = {}): Promise<TestApp> {
  let db: Knex;
  let cleanup: () => Promise<void>;
  let openDb: (queryTimeoutMs?: number) => Knex;
  const templates = inject('dbTemplates') as DbTemplates | undefined;
  let copied = false;
  if (dbCase.name === 'mysql') {
    const url = new URL(dbCase.url!);
    const name = `cpq_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = mysqlAdmin(url);
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (templates?.mysqlDatabase) {
      await copyMysqlTemplate(admin, templates.mysqlDatabase, name);
      copied = true;
    }
    url.pathname = '/' + name;
    openDb = (queryTimeoutMs) => createDb({ databaseUrl: url.toString(), sqliteFile: '', queryTimeoutMs });
    db = openDb();
    cleanup = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-api-test-'));
    if (templates?.sqliteFile) {
      fs.copyFileSync(templates.sqliteFile, path.join(dir, 'test.sqlite'));
      copied = true;
    }
    openDb = (queryTimeoutMs) => createDb({ sqliteFile: path.join(dir, 'test.sqlite'), queryTimeoutMs });
    db = openDb();
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!copied) {
    await migrateLatest(db);
    await seedDemo(db);
  }
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-api-media-'));
  // No browser unless a test asks for one: the PDF route answers from a recording stand-in.
  const { paymentsFor, ...given } = deps;
  const base: AppDeps = { db, repoRoot: path.join(os.tmpdir(), 'cpq-no-builds'), logError: () => {}, logger: SILENT, storage: new LocalMediaStorage(mediaDir), pdf: new RecordingPdfRenderer(), ...given, ...(paymentsFor ? { payments: paymentsFor(db) } : {}) };
  // The demo pictures' files, as the seed stores them (the database is a copy of a seeded one).
  if (!deps.storage) await storeDemoPictures(base.storage!);
  const main = await listen(base, false);
  const others: Served[] = [];
  return {
    ...main,
    repos: createRepos(db),
    storage: base.storage!,
    async serve(more = {}, opts = {}) {
      const own = opts.separateDb ? openDb(opts.queryTimeoutMs) : db;
      const served = await listen({ ...base, ...more, db: more.db ?? own }, own !== db && !more.db);
      others.push(served);
      return served;
    },
    async close() {
      for (const o of others) await o.close().catch(() => undefined);
      await main.close();
      await db.destroy();
      await cleanup();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

export async function countRows(db: Knex, table: string): Promise<number> {
  const r = (await db(table).count('* as n').first()) as { n: number | string };
  return Number(r.n);
}

/** Turns on an integration for an organisation (the demo enables Monday for 1053 only). */
export async function enableIntegration(t: TestApp, orgId: number, integration: { title: string; key: string }): Promise<void> {
  const org = (await t.repos.organisations.findOne({ id: orgId }))!;
  const appData = org.appData as { designEngine: { enabledIntegrations?: Array<{ title: string; key: string }> } };
  const list = appData.designEngine.enabledIntegrations ?? [];
  if (list.some((i) => i.key === integration.key)) return;
  await t.repos.organisations.update({ id: orgId }, { appData: { ...appData, designEngine: { ...appData.designEngine, enabledIntegrations: [...list, integration] } } });
}

/** Contact details that pass the submit and payment checks (phone, company, contact email, a complete delivery address). */
export const CONTACT = { phone: '(207) 555-0142', firmName: 'Maple & Co', clientEmails: ['client@maple.test'], deliveryAddress: { streetAddress: '12 Maple Street', city: 'Portland', state: 'ME', zip: '04101', country: 'US' } };
