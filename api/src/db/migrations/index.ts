import fs from 'node:fs';
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
import * as m0028 from './0028_background_tasks.ts';
import * as m0029 from './0029_api_tokens.ts';
import * as m0030 from './0030_mail_queue.ts';
import * as m0031 from './0031_quote_revisions.ts';

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
  '0028_background_tasks': m0028,
  '0029_api_tokens': m0029,
  '0030_mail_queue': m0030,
  '0031_quote_revisions': m0031,
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

/** Whether a process of this machine is running (a lock file's owner). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id a lock file names (0 while its owner has not written it yet), or null when it is gone. */
function lockOwner(lock: string): number | null {
  try {
    return Number(fs.readFileSync(lock, 'utf8') || 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * On SQLite one migration at a time across the processes of this machine: a lock file beside the
 * database (`<file>.migrating`, holding its owner's process id; a file whose owner is gone is taken
 * over). knex's own lock does not hold there: two processes both found it free and ran the same migration.
 */
async function withFileLock<T>(file: string, waitMs: number, fn: () => Promise<T>): Promise<T> {
  const lock = `${file}.migrating`;
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = lockOwner(lock);
      // Given back between our attempt and this read: try again at once.
      if (owner === null) continue;
      if (owner > 0 && !isRunning(owner)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() >= until) throw new Error(`Another process has been migrating the database for over ${Math.round(waitMs / 1000)} s (or left ${lock} behind: remove it if no migration runs).`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Each ask for the migration lock waits this long at most (well under any query time limit). */
const LOCK_ASK_SECONDS = 3;

/**
 * On MySQL/MariaDB one migration at a time across every process of the database: a named lock of the
 * server (GET_LOCK), held on a connection of its own while knex migrates on the others.
 */
async function withServerLock<T>(db: Knex, waitMs: number, fn: () => Promise<T>): Promise<T> {
  const name = `cpq_migrate_${db.client.database()}`;
  const conn = (await db.client.acquireConnection()) as unknown;
  try {
    // Asked for a few seconds at a time: one long wait would outlast the queries' own time limit
    // (DB_QUERY_TIMEOUT_MS) while another process migrates a slow database.
    const deadline = Date.now() + waitMs;
    let got = false;
    while (!got && Date.now() < deadline) {
      const seconds = Math.max(1, Math.min(LOCK_ASK_SECONDS, Math.ceil((deadline - Date.now()) / 1000)));
      const [rows] = (await db.raw('select get_lock(?, ?) as got', [name, seconds]).connection(conn)) as [Array<{ got: number | null }>];
      got = Number(rows[0]?.got) === 1;
    }
    if (!got) throw new Error(`Another process has been migrating the database for over ${Math.round(waitMs / 1000)} s.`);
    try {
      return await fn();
    } finally {
      await db.raw('select release_lock(?)', [name]).connection(conn);
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * Brings the schema up to date. Several processes may start at once on one database: they migrate
 * one after the other, and the later ones find nothing left to do.
 */
export async function migrateLatest(db: Knex, opts: { lockWaitMs?: number } = {}): Promise<void> {
  const waitMs = opts.lockWaitMs ?? MIGRATION_LOCK_WAIT_MS;
  const latest = async () => void (await db.migrate.latest({ migrationSource }));
  if (isMysql(db)) return withServerLock(db, waitMs, latest);
  const file = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  return file && file !== ':memory:' ? withFileLock(file, waitMs, latest) : latest();
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}
