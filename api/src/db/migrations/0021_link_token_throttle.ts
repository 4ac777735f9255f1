import type { Knex } from 'knex';

/**
 * Bad share and invitation tokens are counted in login_throttle, per IP and per token, under keys of
 * their own (docs/decisions/0073-pdf-origin-and-token-throttles.md): share_token_failures, one row per
 * bad token of an IP, goes. Its counts are not carried over: they were forgotten within the hour anyway.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('share_token_failures');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('share_token_failures', (t) => {
    t.increments('id').primary();
    t.string('ip', 64).notNullable();
    t.datetime('created').notNullable();
    t.index(['ip', 'created'], 'share_token_failures_ip_idx');
  });
  await knex('login_throttle').where('throttle_key', 'like', 'share-%').orWhere('throttle_key', 'like', 'invitation-%').delete();
}
