import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root: api/src/config.ts → ../.. (and the same from api/dist, where the compiled server runs). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppConfig {
  /** mysql://user:pass@host:port/db, or undefined for the embedded SQLite file. */
  databaseUrl: string | undefined;
  /** SQLite file used when databaseUrl is unset. */
  sqliteFile: string;
  port: number;
  production: boolean;
  /** Demo seed on first start (never in production). */
  demoMode: boolean;
  /** Optional JSON file replacing the default remotes.json content. */
  remotesConfigFile: string | undefined;
  /** Trust X-Forwarded-* headers (behind a load balancer). */
  trustProxy: boolean;
  /** The portal's public address (PUBLIC_URL): links in answers and mails. Required in production. */
  publicUrl: string | undefined;
  /** Limit on connecting to the database, waiting for a connection and each query (DB_QUERY_TIMEOUT_MS). */
  dbQueryTimeoutMs: number | undefined;
  /** How long a stop (SIGTERM) may take to finish the requests and tasks in progress (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Prometheus metrics at GET /metrics (METRICS=1), behind METRICS_TOKEN when it is set; undefined: off. */
  metrics: { token?: string } | undefined;
}

/** Under the 30 s most process managers and container runtimes wait before they kill a process. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

/** A positive number of milliseconds from the environment, or undefined (the default applies). */
function millis(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of milliseconds, got "${value}".`);
  return n;
}

/**
 * DATABASE_URL as it may be printed: without its password (and without anything after the path).
 * An address that is not a URL is not printed at all.
 */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    return '(DATABASE_URL, which is not a valid URL)';
  }
}

/**
 * PUBLIC_URL: an http(s) address, or undefined when unset. Production must name it: without it links
 * would follow the Host header of each request, which whoever sends the request chooses.
 */
function publicUrlOf(value: string | undefined, production: boolean): string | undefined {
  const url = value?.trim() || undefined;
  if (url === undefined) {
    if (production) throw new Error('PUBLIC_URL is not set. In production it must be the portal’s public address (for example PUBLIC_URL=https://portal.example.com): share links and mails point there.');
    return undefined;
  }
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    /* not a URL: refused below */
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http or https address such as https://portal.example.com, got "${url}".`);
  return url;
}

/** Set by the compiled server's build (scripts/build-server.ts); undefined when the sources run under tsx. */
declare const __CPQ_SERVER_BUILD__: { pluginVersions: Record<string, string> } | undefined;
/** What the compiled server's build fixed (each plugin's source version); undefined under tsx. */
export const SERVER_BUILD = typeof __CPQ_SERVER_BUILD__ === 'undefined' ? undefined : __CPQ_SERVER_BUILD__;
const COMPILED = SERVER_BUILD !== undefined;

/**
 * NODE_ENV=production, or the compiled server (api/dist) started without NODE_ENV: a production
 * start that forgot the setting must not seed demo accounts into the real database.
 */
export const isProduction = (env: NodeJS.ProcessEnv, compiled = COMPILED): boolean => (env.NODE_ENV ?? (compiled ? 'production' : '')) === 'production';

/** What reaching the database needs (the server and the migrate command). */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): Pick<AppConfig, 'databaseUrl' | 'sqliteFile' | 'dbQueryTimeoutMs'> {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.SQLITE_FILE ? path.resolve(env.SQLITE_FILE) : path.join(REPO_ROOT, 'data', 'portal.sqlite'),
    dbQueryTimeoutMs: millis(env.DB_QUERY_TIMEOUT_MS, 'DB_QUERY_TIMEOUT_MS'),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = isProduction(env);
  return {
    ...loadDatabaseConfig(env),
    port: Number(env.PORT ?? 8080),
    production,
    demoMode: !production && env.DEMO_MODE !== '0' && env.DEMO_MODE !== 'false',
    remotesConfigFile: env.REMOTES_CONFIG || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    publicUrl: publicUrlOf(env.PUBLIC_URL, production),
    shutdownTimeoutMs: millis(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS') ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    metrics: env.METRICS === '1' || env.METRICS === 'true' ? (env.METRICS_TOKEN?.trim() ? { token: env.METRICS_TOKEN.trim() } : {}) : undefined,
  };
}
