/**
 * Errors that mean the database cannot answer right now — unreachable, timed out, out of connections,
 * shutting down, locked past its wait — as opposed to a bug or bad data. The API answers them 503
 * (docs/decisions/0046-api-hardening.md) so that clients and load balancers retry later.
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

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { name?: string; code?: string; errno?: number; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e !== 'object') return false;
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
