import type { Knex } from 'knex';
import { isMysql } from '../knex.ts';
import * as m0001 from './0001_orgs_users_auth.ts';
import * as m0002 from './0002_catalogue.ts';
import * as m0003 from './0003_orders_spatial.ts';
import * as m0004 from './0004_instance_pricing.ts';
import * as m0005 from './0005_catalogue_version.ts';
import * as m0006 from './0006_order_revision_and_pricing_basis.ts';
import * as m0007 from './0007_orders_list.ts';
import * as m0008 from './0008_orders_list_rows.ts';
import * as m0009 from './0009_order_status_payments.ts';
import * as m0010 from './0010_session_mode_and_login_throttle.ts';
import * as m0011 from './0011_share_tokens_kinds.ts';
import * as m0012 from './0012_media_files.ts';
import * as m0013 from './0013_invitation_tokens.ts';
import * as m0015 from './0015_guest_discount_percent.ts';
import * as m0016 from './0016_instance_canvas_position.ts';
import * as m0017 from './0017_reprice_follow.ts';
import * as m0018 from './0018_payment_lifecycle.ts';
import * as m0019 from './0019_hidden_pricing_per_person.ts';
import * as m0020 from './0020_share_link_expiry_and_grants.ts';
import * as m0021 from './0021_link_token_throttle.ts';
import * as m0025 from './0025_sent_back_snapshots.ts';
import * as m0026 from './0026_view_notes_general.ts';
import * as m0027 from './0027_order_counts.ts';

type Migration = { up: (k: Knex) => Promise<void>; down: (k: Knex) => Promise<void> };

/** Migrations listed in code: works the same under tsx, vitest and any bundler. Append only. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_orgs_users_auth': m0001,
  '0002_catalogue': m0002,
  '0003_orders_spatial': m0003,
  '0004_instance_pricing': m0004,
  '0005_catalogue_version': m0005,
  '0006_order_revision_and_pricing_basis': m0006,
  '0007_orders_list': m0007,
  '0008_orders_list_rows': m0008,
  '0009_order_status_payments': m0009,
  '0010_session_mode_and_login_throttle': m0010,
  '0011_share_tokens_kinds': m0011,
  '0012_media_files': m0012,
  '0013_invitation_tokens': m0013,
  '0015_guest_discount_percent': m0015,
  '0016_instance_canvas_position': m0016,
  '0017_reprice_follow': m0017,
  '0018_payment_lifecycle': m0018,
  '0019_hidden_pricing_per_person': m0019,
  '0020_share_link_expiry_and_grants': m0020,
  '0021_link_token_throttle': m0021,
  '0025_sent_back_snapshots': m0025,
  '0026_view_notes_general': m0026,
  '0027_order_counts': m0027,
};

export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return Object.keys(MIGRATIONS);
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    const m = MIGRATIONS[name];
    if (!m) throw new Error(`Unknown migration ${name}`);
    return m;
  },
};

/** How long a start waits for another process's migration (several API processes start together). */
export const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * What another process migrating the same SQLite file at the same moment makes this one meet: knex's
 * lock, the file's write lock, or the bookkeeping table it had just found missing. Tried again.
 */
function isConcurrentMigration(err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string };
  return e.name === 'MigrationLocked' || e.code === 'SQLITE_BUSY' || /\bknex_migrations(_lock)?\b.* already exists/.test(e.message ?? '');
}

/**
 * On MySQL/MariaDB one migration at a time across every process of the database: a named lock of the
 * server (GET_LOCK), held on a connection of its own while knex migrates on the others.
 */
async function withServerLock<T>(db: Knex, waitMs: number, fn: () => Promise<T>): Promise<T> {
  const conn = (await db.client.acquireConnection()) as unknown;
  try {
    const [rows] = (await db.raw('select get_lock(?, ?) as got', [`cpq_migrate_${db.client.database()}`, Math.ceil(waitMs / 1000)]).connection(conn)) as [Array<{ got: number | null }>];
    if (Number(rows[0]?.got) !== 1) throw new Error(`Another process has been migrating the database for over ${Math.round(waitMs / 1000)} s.`);
    try {
      return await fn();
    } finally {
      await db.raw('select release_lock(?)', [`cpq_migrate_${db.client.database()}`]).connection(conn);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * Brings the schema up to date. Several processes may start at once on one database: on MariaDB they
 * migrate one after the other (the later ones find nothing left to do); on SQLite a process meeting
 * another's migration tries again until it is done.
 */
export async function migrateLatest(db: Knex, opts: { lockWaitMs?: number; retryMs?: number } = {}): Promise<void> {
  const waitMs = opts.lockWaitMs ?? MIGRATION_LOCK_WAIT_MS;
  if (isMysql(db)) return withServerLock(db, waitMs, async () => void (await db.migrate.latest({ migrationSource })));
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      await db.migrate.latest({ migrationSource });
      return;
    } catch (err) {
      if (!isConcurrentMigration(err)) throw err;
      if (Date.now() >= until) throw new Error(`Another process has been migrating the database for over ${Math.round(waitMs / 1000)} s.`);
      await new Promise((resolve) => setTimeout(resolve, opts.retryMs ?? 250));
    }
  }
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}
