import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { createDb } from '../src/db/knex.ts';
import { migrateLatest } from '../src/db/migrations/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/index.ts';

/**
 * One migrated and seeded database per run, copied for each test app rather than migrated and seeded
 * again (about 0.8 s on SQLite and 2.5 s on MariaDB each, for some ninety apps a run). Made once by the
 * API tests' global setup (test/globalSetup.ts); a copy is exactly what migrating and seeding make.
 */
export interface DbTemplates {
  /** A closed SQLite file: copied as it is. */
  sqliteFile: string;
  /** A MySQL/MariaDB database of the server TEST_DATABASE_URL names: its tables copied with their rows. */
  mysqlDatabase?: string;
}

export function mysqlAdmin(url: URL): Knex {
  return knexFactory({
    client: 'mysql2',
    connection: { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), multipleStatements: false },
    pool: { min: 0, max: 1 },
  });
}

/**
 * The demo password ('demo') hashed at scrypt's cost 2^10 instead of the 2^14 the API hashes with:
 * a few milliseconds of processor time to check instead of about 50, for every sign-in of a run. A stored hash
 * carries its own cost, so signing in runs the API's own check unchanged; new passwords (an accepted
 * invitation) and the stand-in for unknown emails keep the API's cost (test/passwords.test.ts).
 */
function cheapDemoPasswordHash(): string {
  const [N, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(DEMO_PASSWORD, salt, 32, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

async function migratedAndSeeded(db: Knex): Promise<void> {
  try {
    await migrateLatest(db);
    await seedDemo(db);
    await db('users').whereNotNull('password_hash').update({ password_hash: cheapDemoPasswordHash() });
  } finally {
    await db.destroy();
  }
}

/** Makes the templates; answers them and how to drop them. */
export async function createTemplates(mysqlUrl: string | undefined): Promise<{ templates: DbTemplates; drop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-api-template-'));
  const sqliteFile = path.join(dir, 'template.sqlite');
  // Closing the connection checkpoints the WAL: the template is one file.
  await migratedAndSeeded(createDb({ sqliteFile }));
  let mysqlDatabase: string | undefined;
  let admin: Knex | undefined;
  if (mysqlUrl) {
    const url = new URL(mysqlUrl);
    mysqlDatabase = `cpq_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    admin = mysqlAdmin(url);
    await admin.raw(`CREATE DATABASE \`${mysqlDatabase}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    url.pathname = '/' + mysqlDatabase;
    await migratedAndSeeded(createDb({ databaseUrl: url.toString(), sqliteFile: '' }));
  }
  return {
    templates: { sqliteFile, mysqlDatabase },
    async drop() {
      if (admin && mysqlDatabase) await admin.raw(`DROP DATABASE IF EXISTS \`${mysqlDatabase}\``);
      await admin?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Copies the MySQL template into an empty database: each table as SHOW CREATE TABLE gives it (indexes,
 * full-text index, foreign keys, next AUTO_INCREMENT), then its rows, then the triggers, in one session with the
 * settings the migrations made them with. Foreign keys are checked again from the next statement on;
 * the rows were consistent in the template.
 */
export async function copyMysqlTemplate(admin: Knex, template: string, target: string): Promise<void> {
  const tables = ((await admin.raw('select table_name as name from information_schema.tables where table_schema = ? and table_type = ?', [template, 'BASE TABLE'])) as [Array<{ name: string }>])[0].map((r) => r.name);
  // One connection (pool max 1), so the session settings below hold for every statement.
  await admin.transaction(async (trx) => {
    await trx.raw('set foreign_key_checks = 0');
    // As migration 0008 made the orders' full-text index: without a stopword list ('for', 'the'… are
    // words people search titles for). The setting is read when the index is built.
    await trx.raw('set session innodb_ft_enable_stopword = 0');
    try {
      for (const table of tables) {
        const [[created]] = (await trx.raw(`show create table \`${template}\`.\`${table}\``)) as [[Record<string, string>]];
        const ddl = created!['Create Table']!;
        await trx.raw(`use \`${target}\``);
        await trx.raw(ddl);
        await trx.raw(`insert into \`${target}\`.\`${table}\` select * from \`${template}\`.\`${table}\``);
      }
      // Triggers last (the maintained order counts, migration 0027): the rows copied above are already counted.
      const triggers = ((await trx.raw('select trigger_name as name from information_schema.triggers where trigger_schema = ?', [template])) as [Array<{ name: string }>])[0];
      for (const { name } of triggers) {
        const [[shown]] = (await trx.raw(`show create trigger \`${template}\`.\`${name}\``)) as [[Record<string, string>]];
        await trx.raw(`use \`${target}\``);
        await trx.raw(shown!['SQL Original Statement']!);
      }
    } finally {
      await trx.raw('set foreign_key_checks = 1');
      await trx.raw('set session innodb_ft_enable_stopword = 1');
    }
  });
}
