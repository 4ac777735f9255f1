import type { Knex } from 'knex';
import { isMysql } from '../knex.ts';

/**
 * Sharing (docs/decisions/0045-sharing-and-share-links.md, 0048-sharing-server-rules.md):
 * - share_tokens: the kind of link (an order's link or a personal link) and the person a personal
 *   link is for, so a person's links can be revoked when they are removed from the order;
 * - users: a guest who came in through an order's link has no email and no password;
 * - share_token_failures: bad share tokens per IP, so the token calls slow down a guesser.
 *
 * Not in one transaction: changing a users column on SQLite rebuilds the table, which knex does with
 * foreign keys switched off — impossible inside a transaction, where dropping the old users table
 * would cascade to memberships and sessions.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('share_tokens', (t) => {
    t.string('kind', 16).notNullable().defaultTo('order'); // order | personal
    t.integer('user_id').unsigned().nullable();
    t.index(['product_order_id', 'kind'], 'share_tokens_order_kind_idx');
    t.index(['user_id', 'product_order_id'], 'share_tokens_user_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.string('email', 254).nullable().alter();
    t.string('password_hash', 255).nullable().alter();
  });
  await knex.schema.createTable('share_token_failures', (t) => {
    t.increments('id').primary();
    t.string('ip', 64).notNullable();
    t.datetime('created').notNullable();
    t.index(['ip', 'created'], 'share_token_failures_ip_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('share_token_failures');
  // Guests who came in by link have neither: they cannot be kept by the older schema.
  await knex('users').whereNull('email').orWhereNull('password_hash').delete();
  await knex.schema.alterTable('users', (t) => {
    t.string('email', 254).notNullable().alter();
    t.string('password_hash', 255).notNullable().alter();
  });
  // MySQL/MariaDB gave the order's foreign key the new index in place of its own: give it back first.
  if (isMysql(knex)) await knex.schema.alterTable('share_tokens', (t) => t.index(['product_order_id'], 'share_tokens_product_order_id_foreign'));
  await knex.schema.alterTable('share_tokens', (t) => {
    t.dropIndex(['product_order_id', 'kind'], 'share_tokens_order_kind_idx');
    t.dropIndex(['user_id', 'product_order_id'], 'share_tokens_user_idx');
  });
  await knex.schema.alterTable('share_tokens', (t) => {
    t.dropColumn('kind');
    t.dropColumn('user_id');
  });
}
