import type { Knex } from 'knex';
import { refreshAllListRows, USERS_TABLE } from '../ordersListRows.ts';

/**
 * Prices hidden per person (docs/decisions/0070-hidden-prices-per-person.md): product_order_users
 * says, for each person involved in an order, whether the order hides prices from them, so that one
 * index lookup tells whether a person's prices are hidden anywhere in an organisation.
 */
const HIDDEN_INDEX = 'product_order_users_hidden_idx';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable(USERS_TABLE, (t) => {
    t.tinyint('pricing_is_hidden').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable(USERS_TABLE, (t) => {
    t.index(['user_id', 'org_id', 'pricing_is_hidden'], HIDDEN_INDEX);
  });
  await refreshAllListRows(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable(USERS_TABLE, (t) => {
    t.dropIndex(['user_id', 'org_id', 'pricing_is_hidden'], HIDDEN_INDEX);
  });
  await knex.schema.alterTable(USERS_TABLE, (t) => {
    t.dropColumn('pricing_is_hidden');
  });
}
