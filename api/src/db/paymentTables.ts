import type { Knex } from 'knex';

export const SIMULATED_INTENTS_TABLE = 'simulated_payment_intents';

/**
 * The simulated provider's intents live in the database so that every API process sees the same
 * ones. Called from the migration and by tests; the same builder runs on SQLite and MySQL/MariaDB.
 * The table is the schema's, so it is built here; the provider (adapters/payments/simulated.ts)
 * only reads and writes it.
 */
export async function createPaymentTables(knex: Knex): Promise<void> {
  await knex.schema.createTable(SIMULATED_INTENTS_TABLE, (t) => {
    t.string('id', 64).notNullable().primary();
    t.string('environment', 8).notNullable();
    t.string('status', 32).notNullable();
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    t.string('client_secret', 128).notNullable();
    t.text('metadata').notNullable();
    t.string('card_last4', 4).nullable();
    t.string('outcome', 16).nullable();
    t.string('last_payment_error', 255).nullable();
    t.string('confirm_idempotency_key', 255).nullable();
    t.string('create_idempotency_key', 255).nullable().unique({ indexName: 'simulated_payment_intents_create_key_unique' });
    t.bigInteger('completes_at').nullable();
    t.bigInteger('created').notNullable();
    t.bigInteger('updated').notNullable();
    // The sweeper looks for processing intents whose completion time has passed.
    t.index(['status', 'completes_at'], 'simulated_payment_intents_due_idx');
  });
}

export async function dropPaymentTables(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists(SIMULATED_INTENTS_TABLE);
}
