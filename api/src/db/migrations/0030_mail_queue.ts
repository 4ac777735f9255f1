import type { Knex } from 'knex';

/**
 * Every mail the portal sends, kept until it is delivered (docs/decisions/0121-mail-queue.md): the
 * process whose request wrote it tries at once; a failed attempt is tried again later by whichever
 * process claims it, one at a time, and gives up after a few attempts ('failed', with the error).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_queue', (t) => {
    t.increments('id').primary();
    t.text('recipients').notNullable();
    t.string('subject', 500).notNullable();
    t.text('body').notNullable();
    t.text('html').nullable();
    t.string('reply_to', 254).nullable();
    t.string('state', 16).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.datetime('next_attempt').nullable();
    t.string('claimed_by', 128).nullable();
    t.datetime('claimed_until').nullable();
    t.string('last_error', 500).nullable();
    t.datetime('created').notNullable();
    t.datetime('sent').nullable();
    t.index(['state', 'next_attempt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_queue');
}
