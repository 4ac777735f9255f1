import type { Knex } from 'knex';

/**
 * Computed fields the server stores on every write that affects them (the server is the authority):
 * an instance's unit and total price, the pricing rule version used, and its validity.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_instances', (t) => {
    t.bigInteger('unit_price_in_cents').notNullable().defaultTo(0);
    t.bigInteger('total_price_in_cents').notNullable().defaultTo(0);
    t.string('pricing_rule_version', 64).nullable();
    t.tinyint('is_valid').notNullable().defaultTo(1);
    t.json('validation_issues');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_instances', (t) => {
    t.dropColumn('unit_price_in_cents');
    t.dropColumn('total_price_in_cents');
    t.dropColumn('pricing_rule_version');
    t.dropColumn('is_valid');
    t.dropColumn('validation_issues');
  });
}
