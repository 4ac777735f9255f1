import type { Knex } from 'knex';
import { createListSearchIndex, dropListSearchIndex, LIST_TABLE, refreshAllListRows, USERS_TABLE } from '../ordersListRows.ts';
import { createSearchIndex, dropSearchIndex, refreshAllSearchText } from '../ordersSearch.ts';
import { flag } from './helpers.ts';

/** 0007's list indexes on product_orders: the list now reads product_order_search. */
const ORDER_LIST_INDEXES: Array<[string[], string]> = [
  [['org_id', 'archived', 'last_updated'], 'product_orders_list_idx'],
  [['org_id', 'last_updated'], 'product_orders_all_list_idx'],
  [['org_id', 'user_id', 'last_updated'], 'product_orders_owner_list_idx'],
  [['org_id', 'archived', 'last_completed_status_key', 'last_updated'], 'product_orders_status_count_idx'],
  [['org_id', 'archived', 'product_category_id', 'last_updated'], 'product_orders_category_list_idx'],
  [['org_id', 'is_processing_payment', 'archived', 'last_updated'], 'product_orders_payment_list_idx'],
];

/**
 * The orders list reads narrow rows instead of the orders (docs/decisions/0040-orders-list-narrow-tables.md):
 * product_order_search holds each order's filter columns, last_updated and search_text with the
 * full-text index, and an index per filter ending in last_updated (the order id, its primary key,
 * closes each one: a page is read in list order from the index alone); product_order_users holds
 * who can reach an order as a guest. search_text and the list indexes leave product_orders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(LIST_TABLE, (t) => {
    t.integer('product_order_id').unsigned().notNullable().primary();
    t.integer('org_id').unsigned().notNullable();
    flag(t, 'archived');
    t.integer('user_id').unsigned().notNullable();
    t.string('last_completed_status_key', 64).nullable();
    t.integer('product_category_id').nullable();
    flag(t, 'is_processing_payment');
    t.datetime('last_updated').notNullable();
    t.text('search_text').notNullable();
    t.index(['org_id', 'archived', 'last_updated'], 'product_order_search_list_idx');
    t.index(['org_id', 'last_updated'], 'product_order_search_all_idx');
    t.index(['org_id', 'user_id', 'archived', 'last_updated'], 'product_order_search_owner_idx');
    t.index(['org_id', 'archived', 'last_completed_status_key', 'last_updated'], 'product_order_search_status_idx');
    t.index(['org_id', 'archived', 'product_category_id', 'last_updated'], 'product_order_search_category_idx');
    t.index(['org_id', 'is_processing_payment', 'archived', 'last_updated'], 'product_order_search_payment_idx');
  });
  await knex.schema.createTable(USERS_TABLE, (t) => {
    t.integer('product_order_id').unsigned().notNullable();
    t.integer('user_id').unsigned().notNullable();
    t.integer('org_id').unsigned().notNullable();
    t.primary(['product_order_id', 'user_id']);
    t.index(['user_id', 'org_id', 'product_order_id'], 'product_order_users_user_idx');
  });
  // product_order_users.pricing_is_hidden comes with migration 0019.
  await refreshAllListRows(knex, { hiddenColumn: false });
  await createListSearchIndex(knex);

  await dropSearchIndex(knex);
  await knex.schema.alterTable('product_orders', (t) => {
    for (const [columns, name] of ORDER_LIST_INDEXES) t.dropIndex(columns, name);
  });
  // Plain ALTER TABLE … DROP COLUMN on both (SQLite ≥ 3.35): knex would rebuild the SQLite table.
  await knex.raw('alter table product_orders drop column search_text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table product_orders add column search_text text null');
  await knex.schema.alterTable('product_orders', (t) => {
    for (const [columns, name] of ORDER_LIST_INDEXES) t.index(columns, name);
  });
  await refreshAllSearchText(knex);
  await createSearchIndex(knex);
  await dropListSearchIndex(knex);
  await knex.schema.dropTable(USERS_TABLE);
  await knex.schema.dropTable(LIST_TABLE);
}
