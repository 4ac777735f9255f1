/**
 * Errors that mean the database cannot answer right now — unreachable, timed out, out of connections,
 * shutting down, locked past its wait, the connection lost or killed — as opposed to a bug or bad
 * data. The API answers them 503 (docs/decisions/0046-api-hardening.md,
 * 0072-input-and-export-hardening.md) so that clients and load balancers retry later.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
]);

/** MySQL/MariaDB: too many connections, shutdown in progress, lock wait timeout, query interrupted (max_statement_time). */
const MYSQL_ERRNOS = new Set([1040, 1053, 1205, 1317, 1969, 3024]);

/** The connection under a query went away: closed by the server, killed, reset, or broken before. */
const LOST_CODES = new Set(['PROTOCOL_CONNECTION_LOST', 'ECONNRESET', 'EPIPE', 'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR', 'PROTOCOL_ENQUEUE_AFTER_QUIT']);
/** MariaDB: connection was killed (KILL); MySQL: server gone or lost, idle connection closed by the server. */
const LOST_ERRNOS = new Set([1927, 2006, 2013, 4031]);
/**
 * mysql2 gives these no code: a query sent on a connection that already failed, such as the ROLLBACK
 * knex sends after a transaction's connection was killed (knex puts the SQL before the message).
 */
const LOST_MESSAGE = /Can't (?:add new command when connection is|write) in closed state$/;

type DbError = { name?: string; code?: string; errno?: number; message?: string; cause?: unknown };

/** Each error of a chain of causes (at most 5 deep). */
function* causes(err: unknown): Generator<DbError> {
  for (let e = err as DbError | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as DbError | undefined, depth++) yield e;
}

/**
 * The database connection was lost under the query (as opposed to a database that cannot be reached
 * at all). A read outside a transaction may run again on a fresh connection (db/knex.ts).
 */
export function isConnectionLost(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e.code && LOST_CODES.has(e.code)) return true;
    if (typeof e.errno === 'number' && LOST_ERRNOS.has(e.errno)) return true;
    if (typeof e.message === 'string' && LOST_MESSAGE.test(e.message)) return true;
  }
  return false;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  if (isConnectionLost(err)) return true;
  for (const e of causes(err)) {
    // knex: acquiring a connection or a query past its timeout; a pool that was destroyed.
    if (e.name === 'KnexTimeoutError') return true;
    if (typeof e.message === 'string' && /^Unable to acquire a connection$/.test(e.message)) return true;
    if (e.code && NETWORK_CODES.has(e.code)) return true;
    if (typeof e.errno === 'number' && MYSQL_ERRNOS.has(e.errno)) return true;
    // AggregateError from a connection tried on several addresses (IPv4 and IPv6).
    const errors = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE = {
  code: 'databaseUnavailable',
  message: 'The database is not reachable right now. Please try again in a moment.',
} as const;

/**
 * A write refused by a unique key (MySQL/MariaDB ER_DUP_ENTRY, SQLite's constraint): another caller
 * wrote the same row first, so the caller reads that row instead of failing.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { errno?: number; code?: string } | undefined;
  return e?.errno === 1062 || e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
