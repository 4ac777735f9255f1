import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createDb } from '../../src/db/knex.ts';
import { createPaymentTables, dropPaymentTables } from '../../src/db/paymentTables.ts';

/**
 * Databases for the adapter tests, built here rather than through ../helpers.ts so that they do not
 * need the whole app: a SQLite temp file always, and MariaDB/MySQL when TEST_DATABASE_URL is set (in
 * the database cpq_adapters_test on that server, created when missing).
 */
export interface AdapterDb {
  knex: Knex;
  /** A second, separate connection pool on the same database (another API process). */
  another(): Knex;
  close(): Promise<void>;
}

export interface AdapterDbCase {
  name: 'sqlite' | 'mysql';
  open(): Promise<AdapterDb>;
}

const MYSQL_DATABASE = 'cpq_adapters_test';

function sqliteCase(): AdapterDbCase {
  return {
    name: 'sqlite',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-adapters-'));
      const file = path.join(dir, 'test.sqlite');
      const pools: Knex[] = [createDb({ sqliteFile: file })];
      await createPaymentTables(pools[0]!);
      return {
        knex: pools[0]!,
        another() {
          const k = createDb({ sqliteFile: file });
          pools.push(k);
          return k;
        },
        async close() {
          for (const k of pools) await k.destroy();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

function mysqlCase(serverUrl: string): AdapterDbCase {
  return {
    name: 'mysql',
    async open() {
      const url = new URL(serverUrl);
      const admin = knexFactory({
        client: 'mysql2',
        connection: { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) },
        pool: { min: 0, max: 1 },
      });
      await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${MYSQL_DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.destroy();
      url.pathname = '/' + MYSQL_DATABASE;
      const pools: Knex[] = [createDb({ databaseUrl: url.toString(), sqliteFile: '' })];
      // A run that stopped half-way may have left the table behind.
      await dropPaymentTables(pools[0]!);
      await createPaymentTables(pools[0]!);
      return {
        knex: pools[0]!,
        another() {
          const k = createDb({ databaseUrl: url.toString(), sqliteFile: '' });
          pools.push(k);
          return k;
        },
        async close() {
          await dropPaymentTables(pools[0]!);
          for (const k of pools) await k.destroy();
        },
      };
    },
  };
}

const mysqlUrl = process.env.TEST_DATABASE_URL;

export const adapterDatabases: AdapterDbCase[] = [sqliteCase(), ...(mysqlUrl ? [mysqlCase(mysqlUrl)] : [])];
