import { format } from 'node:util';
import { describeDatabaseUrl, loadConfig, REPO_ROOT, type AppConfig } from './config.ts';
import { mediaStorageFromEnv } from './adapters/storage/index.ts';
import { createApp } from './app.ts';
import { createDb } from './db/knex.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { migrateLatest } from './db/migrations/index.ts';
import { seedDemo } from './demo/index.ts';
import { keepConnectionsOpen } from './http/keepAlive.ts';
import { gracefulShutdown, leased, repeatEvery } from './lifecycle.ts';
import { logger } from './log.ts';

/** A start-up failure as one log line and a non-zero exit: no stack trace, never a password. */
function fail(line: string): never {
  logger.fatal(line);
  process.exit(1);
}

const messageOf = (err: unknown) => {
  const e = err as { message?: string; errors?: Array<{ message?: string }> };
  // A connection tried on several addresses fails with an AggregateError whose own message is empty.
  const message = e?.message || e?.errors?.map((x) => x.message).find(Boolean) || String(err);
  return message.split('\n')[0]!;
};

// What a library prints goes into the structured log too, one line each (with the request's id when a request prints it).
console.log = (...args: unknown[]) => logger.info(format(...args));
console.info = console.log;
console.warn = (...args: unknown[]) => logger.warn(format(...args));
console.error = (...args: unknown[]) => logger.error(format(...args));

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  fail(`Cannot start: ${messageOf(err)}`);
}
const where = config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : config.sqliteFile;

let db: ReturnType<typeof createDb>;
// One media storage for the seed (the demo pictures' files) and the app.
const storage = mediaStorageFromEnv(process.env, REPO_ROOT);
try {
  db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, queryTimeoutMs: config.dbQueryTimeoutMs });
  await migrateLatest(db);
  if (config.demoMode) {
    const seeded = await seedDemo(db, { storage });
    if (seeded) logger.info('Demo data seeded (users: owner-850@demo.test … password "demo").');
  }
} catch (err) {
  fail(`Cannot connect to the database at ${where}: ${messageOf(err)}`);
}

const app = createApp({ db, storage, remotesConfigFile: config.remotesConfigFile, trustProxy: config.trustProxy, publicUrl: config.publicUrl, logger, metrics: config.metrics });
const server = app.listen(config.port, () => {
  logger.info(`API listening on http://localhost:${config.port} (${config.databaseUrl ? 'MySQL' : `SQLite ${config.sqliteFile}`})`);
});
server.on('error', (err) => fail(`Cannot listen on port ${config.port}: ${messageOf(err)}`));
keepConnectionsOpen(server);

const logPassError = (task: string) => (err: unknown) =>
  // A database outage is one line per pass, not a stack trace every second.
  isDatabaseUnavailable(err) ? logger.error({ task }, `${task} skipped: the database is not reachable (${messageOf(err)})`) : logger.error({ task, err }, `${task} failed`);
const observed = (name: string) => ({ name, recorder: app.metrics });
// With several processes on one database, each pass runs in the one holding the task's lease.
const lease = { leases: app.taskLeases, holder: app.processId, leaseMs: 60_000 };

// Payments in progress: settle the simulated provider's due intents, reconcile what a webhook has not
// told us (a lost event, a process that stopped mid-payment). One pass at a time.
const sweeper = repeatEvery(Number(process.env.PAYMENT_SWEEP_MS ?? 1000), leased('payment sweep', lease, () => app.sweepPayments()), logPassError('payment sweep'), observed('payment sweep'));

// Stored prices that follow the catalogue: reprice the orders a pricing version or a catalogue change
// made due, a batch at a time (the next batch at once while the last one was full). One pass at a time.
const repricer = repeatEvery(Number(process.env.REPRICE_MS ?? 1000), leased('repricing', lease, async () => (await app.repriceOrders()).more), logPassError('repricing'), observed('repricing'));
// Mails whose last attempt failed, tried again when their wait is over (decision 0121). One pass at a time;
// each mail is also claimed on its own, so a mail is sent by one process only.
const mailer = repeatEvery(Number(process.env.MAIL_RETRY_MS ?? 5000), leased('mail', lease, () => app.mailQueue.retryDue()), logPassError('mail'), observed('mail'));
app.tasksReady = () => sweeper.healthy() && repricer.healthy() && mailer.healthy();

const shutdown = gracefulShutdown({
  server,
  tasks: [sweeper, repricer, mailer],
  close: async () => {
    await Promise.all([db.destroy(), app.pdf.close()]);
  },
  timeoutMs: config.shutdownTimeoutMs,
  log: (line) => logger.info(line),
  exit: (code) => process.exit(code),
});
process.on('SIGINT', () => shutdown.begin('SIGINT'));
process.on('SIGTERM', () => shutdown.begin('SIGTERM'));
