import { describe, expect, it } from 'vitest';
import { productSpecNotes } from './productSpec.ts';

describe('product spec notes', () => {
  it("takes each view's productSpec note in view order, skipping blank and missing ones", () => {
    expect(
      productSpecNotes([
        { rank: 2, drawingNotesData: { productSpec: 'Oak lamellas, 67 mm' } },
        { rank: 1, drawingNotesData: { general: 'Site visit', productSpec: 'Frame: RAL 9010 ' } },
        { rank: 3, drawingNotesData: { productSpec: '   ' } },
        { rank: 4, drawingNotesData: null },
        { rank: 5 },
      ]),
    ).toEqual(['Frame: RAL 9010', 'Oak lamellas, 67 mm']);
  });
  it('is empty for an order without views', () => {
    expect(productSpecNotes(undefined)).toEqual([]);
  });
});
