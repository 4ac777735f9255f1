import type { Knex } from 'knex';
import { flag } from './helpers.ts';
import { nowUtc } from '../time.ts';

/**
 * Sessions and sign-in hardening (docs/decisions/0046-api-hardening.md, 0047-guest-mode-on-the-session.md):
 * - sessions.guest_mode_org_ids: the organisations this session is in guest mode for (the server
 *   enforces the mode, so it lives with the session, per device);
 * - sessions.last_seen: when the session was last used (idle sessions expire), set to now for the
 *   sessions that exist, so nobody is signed out by the upgrade;
 * - login_throttle: one row per email and per IP with the failures counted and the time the next
 *   attempt may be made (growing delays), replacing the per-attempt rows of login_attempts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.json('guest_mode_org_ids').nullable();
    t.datetime('last_seen').nullable();
  });
  await knex('sessions').update({ last_seen: nowUtc() });
  await knex.schema.createTable('login_throttle', (t) => {
    // 'email:<address>' or 'ip:<address>'
    t.string('throttle_key', 320).primary();
    t.integer('failures').notNullable().defaultTo(0);
    t.datetime('last_failure').nullable();
    t.datetime('blocked_until').nullable();
  });
  await knex.schema.dropTableIfExists('login_attempts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_attempts', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable();
    t.string('ip', 64).notNullable();
    flag(t, 'success');
    t.datetime('created').notNullable();
    t.index(['email', 'created']);
    t.index(['ip', 'created']);
  });
  await knex.schema.dropTableIfExists('login_throttle');
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('guest_mode_org_ids');
    t.dropColumn('last_seen');
  });
}
