import { loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { createDb } from './db/knex.ts';
import { migrateLatest } from './db/migrations/index.ts';
import { seedDemo } from './demo/index.ts';

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });

await migrateLatest(db);
if (config.demoMode) {
  const seeded = await seedDemo(db);
  if (seeded) console.log('Demo data seeded (users: owner-850@demo.test … password "demo").');
}

const app = createApp({ db, remotesConfigFile: config.remotesConfigFile, trustProxy: config.trustProxy });
const server = app.listen(config.port, () => {
  console.log(`API listening on http://localhost:${config.port} (${config.databaseUrl ? 'MySQL' : `SQLite ${config.sqliteFile}`})`);
});

const shutdown = () => {
  server.close(() => void db.destroy().then(() => process.exit(0)));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
