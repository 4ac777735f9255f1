import type { Knex } from 'knex';

/** Where an item sits in its viewport on the architectural canvas ({x, y} in drawing units), or null. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_instances', (t) => {
    t.json('canvas_position').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_instances', (t) => {
    t.dropColumn('canvas_position');
  });
}
