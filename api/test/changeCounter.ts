import type { Knex } from 'knex';

/**
 * Counts every row inserted, updated or deleted in the database, with triggers: "nothing changed"
 * is then one read of a counter instead of a dump of every table. Tables whose rows a refused request
 * may rightly touch (sign-in and bad share-token bookkeeping) and the migration tables are left out.
 */
const IGNORED = new Set(['sessions', 'devices', 'login_attempts', 'login_throttle', 'knex_migrations', 'knex_migrations_lock', 'test_changes']);

export async function installChangeCounter(db: Knex): Promise<() => Promise<number>> {
  const mysql = db.client.config.client === 'mysql2';
  await db.schema.createTable('test_changes', (t) => t.integer('n').notNullable());
  await db('test_changes').insert({ n: 0 });
  const tables: string[] = mysql
    ? ((await db.raw('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = ?', ['BASE TABLE']))[0] as Array<{ name?: string; NAME?: string; TABLE_NAME?: string }>).map((r) => r.name ?? r.NAME ?? r.TABLE_NAME!)
    : await sqliteTables(db);
  for (const table of tables.filter((t) => !IGNORED.has(t))) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      const name = `tc_${table}_${op.toLowerCase()}`.slice(0, 64);
      await db.raw(
        mysql
          ? `CREATE TRIGGER \`${name}\` AFTER ${op} ON \`${table}\` FOR EACH ROW UPDATE test_changes SET n = n + 1`
          : `CREATE TRIGGER "${name}" AFTER ${op} ON "${table}" BEGIN UPDATE test_changes SET n = n + 1; END`,
      );
    }
  }
  return async () => Number(((await db('test_changes').first('n')) as { n: number | string }).n);
}

/** SQLite's ordinary tables: not its own, not a full-text index (a virtual table) nor the tables behind one (changed with the rows they index). */
async function sqliteTables(db: Knex): Promise<string[]> {
  const rows = (await db.raw("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) as Array<{ name: string; sql: string | null }>;
  const virtual = rows.filter((r) => /^CREATE VIRTUAL/i.test(r.sql ?? '')).map((r) => r.name);
  return rows.filter((r) => !virtual.some((v) => r.name === v || r.name.startsWith(`${v}_`))).map((r) => r.name);
}
