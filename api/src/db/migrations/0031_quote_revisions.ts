import type { Knex } from 'knex';
import { isMysql } from '../knex.ts';
import * as sentBackSnapshots from './0025_sent_back_snapshots.ts';

/**
 * Quote revisions and online acceptance (docs/decisions/0122-quote-revisions.md):
 * - `order_revisions`: the order frozen at each submission, reopening, restore or later change of an
 *   approved quote, numbered per order and never changed; `side` is what people compare, `frozen` the
 *   order, items and drawn parts its documents are printed from;
 * - `catalogue_versions`: an organisation's catalogue tables at a version a revision was frozen with
 *   (kept once per version), so an earlier revision prints with the names and pictures it had;
 * - `quote_acceptances`: a customer's acceptance of one revision (one per revision);
 * - on the order, the latest revision's number and the accepted one (the orders list shows and
 *   filters on them), and on the timeline the revision an event made.
 * The one copy per order kept at a send-back (0025, decision 0097) is superseded by revisions.
 */
export async function up(knex: Knex): Promise<void> {
  const mysql = isMysql(knex);
  await knex.schema.createTable('order_revisions', (t) => {
    t.increments('id').primary();
    t.integer('org_id').unsigned().notNullable();
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.integer('number').unsigned().notNullable();
    t.string('reason', 16).notNullable();
    t.integer('restored_from').unsigned().nullable();
    t.integer('user_id').unsigned().nullable();
    t.integer('catalogue_version').unsigned().notNullable();
    t.json('side');
    if (mysql) t.specificType('frozen', 'LONGTEXT').notNullable();
    else t.text('frozen').notNullable();
    t.datetime('created').notNullable();
    t.unique(['product_order_id', 'number'], { indexName: 'order_revisions_order_number_uq' });
  });
  await knex.schema.createTable('catalogue_versions', (t) => {
    t.increments('id').primary();
    t.integer('org_id').unsigned().notNullable();
    t.integer('version').unsigned().notNullable();
    if (mysql) t.specificType('tables', 'LONGTEXT').notNullable();
    else t.text('tables').notNullable();
    t.datetime('created').notNullable();
    t.unique(['org_id', 'version'], { indexName: 'catalogue_versions_org_version_uq' });
  });
  await knex.schema.createTable('quote_acceptances', (t) => {
    t.increments('id').primary();
    t.integer('org_id').unsigned().notNullable();
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.integer('revision_number').unsigned().notNullable();
    t.integer('user_id').unsigned().nullable();
    t.string('full_name', 200).notNullable();
    t.string('ip_address', 64).notNullable();
    t.string('pdf_sha256', 64).notNullable();
    t.json('terms');
    t.datetime('created').notNullable();
    t.unique(['product_order_id', 'revision_number'], { indexName: 'quote_acceptances_order_revision_uq' });
  });
  await knex.schema.alterTable('product_orders', (t) => {
    t.integer('quote_revision').unsigned().notNullable().defaultTo(0);
    t.integer('accepted_revision').unsigned().nullable();
  });
  await knex.schema.alterTable('order_status_events', (t) => {
    t.integer('revision_number').unsigned().nullable();
  });
  await knex.schema.dropTableIfExists('order_sent_back_snapshots');
}

export async function down(knex: Knex): Promise<void> {
  await sentBackSnapshots.up(knex);
  await knex.schema.alterTable('order_status_events', (t) => {
    t.dropColumn('revision_number');
  });
  await knex.schema.alterTable('product_orders', (t) => {
    t.dropColumn('quote_revision');
    t.dropColumn('accepted_revision');
  });
  await knex.schema.dropTableIfExists('quote_acceptances');
  await knex.schema.dropTableIfExists('catalogue_versions');
  await knex.schema.dropTableIfExists('order_revisions');
}
