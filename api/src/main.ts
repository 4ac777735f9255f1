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

// Payments in progress: settle the simulated provider's due intents, reconcile what a webhook has not
// told us (a lost event, a process that stopped mid-payment). One pass at a time.
const SWEEP_MS = Number(process.env.PAYMENT_SWEEP_MS ?? 1000);
let sweeping = false;
const sweeper = setInterval(() => {
  if (sweeping) return;
  sweeping = true;
  app
    .sweepPayments()
    .catch((err: unknown) => console.error('payment sweep failed', err))
    .finally(() => (sweeping = false));
}, SWEEP_MS);
sweeper.unref();

const shutdown = () => {
  clearInterval(sweeper);
  server.close(() => void db.destroy().then(() => process.exit(0)));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
