import type { Knex } from 'knex';
import { pricesFollowCatalogue, type Organisation, type StatusData } from '@cpq/domain';
import { orgStatuses } from '../orgSettings.ts';

/**
 * Stored totals follow the catalogue (docs/decisions/0069-stored-totals-follow-the-catalogue.md):
 * - `prices_follow`: 1 while the order's prices follow the catalogue (an open quote), 0 once they are
 *   kept (submitted, approved, paid). Derived from the order's step, written with its status fields;
 *   it exists so the repricer's search for due orders never reads the locked ones.
 * - Indexes for the two searches: orders priced with another catalogue version (per organisation) and
 *   orders whose next pricing version has taken effect (across organisations).
 * - Orders with items but no pricing basis (priced before the basis was stored) get an empty one, so
 *   the repricer finds them; an order without a basis and without items was never priced.
 */
const FOLLOW_INDEX = 'product_orders_follow_basis_idx';
const AFTER_INDEX = 'product_orders_follow_after_idx';

const parse = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_orders', (t) => {
    t.tinyint('prices_follow').notNullable().defaultTo(1);
  });
  await fillPricesFollow(knex);
  await knex('product_orders')
    .whereNull('pricing_basis')
    .whereExists(knex('product_instances').select(knex.raw('1')).whereRaw('product_instances.product_order_id = product_orders.id'))
    .update({ pricing_basis: '' });
  await knex.schema.alterTable('product_orders', (t) => {
    t.index(['prices_follow', 'org_id', 'pricing_basis'], FOLLOW_INDEX);
    t.index(['prices_follow', 'reprice_after'], AFTER_INDEX);
  });
}

/** Every order's prices_follow from its step in its organisation's steps (as transition() writes it). */
export async function fillPricesFollow(knex: Knex): Promise<void> {
  const orgs = (await knex('organisations').select('id', 'app_data')) as Array<{ id: number; app_data: unknown }>;
  const statusesOf = new Map(orgs.map((o) => [o.id, orgStatuses({ appData: parse(o.app_data) } as Organisation)]));
  // In chunks of ids: a large table is never read whole.
  let after = 0;
  for (;;) {
    const rows = (await knex('product_orders').select('id', 'org_id', 'status_data').where('id', '>', after).orderBy('id').limit(1000)) as Array<{ id: number; org_id: number; status_data: unknown }>;
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const follows = (r: (typeof rows)[number]) => pricesFollowCatalogue(statusesOf.get(r.org_id) ?? orgStatuses({ appData: {} } as Organisation), (parse(r.status_data) ?? {}) as StatusData);
    const kept = rows.filter((r) => !follows(r)).map((r) => r.id);
    const following = rows.filter(follows).map((r) => r.id);
    // Plain updates of a derived column: the orders' revision and lastUpdated stay.
    if (kept.length) await knex('product_orders').whereIn('id', kept).update({ prices_follow: 0 });
    if (following.length) await knex('product_orders').whereIn('id', following).update({ prices_follow: 1 });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_orders', (t) => {
    t.dropIndex(['prices_follow', 'org_id', 'pricing_basis'], FOLLOW_INDEX);
    t.dropIndex(['prices_follow', 'reprice_after'], AFTER_INDEX);
  });
  await knex.schema.alterTable('product_orders', (t) => {
    t.dropColumn('prices_follow');
  });
}
