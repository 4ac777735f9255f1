import type { Knex } from 'knex';

/**
 * A guest discount's type is always 'percent'. Early records (the demo seed) say 'percentage' for the
 * same thing: renamed, so stored data says what the spec says (readers still take the old name alike).
 * Other types are left as they are (they are no guest discount; the admin can set one).
 */
const parse = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

async function rename(knex: Knex, from: string, to: string): Promise<void> {
  const rows = (await knex('guests').select('id', 'discount').whereNotNull('discount')) as Array<{ id: number; discount: unknown }>;
  for (const row of rows) {
    const d = parse(row.discount) as { type?: unknown; value?: unknown } | null;
    if (d && typeof d === 'object' && d.type === from) await knex('guests').where({ id: row.id }).update({ discount: JSON.stringify({ ...d, type: to }) });
  }
}

export async function up(knex: Knex): Promise<void> {
  await rename(knex, 'percentage', 'percent');
}

export async function down(): Promise<void> {
  // Nothing to undo: the code before this migration writes 'percent' too (update-guest-data).
}
