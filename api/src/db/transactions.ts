import type { Knex } from 'knex';

/** Runs a function in one transaction: all of it is written, or nothing. */
export type TransactionRunner = <T>(work: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;

/** MySQL/MariaDB deadlock and lock-wait timeout, SQLite busy: the whole transaction can simply run again. */
function isRetryable(err: unknown): boolean {
  const e = err as { errno?: number; code?: string };
  return e?.errno === 1213 || e?.errno === 1205 || e?.code === 'SQLITE_BUSY';
}

/**
 * A transaction runner that retries a transaction the database rolled back because of a deadlock
 * (a few times, with a short random pause), so concurrent writers get an answer rather than a 500.
 */
export function transactionRunner(db: Knex, attempts = 5): TransactionRunner {
  return async (work) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(work);
      } catch (err) {
        if (attempt >= attempts || !isRetryable(err)) throw err;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
      }
    }
  };
}
