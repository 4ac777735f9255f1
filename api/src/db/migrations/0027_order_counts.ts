import type { Knex } from 'knex';
import { createOrderCounts, dropOrderCounts } from '../orderCounts.ts';

/**
 * Orders per organisation, archived, last completed status and processing payment, kept by triggers
 * on the list rows and filled here from the orders as they are (docs/decisions/0107-maintained-order-counts.md).
 */
export async function up(knex: Knex): Promise<void> {
  await createOrderCounts(knex);
}

export async function down(knex: Knex): Promise<void> {
  await dropOrderCounts(knex);
}
