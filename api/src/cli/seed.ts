import { loadConfig, REPO_ROOT } from '../config.ts';
import { mediaStorageFromEnv } from '../adapters/storage/index.ts';
import { createDb } from '../db/knex.ts';
import { migrateLatest } from '../db/migrations/index.ts';
import { seedDemo } from '../demo/index.ts';

const config = loadConfig();
if (!config.demoMode) {
  console.log('Demo seed is disabled in production (NODE_ENV=production) or with DEMO_MODE=0.');
  process.exit(0);
}
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateLatest(db);
  console.log((await seedDemo(db, { storage: mediaStorageFromEnv(process.env, REPO_ROOT) })) ? 'Demo data seeded.' : 'Organisations exist already: nothing seeded.');
} finally {
  await db.destroy();
}
