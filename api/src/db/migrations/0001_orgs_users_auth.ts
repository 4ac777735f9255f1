import type { Knex } from 'knex';
import { flag, orgColumn, timestamps } from './helpers.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organisations', (t) => {
    t.increments('id').primary();
    t.string('title', 255).notNullable();
    t.json('app_data'); // { designEngine: OrgDesignEngineSettings }
    timestamps(t);
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique(); // stored lower-case
    t.string('password_hash', 255).notNullable();
    t.string('first_name', 100).notNullable().defaultTo('');
    t.string('last_name', 100).notNullable().defaultTo('');
    t.integer('personal_org_id').unsigned().nullable().references('id').inTable('organisations');
    t.json('app_data');
    timestamps(t);
  });

  await knex.schema.createTable('memberships', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    orgColumn(t);
    t.string('role', 32).notNullable(); // owner | member | guest | left | disabled | ...
    t.string('prev_role', 32).nullable();
    t.json('access_data'); // orgAccessEdgeData (pricingIsHidden...)
    timestamps(t);
    t.unique(['user_id', 'org_id']);
  });

  await knex.schema.createTable('devices', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('user_agent', 500).nullable();
    t.string('ip', 64).nullable();
    t.datetime('created').notNullable();
    t.datetime('last_seen').notNullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.increments('id').primary();
    t.string('token_hash', 64).notNullable().unique(); // sha256 hex of the cookie token
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('device_id').unsigned().nullable().references('id').inTable('devices').onDelete('SET NULL');
    t.datetime('created').notNullable();
    t.datetime('expires').notNullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('login_attempts', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable();
    t.string('ip', 64).notNullable();
    flag(t, 'success');
    t.datetime('created').notNullable();
    t.index(['email', 'created']);
    t.index(['ip', 'created']);
  });

  await knex.schema.createTable('org_counters', (t) => {
    t.integer('org_id').unsigned().primary().references('id').inTable('organisations');
    t.integer('next_order_id').unsigned().notNullable().defaultTo(1);
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id').primary();
    t.integer('org_id').unsigned().nullable();
    t.integer('user_id').unsigned().nullable();
    t.string('entity', 64).notNullable();
    t.integer('entity_id').nullable();
    t.string('action', 64).notNullable();
    t.json('data');
    t.datetime('created').notNullable();
    t.index(['org_id', 'entity', 'entity_id']);
  });

  await knex.schema.createTable('user_groups', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.string('title', 255).notNullable().defaultTo('Untitled Group');
    t.json('user_ids');
    timestamps(t);
  });

  await knex.schema.createTable('guests', (t) => {
    // A guest of an organisation: the org access edge data of a guest user.
    t.increments('id').primary();
    orgColumn(t);
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('first_name', 100).notNullable().defaultTo('');
    t.string('last_name', 100).notNullable().defaultTo('');
    t.json('discount'); // { type: 'percentage' | 'amount', value }
    flag(t, 'disable_sales_tax');
    flag(t, 'pricing_is_hidden');
    t.json('integrations_data');
    t.datetime('created').notNullable();
    t.unique(['org_id', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['guests', 'user_groups', 'audit_log', 'org_counters', 'login_attempts', 'sessions', 'devices', 'memberships', 'users', 'organisations']) {
    await knex.schema.dropTableIfExists(t);
  }
}
