import type { Knex } from 'knex';

/**
 * One row per background task (payment sweep, repricing): which API process holds its lease and
 * until when, and how its last pass went (docs/decisions/0118-background-task-leases.md). With several
 * processes on one database, only the lease's holder runs a pass.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('background_tasks', (t) => {
    t.string('name', 64).primary();
    t.string('holder', 128).nullable();
    t.datetime('lease_until').nullable();
    t.datetime('last_started').nullable();
    t.datetime('last_finished').nullable();
    t.string('last_outcome', 16).nullable();
    t.string('last_error', 500).nullable();
    t.integer('runs').notNullable().defaultTo(0);
    t.integer('failures').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('background_tasks');
}
