// Small helpers shared by the project scripts (plain Node: they run before anything is installed).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
// By path, not by package name: these scripts run before node_modules exists.
import { discoverOrgPlugins } from '../packages/plugin-sdk/src/discovery.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export function log(msg) {
  process.stdout.write(`\n\u25b6 ${msg}\n`);
}

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

export async function runOrExit(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n\u2716 ${cmd} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/**
 * Installs when node_modules is missing or was installed from another lock file. `npm install` rather than
 * `npm ci`: the registry reachable here lacks some other platforms' optional binaries (rspack,
 * rollup), which `npm ci` insists on finding; `npm install` follows the lock file all the same.
 */
export async function ensureInstalled() {
  const stamp = path.join(root, 'node_modules', '.cpq-lock-hash');
  const lockHash = () => createHash('sha256').update(readFileSync(path.join(root, 'package-lock.json'))).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash()) return;
  log('Installing dependencies (npm install)');
  await runOrExit('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, lockHash());
}

const APP_WORKSPACES = ['shell', 'mfe-configurator', 'mfe-orders', 'mfe-spatial', 'mfe-documents', 'mfe-admin'];

/** Every browser build under `dir`: each organisation plugin found in org-plugins/*, then the shell and the micro-frontends. */
export function browserWorkspaces(dir = root) {
  return [...discoverOrgPlugins(dir).map((p) => p.workspace), ...APP_WORKSPACES];
}

export function isBuilt() {
  return browserWorkspaces().every((ws) => existsSync(path.join(root, ws, 'dist', 'mf-manifest.json')));
}

export function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Starts MariaDB/MySQL when it is installed but not running. Resolves true when 127.0.0.1:3306 answers. */
export async function ensureMysql() {
  if (await canConnect(3306)) return true;
  const daemon = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((p) => existsSync(p));
  if (!daemon) return false;
  log(`Starting ${path.basename(daemon)} (it is installed but not running)`);
  spawnSync('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', daemon], { stdio: 'inherit' });
  for (let i = 0; i < 60; i++) {
    if (await canConnect(3306)) return true;
    await sleep(500);
  }
  return false;
}

/** Installs Debian's chromium when /usr/bin/chromium is missing (Playwright never downloads a browser here). */
export async function ensureChromium() {
  const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(exe)) return exe;
  log('Installing Debian chromium for the browser tests (apt-get)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env });
  if ((await aptGet(['update', '-qq'])) !== 0 || (await aptGet(['install', '-y', '-qq', 'chromium', 'fonts-liberation'])) !== 0) {
    console.error('Could not install chromium with apt-get.');
    process.exit(1);
  }
  return exe;
}

/** Starts the portal server and resolves once it answers; returns a stop function. */
export async function startServer({ port, env }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    if (await canConnect(port)) return { stop, output: () => output };
    await sleep(250);
  }
  await stop();
  throw new Error(`The portal server did not start on port ${port}:\n${output}`);
}
