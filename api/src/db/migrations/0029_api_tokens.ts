import type { Knex } from 'knex';

/**
 * API tokens for machine clients (docs/decisions/0119-api-tokens.md): stored as a sha256 hash only,
 * with their scopes, who made and who revoked them, and a per-minute window for the rate limit.
 * `api_token_calls` is their audit trail: one row per call made with a token.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_tokens', (t) => {
    t.increments('id').primary();
    t.integer('org_id').notNullable();
    t.integer('user_id').notNullable();
    t.string('name', 100).notNullable();
    t.string('scopes', 200).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('hint', 16).notNullable();
    t.datetime('created').notNullable();
    t.datetime('last_used').nullable();
    t.datetime('revoked').nullable();
    t.integer('revoked_by').nullable();
    t.datetime('window_start').nullable();
    t.integer('window_calls').notNullable().defaultTo(0);
    t.index(['org_id']);
  });
  await knex.schema.createTable('api_token_calls', (t) => {
    t.increments('id').primary();
    t.integer('token_id').notNullable();
    t.datetime('at').notNullable();
    t.string('method', 8).notNullable();
    t.string('path', 300).notNullable();
    t.integer('status').notNullable();
    t.string('ip', 64).notNullable();
    t.index(['token_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('api_token_calls');
  await knex.schema.dropTableIfExists('api_tokens');
}
