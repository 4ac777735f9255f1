// Small helpers shared by the project scripts (plain Node: they run before anything is installed).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
/** Installs Debian packages with apt-get (through sudo when not root); false when that failed. */
async function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env });
  return (await aptGet(['update', '-qq'])) === 0 && (await aptGet(['install', '-y', '-qq', ...packages])) === 0;
}

export async function ensureChromium() {
  const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(exe)) return exe;
  log('Installing Debian chromium for the browser tests (apt-get)');
  if (!(await aptInstall(['chromium', 'fonts-liberation']))) {
    console.error('Could not install chromium with apt-get.');
    process.exit(1);
  }
  return exe;
}

/** Debian's nginx, for the journeys through a reverse proxy in front of two API processes; null when it cannot be installed. */
export async function ensureNginx() {
  const exe = '/usr/sbin/nginx';
  if (existsSync(exe)) return exe;
  log('Installing Debian nginx-light for the journeys through a proxy (apt-get)');
  return (await aptInstall(['nginx-light'])) && existsSync(exe) ? exe : null;
}

/**
 * nginx on `port` in front of `upstreams` (ports of API processes on this machine), in the foreground
 * as a child with its own folder: round robin, a request the first process refused (it went away)
 * passed to the next, the client's address and scheme and nginx's request id passed on. Its access
 * log names the process that answered each request. Returns its stop function and log's path.
 */
export async function startNginx({ exe, port, upstreams, dir }) {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const accessLog = path.join(dir, 'access.log');
  const conf = `
daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  log_format upstream '$request_id $status $request_method $uri $upstream_addr';
  access_log ${accessLog} upstream;
  client_max_body_size 20m;
  upstream portal {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502;
      proxy_read_timeout 120s;
    }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  // -e: its start-up messages go to this folder too (not /var/log/nginx, which a non-root user cannot write).
  const service = await startService({ cmd: exe, args: ['-e', path.join(dir, 'error.log'), '-c', confFile, '-p', dir], port, stopSignal: 'SIGQUIT', tries: 40 });
  if (service.started) return { stop: service.stop, accessLog };
  const errors = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
  throw new Error(`nginx did not start on port ${port}:\n${service.output()}${errors}`);
}

/** The compiled server (api/dist/main.js, plain node) on `port`; resolves once it answers. */
export async function startCompiledServer({ port, env }) {
  return startServer({ port, env, entry: ['api/dist/main.js'] });
}

/**
 * A long-running child (a server) that answers on `port`, its output kept: `started` once it answers
 * (within `tries` quarter seconds), else stopped again. `stop` sends `stopSignal` and waits for its end
 * (at once when it has ended, killed by a signal included).
 */
async function startService({ cmd, args, port, stopSignal, tries, spawnOptions = {} }) {
  const child = spawn(cmd, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(stopSignal);
    });
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) break;
    if (await canConnect(port)) return { started: true, stop, output: () => output, pid: child.pid };
    await sleep(250);
  }
  await stop();
  return { started: false, stop, output: () => output, pid: child.pid };
}

/** Starts the portal server and resolves once it answers; returns a stop function. */
export async function startServer({ port, env, entry = ['--import', 'tsx', 'api/src/main.ts'] }) {
  const spawnOptions = { cwd: root, env: { ...process.env, ...env, PORT: String(port) } };
  const service = await startService({ cmd: process.execPath, args: entry, port, stopSignal: 'SIGTERM', tries: 240, spawnOptions });
  if (service.started) return { stop: service.stop, output: service.output, pid: service.pid };
  throw new Error(`The portal server did not start on port ${port}:\n${service.output()}`);
}
