// `npm run migrate` (compiled: node api/dist/migrate.js): brings the database's schema up to date and
// stops. The server migrates on start too; an operator who prefers to migrate before rolling out new
// processes runs this first (docs/operations.md). Needs only the database settings.
import { describeDatabaseUrl, loadDatabaseConfig } from '../config.ts';
import { createDb } from '../db/knex.ts';
import { migrateLatest, rollbackAll } from '../db/migrations/index.ts';

let config: ReturnType<typeof loadDatabaseConfig>;
try {
  config = loadDatabaseConfig();
} catch (err) {
  console.error(`Cannot migrate: ${(err as Error).message}`);
  process.exit(1);
}
const where = config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : config.sqliteFile;
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, queryTimeoutMs: config.dbQueryTimeoutMs });
try {
  if (process.argv.includes('--rollback-all')) {
    await rollbackAll(db);
    console.log('Rolled back all migrations.');
  } else {
    await migrateLatest(db);
    console.log(`Migrations are up to date (${where}).`);
  }
} catch (err) {
  // One line, never a password (the address is printed without it).
  console.error(`Cannot migrate the database at ${where}: ${((err as Error).message ?? String(err)).split('\n')[0]}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
