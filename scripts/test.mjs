// `npm test`: everything a change can break. Type check, unit tests, API tests on SQLite and on
// MySQL/MariaDB, a full build, the Playwright journeys in Chromium on both databases, and the journeys
// through nginx in front of two processes of the compiled server (stage `proxy`, run with `e2e`). Ends
// with each stage's time and one line "N passed, N failed[, N skipped]".
// `npm run test:deep` (`--deep`): the same with the fuzz test's full budget (1,000 bodies a route, a
// new seed each run) instead of the quick seeded one.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import {
  ensureChromium, ensureInstalled, ensureMysql, ensureNginx, freePort, log, root, startCompiledServer, startNginx, startServer,
} from './lib.mjs';

const args = process.argv.slice(2);
const deep = args.includes('--deep');
const only = args.filter((a) => !a.startsWith('--')); // e.g. `npm test -- unit api`; empty = everything
const want = (stage) => only.length === 0 || only.includes(stage);
const tmp = mkdtempSync(path.join(tmpdir(), 'cpq-test-'));
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const times = [];
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
// vitest's default is one worker fewer than the cores: one on this 2-core machine. The API tests wait
// on their databases more than they compute, so three files at once keep the cores busy.
const cores = availableParallelism();
const WORKERS = { unit: Math.max(2, cores - 1), api: Math.max(3, cores) };

function count(stage, passed, failed, skipped) {
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  if (failed) failures.push(stage);
  console.log(`  ${stage}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

/** Runs a stage and keeps how long it took, for the table at the end. */
async function timed(stage, fn) {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    times.push({ stage, ms: Date.now() - started });
  }
}

const duration = (ms) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s` : `${Math.round(ms / 1000)} s`);

/** Like `run`, each output line prefixed with the run's name: two runs side by side stay readable. */
function runPrefixed(prefix, cmd, cmdArgs, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop();
        for (const line of lines) process.stdout.write(`[${prefix}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${prefix}] ${rest}\n`));
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

async function vitest(stage, vitestArgs, env = {}) {
  const out = path.join(tmp, `${stage}.json`);
  const code = await runPrefixed(stage, 'npx', ['vitest', 'run', ...vitestArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  if (!existsSync(out)) return count(stage, 0, 1, 0);
  const r = JSON.parse(readFileSync(out, 'utf8'));
  count(stage, r.numPassedTests, r.numFailedTests + (code !== 0 && !r.numFailedTests ? 1 : 0), r.numPendingTests + r.numTodoTests);
}

async function playwright(stage, env, args = [], config = 'e2e/playwright.config.ts') {
  const out = path.join(tmp, `${stage}.json`);
  const code = await runPrefixed(stage, 'npx', ['playwright', 'test', '-c', config, '--reporter=list,json', ...args], {
    // Each run keeps its failure screenshots apart: two runs go side by side.
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_OUTPUT_DIR: path.join(root, 'e2e', `test-results-${stage}`) },
  });
  if (!existsSync(out)) return count(stage, 0, 1, 0);
  const s = JSON.parse(readFileSync(out, 'utf8')).stats;
  count(stage, s.expected + s.flaky, s.unexpected + (code !== 0 && !s.unexpected ? 1 : 0), s.skipped);
}

async function withMysqlDatabase(name, fn) {
  const { default: mysql } = await import('mysql2/promise');
  const conn = await mysql.createConnection(MYSQL_URL);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  try {
    await fn(`${MYSQL_URL}/${name}`);
  } finally {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.end();
  }
}

/** `database` is { DATABASE_URL } for MySQL or { SQLITE_FILE } for a fresh embedded database. */
async function e2e(stage, database, journeyEnv = {}, args = []) {
  const port = await freePort();
  // The journeys read the mail the server sends from its outbox folder.
  const outbox = path.join(tmp, `outbox-${stage}`);
  // Uploaded media go to a folder of the run, not the checkout's data/media.
  // Warnings and errors only: the server's output is kept in memory, for its start-up failure.
  const server = await startServer({ port, env: { DATABASE_URL: '', ...database, NODE_ENV: 'test', LOG_LEVEL: 'warn', MAIL_OUTBOX_DIR: outbox, MEDIA_DIR: path.join(tmp, `media-${stage}`) } });
  try {
    await playwright(stage, { E2E_BASE_URL: `http://127.0.0.1:${port}`, E2E_MAIL_OUTBOX_DIR: outbox, ...journeyEnv }, args);
  } finally {
    await server.stop();
  }
}

/** The webhook secret the two processes behind the proxy check payment webhooks with (the journeys sign with it). */
const PROXY_WEBHOOK_SECRET = 'whsec_proxy_journeys';

/**
 * Two processes of the compiled server (api/dist) on one MariaDB database behind nginx, and the
 * journeys through it (e2e/proxy): a session, the sign-in throttle and the catalogue shared by both, a
 * webhook applied once, and one process killed mid-journey (docs/operations.md).
 */
async function proxyJourneys() {
  if (!want('e2e') && !want('proxy')) return;
  if (!mysqlUp) return count('e2e-proxy (no MySQL reachable)', 0, 0, 1);
  log('Browser journeys through nginx in front of two API processes (compiled) on MySQL/MariaDB');
  const nginx = await ensureNginx();
  if (!nginx) {
    console.log('  nginx is not installed and apt-get could not install it.');
    return count('e2e-proxy', 0, 1, 0);
  }
  await timed('e2e-proxy', () =>
    withMysqlDatabase(`cpq_proxy_${process.pid}_${Date.now()}`, async (url) => {
      const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
      const publicUrl = `http://127.0.0.1:${proxyPort}`;
      // What the processes share besides the database: the media folder (its signing key too) and the outbox.
      const env = {
        DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: '1', PUBLIC_URL: publicUrl,
        MAIL_OUTBOX_DIR: path.join(tmp, 'outbox-proxy'), MEDIA_DIR: path.join(tmp, 'media-proxy'),
        PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_proxy', STRIPE_TEST_SECRET_KEY: 'sk_test_proxy', STRIPE_WEBHOOK_SECRET: PROXY_WEBHOOK_SECRET,
      };
      // The first migrates and seeds the demo data; the second finds them.
      const a = await startCompiledServer({ port: portA, env });
      const b = await startCompiledServer({ port: portB, env }).catch(async (err) => {
        await a.stop();
        throw err;
      });
      try {
        const proxy = await startNginx({ exe: nginx, port: proxyPort, upstreams: [portA, portB], dir: path.join(tmp, 'nginx') });
        try {
          await playwright(
            'e2e-proxy',
            {
              E2E_BASE_URL: publicUrl,
              E2E_UPSTREAMS: `http://127.0.0.1:${portA},http://127.0.0.1:${portB}`,
              E2E_UPSTREAM_PIDS: `${a.pid},${b.pid}`,
              E2E_PROXY_ACCESS_LOG: proxy.accessLog,
              E2E_STRIPE_WEBHOOK_SECRET: PROXY_WEBHOOK_SECRET,
              E2E_SCREENSHOTS: 'off',
            },
            [],
            'e2e/proxy.config.ts',
          );
        } finally {
          await proxy.stop();
        }
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }),
  );
}

const started = Date.now();
await timed('install', () => ensureInstalled());
const mysqlUp = (want('api') || want('e2e') || want('proxy')) && (await ensureMysql());
if ((want('api') || want('e2e')) && !mysqlUp) {
  console.log(`\n!! No MySQL/MariaDB is reachable at 127.0.0.1:3306 (${MYSQL_URL}): the MySQL runs are SKIPPED.`);
}
if (want('e2e') || want('proxy')) await ensureChromium();

/** Type check, then the unit tests. */
async function checks() {
  if (want('typecheck')) {
    log('Type check (tsc --noEmit)');
    // Incremental: a second run only checks what changed since the last (its record lives in node_modules/.cache).
    const buildInfo = path.join(root, 'node_modules', '.cache', 'cpq', 'typecheck.tsbuildinfo');
    const code = await timed('typecheck', () => runPrefixed('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo]));
    count('typecheck', code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0);
  }
  if (want('unit')) {
    log('Unit tests (vitest)');
    await timed('unit', () => vitest('unit', [`--maxWorkers=${WORKERS.unit}`]));
  }
}

/** The API tests on both databases: each file has its own databases, so files run side by side. */
async function apiTests() {
  if (!want('api')) return;
  log('API tests on SQLite' + (mysqlUp ? ' and MySQL/MariaDB' : '') + (deep ? ' (deep: full fuzz budget)' : ''));
  // The fuzz test's budget: quick and seeded here (a failure reproduces as it is), full and new each time in test:deep.
  const fuzz = deep ? { FUZZ_RUNS: '1000', FUZZ_SEED: 'random' } : {};
  await timed('api', () => vitest('api', ['--root', 'api', `--maxWorkers=${WORKERS.api}`], { ...fuzz, ...(mysqlUp ? { TEST_DATABASE_URL: `${MYSQL_URL}/cpq_api_test` } : {}) }));
}

/** One build for both databases' journeys. */
async function build() {
  if (!want('e2e') && !want('proxy')) return false;
  log('Building the portal');
  const code = await timed('build', () => runPrefixed('build', process.execPath, ['scripts/build-all.mjs']));
  count('build', code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0);
  return code === 0;
}

/** The journeys on both databases side by side, each with its own server. */
async function journeys() {
  log('Browser journeys on SQLite' + (mysqlUp ? ' and on MySQL/MariaDB, side by side' : ''));
  await Promise.all([
    timed('e2e-sqlite', () => e2e('e2e-sqlite', { SQLITE_FILE: path.join(tmp, 'e2e.sqlite') })),
    mysqlUp
      // The second run keeps no screenshots for people: it draws the same pages as the first. It also
      // leaves out the journeys tagged @layout (a page's fit on a phone does not depend on the database).
      ? timed('e2e-mysql', () => withMysqlDatabase(`cpq_e2e_${process.pid}_${Date.now()}`, (url) => e2e('e2e-mysql', { DATABASE_URL: url }, { E2E_SCREENSHOTS: 'off' }, ['--grep-invert', '@layout'])))
      : count('e2e-mysql (no MySQL reachable)', 0, 0, 1),
  ]);
}

// Three lanes side by side (docs/decisions/0074-a-quick-steady-test-run.md): the type check then the
// unit tests; the build then both databases' journeys; and, once the build is done, the API tests. A
// journey spends most of its time waiting for the page (debounces, saves, rendering) and an API test
// for its database, which leaves the processor to the others. The API tests start once the build is
// done: the journeys, the longest lane, wait for it.
const built = build();
await Promise.all([
  checks(),
  built.then((ok) => ok && want('e2e') && journeys()),
  // After the API tests, in their lane: it ends before the journeys' lane.
  built.then(async (ok) => {
    await apiTests();
    if (ok) await proxyJourneys();
  }),
]);

rmSync(tmp, { recursive: true, force: true });
const install = times.find((t) => t.stage === 'install')?.ms ?? 0;
console.log('\nStage times (three lanes run side by side, so they add up to more than the total):');
for (const t of times) console.log(`  ${t.stage.padEnd(12)} ${duration(t.ms)}`);
console.log(`  ${'total'.padEnd(12)} ${duration(Date.now() - started)} (${duration(Date.now() - started - install)} after install)`);
console.log(`\n${failures.length ? `Failed stages: ${failures.join(', ')}` : 'All stages passed.'}`);
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(tally.failed ? 1 : 0);
