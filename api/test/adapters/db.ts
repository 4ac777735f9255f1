import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createDb } from '../../src/db/knex.ts';
import { createPaymentTables } from '../../src/db/paymentTables.ts';

/**
 * Databases for the adapter tests, built here rather than through ../helpers.ts so that they do not
 * need the whole app: a SQLite temp file always, and MariaDB/MySQL when TEST_DATABASE_URL is set (a
 * database of its own on that server, named for the process and dropped on close: two test files, or
 * two test runs, at once never share one).
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
      const name = `cpq_adapters_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      url.pathname = '/' + name;
      const pools: Knex[] = [createDb({ databaseUrl: url.toString(), sqliteFile: '' })];
      await createPaymentTables(pools[0]!);
      return {
        knex: pools[0]!,
        another() {
          const k = createDb({ databaseUrl: url.toString(), sqliteFile: '' });
          pools.push(k);
          return k;
        },
        async close() {
          for (const k of pools) await k.destroy();
          await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
          await admin.destroy();
        },
      };
    },
  };
}

const mysqlUrl = process.env.TEST_DATABASE_URL;

export const adapterDatabases: AdapterDbCase[] = [sqliteCase(), ...(mysqlUrl ? [mysqlCase(mysqlUrl)] : [])];
