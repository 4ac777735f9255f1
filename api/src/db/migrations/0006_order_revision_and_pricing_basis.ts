import type { Knex } from 'knex';

/**
 * Writes recompute only what they change, so each order remembers what its stored prices were
 * computed with:
 * - `revision`: bumped by every write to the order or anything in it (items, spatial parts), so
 *   the order data can be kept in memory between reads and every API process knows when it is stale;
 * - `pricing_basis`: the catalogue version and engine/plugin rules every stored item price and
 *   validity was computed with (a different basis → the next write recomputes every item);
 * - `reprice_after`: for an order priced at "now", when the next pricing rule version takes effect
 *   (the next write after it reprices every item).
 * An item keeps the failed expressions of its last pricing (employees see a warning). Guests are
 * looked up by organisation and user on every access check and order write.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_orders', (t) => {
    t.integer('revision').unsigned().notNullable().defaultTo(1);
    t.string('pricing_basis', 191).nullable();
    t.datetime('reprice_after').nullable();
  });
  await knex.schema.alterTable('product_instances', (t) => {
    t.json('pricing_failures').nullable();
  });
  await knex.schema.alterTable('guests', (t) => {
    t.index(['org_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('guests', (t) => {
    t.dropIndex(['org_id', 'user_id']);
  });
  await knex.schema.alterTable('product_instances', (t) => {
    t.dropColumn('pricing_failures');
  });
  await knex.schema.alterTable('product_orders', (t) => {
    t.dropColumn('revision');
    t.dropColumn('pricing_basis');
    t.dropColumn('reprice_after');
  });
}
