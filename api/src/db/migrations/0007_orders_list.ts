import type { Knex } from 'knex';
import { createSearchIndex, dropSearchIndex, refreshAllSearchText } from '../ordersSearch.ts';
import { flag } from './helpers.ts';

/** The platform's own staff when this migration runs (the spec names users 1 and 2); a flag from then on. */
const FIRST_PLATFORM_ADMIN_IDS = [1, 2];

/**
 * The orders list reads an organisation's orders newest lastUpdated first, filtered by archived and
 * by owner: indexes that serve that order directly, so a page does not sort every order of the
 * organisation (each filter's column sits before last_updated; the status one also serves the
 * counts). The search goes through a full-text index over a denormalised search_text
 * (db/ordersSearch.ts), filled here for the orders that exist. Platform administrators (who may
 * recalculate an organisation's order costs) are flagged users.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_orders', (t) => {
    t.index(['org_id', 'archived', 'last_updated'], 'product_orders_list_idx');
    t.index(['org_id', 'last_updated'], 'product_orders_all_list_idx');
    t.index(['org_id', 'user_id', 'last_updated'], 'product_orders_owner_list_idx');
    t.index(['org_id', 'archived', 'last_completed_status_key', 'last_updated'], 'product_orders_status_count_idx');
    t.index(['org_id', 'archived', 'product_category_id', 'last_updated'], 'product_orders_category_list_idx');
    t.index(['org_id', 'is_processing_payment', 'archived', 'last_updated'], 'product_orders_payment_list_idx');
    t.text('search_text').nullable();
  });
  await refreshAllSearchText(knex);
  await createSearchIndex(knex);
  await knex.schema.alterTable('users', (t) => {
    flag(t, 'is_platform_admin');
  });
  await knex('users').whereIn('id', FIRST_PLATFORM_ADMIN_IDS).update({ is_platform_admin: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('is_platform_admin');
  });
  await dropSearchIndex(knex);
  await knex.schema.alterTable('product_orders', (t) => {
    t.dropIndex(['org_id', 'archived', 'last_updated'], 'product_orders_list_idx');
    t.dropIndex(['org_id', 'last_updated'], 'product_orders_all_list_idx');
    t.dropIndex(['org_id', 'user_id', 'last_updated'], 'product_orders_owner_list_idx');
    t.dropIndex(['org_id', 'archived', 'last_completed_status_key', 'last_updated'], 'product_orders_status_count_idx');
    t.dropIndex(['org_id', 'archived', 'product_category_id', 'last_updated'], 'product_orders_category_list_idx');
    t.dropIndex(['org_id', 'is_processing_payment', 'archived', 'last_updated'], 'product_orders_payment_list_idx');
    t.dropColumn('search_text');
  });
}
