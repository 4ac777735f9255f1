import type { Knex } from 'knex';
import { createPaymentTables, dropPaymentTables } from '../paymentTables.ts';
import { flag } from './helpers.ts';

/**
 * Order status and payments (docs/decisions/0041-order-status-model.md, 0042-payments.md):
 * - order_status_events: every status change and payment of an order, for its timeline;
 * - order_payments: each payment the portal asked a provider for (its intent), the step it pays,
 *   and whether its outcome has been applied to the order (applied once, whoever sees it first:
 *   the confirming request, a webhook, a poll or the sweeper);
 * - processed_webhook_events: provider events already handled (a redelivery is ignored);
 * - the simulated provider's own intents (db/paymentTables.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_status_events', (t) => {
    t.increments('id').primary();
    t.integer('org_id').unsigned().notNullable();
    t.integer('product_order_id').unsigned().notNullable();
    t.integer('user_id').unsigned().nullable();
    t.string('action', 32).notNullable();
    t.string('from_status_key', 64).nullable();
    t.string('to_status_key', 64).nullable();
    t.integer('amount_in_cents').nullable();
    t.string('payment_method', 32).nullable();
    t.text('note').nullable();
    t.datetime('created').notNullable();
    t.index(['product_order_id', 'id'], 'order_status_events_order_idx');
  });
  await knex.schema.createTable('order_payments', (t) => {
    t.increments('id').primary();
    t.integer('org_id').unsigned().notNullable();
    t.integer('product_order_id').unsigned().notNullable();
    t.integer('user_id').unsigned().notNullable();
    t.string('provider', 16).notNullable();
    t.string('environment', 8).notNullable();
    t.string('intent_id', 64).nullable();
    t.string('status_key', 64).notNullable();
    t.integer('amount_in_cents').notNullable();
    t.integer('upcharge_in_cents').notNullable().defaultTo(0);
    flag(t, 'pay_in_full');
    t.string('state', 16).notNullable();
    flag(t, 'applied');
    t.string('last_error', 255).nullable();
    t.datetime('created').notNullable();
    t.datetime('last_updated').notNullable();
    t.unique(['provider', 'intent_id'], { indexName: 'order_payments_intent_uq' });
    t.index(['product_order_id', 'state'], 'order_payments_order_idx');
  });
  await knex.schema.createTable('processed_webhook_events', (t) => {
    t.string('event_id', 255).primary();
    t.string('provider', 16).notNullable();
    t.datetime('created').notNullable();
  });
  await createPaymentTables(knex);
}

export async function down(knex: Knex): Promise<void> {
  await dropPaymentTables(knex);
  for (const t of ['processed_webhook_events', 'order_payments', 'order_status_events']) await knex.schema.dropTableIfExists(t);
}
