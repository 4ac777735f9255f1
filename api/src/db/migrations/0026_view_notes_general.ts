import type { Knex } from 'knex';

/**
 * A viewport's note stored under `notes` (the demo seed wrote it so) moves to `general`, the key the
 * notes popup and the drawings read (docs/decisions/0100-mural-areas-textures-panels.md); a view with
 * both keeps its general note and gets the other appended on a new line. Notes hold at most 10,000
 * characters, as a write would allow. Other keys stay as they are.
 */
const MAX_NOTE = 10_000;

const parse = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** A view's notes with `notes` moved into `general`, or null when there is nothing to move. */
export function movedNotes(stored: unknown): Record<string, unknown> | null {
  const data = parse(stored);
  if (!data || typeof data !== 'object' || Array.isArray(data) || !('notes' in data)) return null;
  const { notes, ...rest } = data as Record<string, unknown>;
  const moved = typeof notes === 'string' ? notes.trim() : '';
  const general = typeof rest.general === 'string' ? rest.general : '';
  if (moved) rest.general = (general.trim() ? `${general}\n${moved}` : moved).slice(0, MAX_NOTE);
  return rest;
}

export async function up(knex: Knex): Promise<void> {
  await moveNotesToGeneral(knex);
}

/** Every view whose notes hold a `notes` key, in chunks of ids (a large table is never read whole). */
export async function moveNotesToGeneral(knex: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await knex('arch_custom_views').select('id', 'drawing_notes_data').where('id', '>', after).orderBy('id').limit(1000)) as Array<{ id: number; drawing_notes_data: unknown }>;
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    for (const r of rows) {
      const next = movedNotes(r.drawing_notes_data);
      // A plain update of the notes: the view's modified date stays (nobody edited it).
      if (next) await knex('arch_custom_views').where({ id: r.id }).update({ drawing_notes_data: JSON.stringify(next) });
    }
  }
}

/** Nothing to undo: `general` is the key the requirements name; the old key was never read. */
export async function down(): Promise<void> {}
