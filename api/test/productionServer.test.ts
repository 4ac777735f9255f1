/**
 * The compiled server as an operator runs it: `npm run build` makes api/dist (scripts/build-server.ts),
 * and `node api/dist/main.js` serves in production mode with no tsx or TypeScript compiler, migrating
 * on start (several processes at once included), seeding nothing, refusing to start without
 * PUBLIC_URL, and stopping gracefully on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_DIST } from '../../scripts/build-server.ts';
import { REPO_ROOT } from '../src/config.ts';
import { mysqlAdmin } from './dbTemplates.ts';
import { databases, type DbCase } from './helpers.ts';

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node api/dist/<file>` with exactly these settings (none inherited: no NODE_ENV, no tsx in NODE_OPTIONS). */
function runCompiled(file: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [path.join(SERVER_DIST, file)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How long a start (migrating an empty database first) may take: generous, a loaded CI machine is slow. */
const START_LIMIT_MS = 150_000;

async function waitForReady(url: string, run: Run): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`the server stopped: ${run.output()}`);
    const ok = await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready: ${run.output()}`);
}

/** A fresh, empty database of the case: a SQLite file in a new folder, or a new MariaDB database. */
async function emptyDatabase(dbCase: DbCase, cleanups: Array<() => Promise<void>>): Promise<Record<string, string>> {
  if (dbCase.name === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cpq-compiled-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { SQLITE_FILE: path.join(dir, 'portal.sqlite') };
  }
  const url = new URL(dbCase.url!);
  const admin: Knex = mysqlAdmin(url);
  const name = `cpq_compiled_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.raw(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
  cleanups.push(async () => {
    await admin.raw(`drop database if exists \`${name}\``);
    await admin.destroy();
  });
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

beforeAll(async () => {
  await buildServer();
}, 180_000);

describe('the compiled server (api/dist)', () => {
  it('is plain JavaScript: no TypeScript module, no tsx, every @cpq package bundled', () => {
    const files = readdirSync(SERVER_DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['main.js', 'migrate.js', path.join('plugins', 'org-850.js')]));
    for (const f of files) {
      const code = readFileSync(path.join(SERVER_DIST, f), 'utf8');
      // Imports of modules: static and dynamic.
      const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)].map((m) => m[1]!);
      expect(specifiers.filter((s) => /\.(m|c)?tsx?$/.test(s) || s === 'tsx' || s.startsWith('tsx/') || s.startsWith('@cpq/')), f).toEqual([]);
    }
  });

  it('refuses to start in production without PUBLIC_URL, in one line', async () => {
    // No NODE_ENV: the compiled server is in production unless told otherwise.
    const run = runCompiled('main.js', { SQLITE_FILE: path.join(os.tmpdir(), `cpq-never-${process.pid}.sqlite`), PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 'fatal',
      time: expect.any(String),
      msg: 'Cannot start: PUBLIC_URL is not set. In production it must be the portal’s public address (for example PUBLIC_URL=https://portal.example.com): share links and mails point there.',
    });
  });
});

describe.each(databases)('the compiled server on $name', (dbCase) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('three migrate commands at once on an empty database all succeed: one migrates, the others wait for it', async () => {
    const database = await emptyDatabase(dbCase, cleanups);
    // Queries limited to 4 s: the others wait longer than that for the first one's migration.
    const runs = [1, 2, 3].map(() => runCompiled('migrate.js', { ...database, DB_QUERY_TIMEOUT_MS: '4000' }));
    const codes = await Promise.all(runs.map((r) => r.exited));
    expect(codes, runs.map((r) => r.output()).join('\n')).toEqual([0, 0, 0]);
    for (const r of runs) expect(r.output()).toMatch(/^Migrations are up to date \(.+\)\.\n$/);
  }, 240_000);

  it('serves in production with no demo data, and on SIGTERM finishes the request in flight before it exits', async () => {
    const database = await emptyDatabase(dbCase, cleanups);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const run = runCompiled('main.js', { ...database, PORT: String(port), PUBLIC_URL: url });
    try {
      await waitForReady(url, run);
      expect(readFileSync(`/proc/${run.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean)).toEqual([process.execPath, path.join(SERVER_DIST, 'main.js')]);
      // Production: migrated, nothing seeded (the demo owner does not exist).
      const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email: 'owner-850@demo.test', password: 'demo' }) });
      expect(login.status).toBe(401);

      // A request in flight: its headers and half its body are sent, then the process is told to stop.
      const body = JSON.stringify({ email: 'nobody@example.test', password: 'not this one' });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (d) => (answer += d));
      const ended = new Promise((resolve) => socket.once('close', resolve));
      socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${url}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      run.child.kill('SIGTERM');
      // Stopping: no new connection is taken.
      for (let i = 0; i < 50 && (await fetch(`${url}/api/health/live`).then(() => true, () => false)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(fetch(`${url}/api/health/live`)).rejects.toThrow();
      expect(run.child.exitCode).toBeNull();
      // The rest of the body: the request is answered in full, and its connection closed after it.
      socket.write(body.slice(10));
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain('"code":"invalidCredentials"');
      expect(await run.exited).toBe(0);
      // Structured lines: the stop is logged, and the request it waited for with its id.
      const logged = run.output().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logged).toContainEqual(expect.objectContaining({ level: 'info', msg: 'SIGTERM: finishing the requests and tasks in progress, then stopping.' }));
      const id = /\r\nX-Request-Id: ([^\r]+)\r\n/i.exec(answer)?.[1];
      expect(logged).toContainEqual(expect.objectContaining({ msg: 'request', reqId: id, method: 'POST', path: '/api/auth/login', status: 401 }));
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 240_000);
});
