import { loadConfig } from '../config.ts';
import { createDb } from '../db/knex.ts';
import { migrateLatest, rollbackAll } from '../db/migrations/index.ts';

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  if (process.argv.includes('--rollback-all')) {
    await rollbackAll(db);
    console.log('Rolled back all migrations.');
  } else {
    await migrateLatest(db);
    console.log('Migrations are up to date.');
  }
} finally {
  await db.destroy();
}
