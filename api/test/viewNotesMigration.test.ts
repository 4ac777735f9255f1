import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movedNotes, moveNotesToGeneral } from '../src/db/migrations/0026_view_notes_general.ts';
import { databases, startTestApp, type TestApp } from './helpers.ts';

/**
 * Migration 0026 (docs/decisions/0100-mural-areas-textures-panels.md): a viewport note stored under
 * `notes`, which the notes popup never read, moves to `general`; with both, the general note stays
 * and the other follows on a new line.
 */
describe('a view note under notes moves to general', () => {
  it('alone, beside a general note, empty, or absent', () => {
    expect(movedNotes({ notes: 'Verify outlet positions on site.' })).toEqual({ general: 'Verify outlet positions on site.' });
    expect(movedNotes(JSON.stringify({ notes: 'B', general: 'A', mismatch: 'M' }))).toEqual({ general: 'A\nB', mismatch: 'M' });
    expect(movedNotes({ notes: '  ', general: 'A' })).toEqual({ general: 'A' });
    expect(movedNotes({ general: 'A' })).toBeNull();
    expect(movedNotes(null)).toBeNull();
    expect(movedNotes('[]')).toBeNull();
  });
  it('never longer than a note may be (10,000 characters)', () => {
    expect((movedNotes({ general: 'a'.repeat(9_998), notes: 'bbbb' })!.general as string).length).toBe(10_000);
  });
});

describe.each(databases)('migration 0026 on $name', (dbCase) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dbCase);
  });
  afterAll(async () => {
    await t?.close();
  });

  const notesOf = async (id: number) => {
    const row = (await t.db('arch_custom_views').select('drawing_notes_data').where({ id }).first()) as { drawing_notes_data: unknown };
    const v = row.drawing_notes_data;
    return typeof v === 'string' ? JSON.parse(v) : v;
  };

  it('the demo North Wall is seeded under general; stored rows under notes are moved, the others left', async () => {
    const north = (await t.db('arch_custom_views').select('id', 'product_order_id').where({ title: 'North Wall' }).first()) as { id: number; product_order_id: number };
    expect(await notesOf(north.id)).toEqual({ general: 'Verify outlet positions on site.' });

    const base = { org_id: 1798, product_order_id: north.product_order_id, rank: 9, created: new Date(), last_updated: new Date() };
    const insert = async (title: string, notes: object) => {
      const [id] = await t.db('arch_custom_views').insert({ ...base, title, drawing_notes_data: JSON.stringify(notes) });
      return Number(id);
    };
    const only = await insert('Old only', { notes: 'Check the ceiling height.' });
    const both = await insert('Old both', { general: 'Prime the wall.', notes: 'Check the ceiling height.', mismatch: 'At the door.' });
    const clean = await insert('New', { general: 'Nothing to move.' });

    await moveNotesToGeneral(t.db);
    expect(await notesOf(only)).toEqual({ general: 'Check the ceiling height.' });
    expect(await notesOf(both)).toEqual({ general: 'Prime the wall.\nCheck the ceiling height.', mismatch: 'At the door.' });
    expect(await notesOf(clean)).toEqual({ general: 'Nothing to move.' });
    // Run again: nothing left to move, nothing doubled.
    await moveNotesToGeneral(t.db);
    expect(await notesOf(both)).toEqual({ general: 'Prime the wall.\nCheck the ceiling height.', mismatch: 'At the door.' });
  });
});
