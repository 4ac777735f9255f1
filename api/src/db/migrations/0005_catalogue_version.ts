import type { Knex } from 'knex';

/**
 * Every catalogue write bumps its organisation's catalogue_version, so each API process can keep
 * the organisation's catalogue in memory and know when its copy is stale (one small read per write
 * instead of reloading seven tables).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organisations', (t) => {
    t.integer('catalogue_version').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organisations', (t) => {
    t.dropColumn('catalogue_version');
  });
}
