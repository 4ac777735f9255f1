import type { Knex } from 'knex';

/**
 * Invitation links (docs/decisions/0056-guest-invitation-links.md): one row per link mailed to an
 * invited guest without a password. Only the token's sha256 is kept; a link works once, until it
 * expires, and only while the person is still that organisation's guest.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invitation_tokens', (t) => {
    t.increments('id').primary();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('org_id').unsigned().notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.datetime('created').notNullable();
    t.datetime('expires').notNullable();
    t.datetime('used').nullable();
    t.index(['user_id', 'org_id'], 'invitation_tokens_user_org_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invitation_tokens');
}
