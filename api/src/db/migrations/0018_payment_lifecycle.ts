import type { Knex } from 'knex';

/**
 * One payment lifecycle (docs/decisions/0067-one-payment-lifecycle.md), on order_payments:
 * - `live`: 1 while the payment may still take money through the portal, NULL once settled or
 *   replaced. Unique with the order, step, amount, environment and provider, so parallel calls (and
 *   API processes) asking for the same payment find one row, hence one intent at the provider;
 * - `attempts`: card confirmations sent, which makes each one's idempotency key;
 * - `recorded_in_cents` / `refund_in_cents`: how the money the provider took was accounted for.
 * Rows the old code left several times for one payment keep one live (the one the order waits on,
 * else one with an intent, else the newest); the others are marked cancelled (money one of them
 * still takes is recorded when the provider says so).
 */
const LIVE = ['creating', 'created', 'confirming', 'processing'];
const WAITED_ON = ['confirming', 'processing'];

interface OldRow {
  id: number;
  product_order_id: number;
  status_key: string;
  amount_in_cents: number;
  environment: string;
  provider: string;
  state: string;
  intent_id: string | null;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_payments', (t) => {
    t.tinyint('live').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('recorded_in_cents').nullable();
    t.integer('refund_in_cents').nullable();
  });
  const rows = (await knex('order_payments').select('id', 'product_order_id', 'status_key', 'amount_in_cents', 'environment', 'provider', 'state', 'intent_id').whereIn('state', LIVE)) as OldRow[];
  // The payment an order waits on first, then one with an intent (no new one is made), then the newest.
  const rank = (r: OldRow) => (WAITED_ON.includes(r.state) ? 2 : 0) + (r.intent_id !== null ? 1 : 0);
  rows.sort((a, b) => rank(b) - rank(a) || b.id - a.id);
  const taken = new Set<string>();
  for (const r of rows) {
    const key = [r.product_order_id, r.status_key, r.amount_in_cents, r.environment, r.provider].join('|');
    if (!taken.has(key)) {
      taken.add(key);
      await knex('order_payments').where({ id: r.id }).update({ live: 1 });
    } else if (!WAITED_ON.includes(r.state)) {
      await knex('order_payments').where({ id: r.id }).update({ state: 'cancelled' });
    }
  }
  await knex('order_payments').where({ state: 'succeeded' }).update({ recorded_in_cents: knex.ref('amount_in_cents'), refund_in_cents: 0 });
  await knex.schema.alterTable('order_payments', (t) => {
    t.unique(['product_order_id', 'status_key', 'amount_in_cents', 'environment', 'provider', 'live'], { indexName: 'order_payments_live_uq' });
    // The sweeper looks for payments the provider has not settled yet.
    t.index(['state'], 'order_payments_state_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  // The old code knew a failed attempt as a created payment with its error.
  await knex('order_payments').where({ state: 'failed' }).update({ state: 'created' });
  await knex.schema.alterTable('order_payments', (t) => {
    t.dropUnique(['product_order_id', 'status_key', 'amount_in_cents', 'environment', 'provider', 'live'], 'order_payments_live_uq');
    t.dropIndex(['state'], 'order_payments_state_idx');
  });
  await knex.schema.alterTable('order_payments', (t) => {
    t.dropColumn('live');
    t.dropColumn('attempts');
    t.dropColumn('recorded_in_cents');
    t.dropColumn('refund_in_cents');
  });
}
