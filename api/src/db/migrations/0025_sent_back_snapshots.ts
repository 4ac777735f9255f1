import type { Knex } from 'knex';

/**
 * What an order held when it was last sent back for changes (docs/decisions/0097-changes-since-sent-back.md):
 * one row per order, replaced at each "Requires Changes", so the reviewer can see what changed since.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_sent_back_snapshots', (t) => {
    t.increments('id').primary();
    t.integer('org_id').unsigned().notNullable();
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.integer('user_id').unsigned().nullable();
    t.json('items');
    t.json('costs');
    t.datetime('created').notNullable();
    t.unique(['product_order_id'], { indexName: 'order_sent_back_snapshots_order_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_sent_back_snapshots');
}
