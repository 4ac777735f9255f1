// `npm test`: everything a change can break. Type check, unit tests, API tests on SQLite and on
// MySQL/MariaDB, a full build, and the Playwright journeys in Chromium on both databases.
// Ends with one line "N passed, N failed[, N skipped]".
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ensureChromium, ensureInstalled, ensureMysql, freePort, log, root, run, startServer,
} from './lib.mjs';

const only = process.argv.slice(2); // e.g. `npm test -- unit api`; empty = everything
const want = (stage) => only.length === 0 || only.includes(stage);
const tmp = mkdtempSync(path.join(tmpdir(), 'cpq-test-'));
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

function count(stage, passed, failed, skipped) {
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  if (failed) failures.push(stage);
  console.log(`  ${stage}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

async function vitest(stage, args, env = {}) {
  const out = path.join(tmp, `${stage}.json`);
  const code = await run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  if (!existsSync(out)) return count(stage, 0, 1, 0);
  const r = JSON.parse(readFileSync(out, 'utf8'));
  count(stage, r.numPassedTests, r.numFailedTests + (code !== 0 && !r.numFailedTests ? 1 : 0), r.numPendingTests + r.numTodoTests);
}

async function playwright(stage, env) {
  const out = path.join(tmp, `${stage}.json`);
  const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
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
async function e2e(stage, database) {
  const port = await freePort();
  // The journeys read the mail the server sends from its outbox folder.
  const outbox = path.join(tmp, `outbox-${stage}`);
  // Uploaded media go to a folder of the run, not the checkout's data/media.
  const server = await startServer({ port, env: { DATABASE_URL: '', ...database, NODE_ENV: 'test', MAIL_OUTBOX_DIR: outbox, MEDIA_DIR: path.join(tmp, `media-${stage}`) } });
  try {
    await playwright(stage, { E2E_BASE_URL: `http://127.0.0.1:${port}`, E2E_MAIL_OUTBOX_DIR: outbox });
  } finally {
    await server.stop();
  }
}

await ensureInstalled();

if (want('typecheck')) {
  log('Type check (tsc --noEmit)');
  const code = await run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  count('typecheck', code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0);
}

if (want('unit')) {
  log('Unit tests (vitest)');
  await vitest('unit', []);
}

const mysqlUp = (want('api') || want('e2e')) && (await ensureMysql());
if ((want('api') || want('e2e')) && !mysqlUp) {
  console.log(`\n!! No MySQL/MariaDB is reachable at 127.0.0.1:3306 (${MYSQL_URL}): the MySQL runs are SKIPPED.`);
}

if (want('api')) {
  log('API tests on SQLite' + (mysqlUp ? ' and MySQL/MariaDB' : ''));
  await vitest('api', ['--root', 'api'], mysqlUp ? { TEST_DATABASE_URL: `${MYSQL_URL}/cpq_api_test` } : {});
}

if (want('e2e')) {
  log('Building the portal');
  const code = await run(process.execPath, ['scripts/build-all.mjs']);
  count('build', code === 0 ? 1 : 0, code === 0 ? 0 : 1, 0);
  if (code === 0) {
    await ensureChromium();
    log('Browser journeys on SQLite');
    await e2e('e2e-sqlite', { SQLITE_FILE: path.join(tmp, 'e2e.sqlite') });
    if (mysqlUp) {
      log('Browser journeys on MySQL/MariaDB');
      await withMysqlDatabase(`cpq_e2e_${Date.now()}`, (url) => e2e('e2e-mysql', { DATABASE_URL: url }));
    } else {
      count('e2e-mysql (no MySQL reachable)', 0, 0, 1);
    }
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log(`\n${failures.length ? `Failed stages: ${failures.join(', ')}` : 'All stages passed.'}`);
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(tally.failed ? 1 : 0);
