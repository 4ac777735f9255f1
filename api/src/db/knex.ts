import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { isConnectionLost } from './errors.ts';
import { logger } from '../log.ts';

export type Db = Knex;

interface SqliteConnection {
  pragma: (s: string) => unknown;
  prepare: (sql: string) => unknown;
}

/**
 * knex prepares every statement again on every query, and on the hot reads preparing costs as much
 * as running: keep the statements of one connection by SQL text (better-sqlite3 statements are
 * reusable, and SQLite re-prepares them itself after a schema change). At most 1,000 are kept.
 */
function cachePreparedStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
}

export function isMysql(db: Knex): boolean {
  const client = db.client.config.client;
  return client === 'mysql2' || client === 'mysql';
}

/** Queries, connecting and waiting for a pooled connection give up after this long unless DB_QUERY_TIMEOUT_MS says otherwise. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

/**
 * Every query builder and raw query gets a time limit (unless it set its own) and is cancelled on the
 * server when it runs over (KILL QUERY), so a stalled database answers an error, not a hang. MySQL
 * only: better-sqlite3 runs a query synchronously (nothing can interrupt it) and SQLite's waits for
 * locks are bounded by busy_timeout. Schema builders (migrations) have no limit.
 */
function limitQueryTime(db: Knex, ms: number): void {
  db.client.on('start', (builder: { _timeout?: number; timeout?: (ms: number, o: { cancel: boolean }) => unknown }) => {
    if (!builder._timeout && typeof builder.timeout === 'function') builder.timeout(ms, { cancel: true });
  });
}

interface RunnableBuilder {
  _method?: string;
  _connection?: unknown;
  sql?: unknown;
}
interface Runner {
  connection?: { __knex__disposed?: unknown };
  run(): Promise<unknown>;
}

/** A select from a query builder, or raw SQL that starts with SELECT or SHOW: running it again changes nothing. */
function isRead(builder: RunnableBuilder): boolean {
  if (builder._method !== undefined) return builder._method === 'select' || builder._method === 'first' || builder._method === 'pluck';
  return typeof builder.sql === 'string' && /^\s*(?:select|show)\b/i.test(builder.sql);
}

/**
 * A read outside a transaction whose connection was lost under it (killed, closed by the server,
 * dropped by the network) runs once more on a fresh connection, so the request is answered rather
 * than failed. The lost connection is marked so the pool never hands it out again. Writes and
 * everything inside a transaction are not repeated: the caller cannot know what the server did, and
 * a transaction's earlier statements died with its connection; those answer 503
 * (docs/decisions/0072-input-and-export-hardening.md).
 */
function retryLostReads(db: Knex): void {
  const client = db.client as { transacting?: boolean; runner(this: unknown, builder: RunnableBuilder): Runner };
  const runner = client.runner;
  client.runner = function (this: { transacting?: boolean }, builder: RunnableBuilder): Runner {
    const first = runner.call(this, builder);
    if (this.transacting || builder._connection || !isRead(builder)) return first;
    const run = first.run.bind(first);
    first.run = () =>
      run().catch((err: unknown) => {
        if (!first.connection || !isConnectionLost(err)) throw err;
        first.connection.__knex__disposed = err;
        return runner.call(this, builder).run();
      });
    return first;
  };
}

/**
 * knex's own warnings, except its report of each failed connection attempt (with a stack trace):
 * that failure reaches the caller, which says it once — a 503 answer, or the start-up line.
 */
const log = {
  warn(message: unknown) {
    if (typeof message === 'string' && message.startsWith('Acquire connection error')) return;
    logger.warn({ source: 'knex' }, String(message));
  },
};

/**
 * One knex instance from a DATABASE_URL (mysql://user:pass@host:port/db) or, when unset, the
 * embedded SQLite file. `queryTimeoutMs` bounds connecting, waiting for a pooled connection and each
 * query (docs/decisions/0046-api-hardening.md).
 */
export function createDb(opts: { databaseUrl?: string | undefined; sqliteFile: string; queryTimeoutMs?: number }): Knex {
  const timeoutMs = opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
      throw new Error(`DATABASE_URL must start with mysql://, got ${url.protocol}`);
    }
    const db = knexFactory({
      client: 'mysql2',
      log,
      acquireConnectionTimeout: timeoutMs,
      connection: {
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: url.pathname.replace(/^\//, ''),
        // Dates: UTC, read back as 'YYYY-MM-DD HH:MM:SS' strings (docs/decisions/0009-json-columns-and-dates.md).
        timezone: 'Z',
        dateStrings: true,
        charset: 'utf8mb4',
        supportBigNumbers: true,
        connectTimeout: timeoutMs,
      },
      pool: {
        min: 0,
        max: 10,
        afterCreate(conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
          conn.query("SET time_zone = '+00:00'", (err) => done(err, conn));
        },
      },
    });
    limitQueryTime(db, timeoutMs);
    retryLostReads(db);
    return db;
  }
  if (opts.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    log,
    connection: { filename: opts.sqliteFile },
    useNullAsDefault: true,
    // One connection: a request waits for it at most this long, then answers 503.
    acquireConnectionTimeout: timeoutMs,
    pool: {
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        try {
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          if (opts.sqliteFile !== ':memory:') conn.pragma('journal_mode = WAL');
          cachePreparedStatements(conn);
          done(null, conn);
        } catch (e) {
          done(e as Error, conn);
        }
      },
    },
  });
}
