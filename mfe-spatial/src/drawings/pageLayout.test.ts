import { describe, expect, it } from 'vitest';
import { LEDGER, LETTER_LANDSCAPE, LETTER_PORTRAIT, fittedScale, packPages, pageSizeFor, type PackOptions } from './pageLayout.ts';

// Ledger is 1632 px wide; with 36 px margins each side, 1560 px are left for drawings.
const factory: PackOptions = { contentWidthPx: 1560, drawingHeightPx: 600, scalePxPerMm: 2.5, gapPx: 32, maxPerPage: 4 };
const keypad = { width: 82, height: 144 }; // a 2-gang plate drawn at 2.5 px/mm: 205 × 360 px

describe('factory-mode packing', () => {
  it('puts 4 narrow keypads on one page (4 × 205 + 3 × 32 = 916 ≤ 1560)', () => {
    expect(packPages([keypad, keypad, keypad, keypad], factory)).toEqual([[0, 1, 2, 3]]);
  });

  it('starts a second page for the fifth keypad: at most 4 per page, though 5 would fit the width (1153 px)', () => {
    expect(packPages(Array(5).fill(keypad), factory)).toEqual([[0, 1, 2, 3], [4]]);
  });

  it('packs by width: two drawings of 760 px fit with the gap (1552), two of 770 px do not (1572)', () => {
    expect(packPages([{ width: 304, height: 100 }, { width: 304, height: 100 }], factory)).toEqual([[0, 1]]);
    expect(packPages([{ width: 308, height: 100 }, { width: 308, height: 100 }], factory)).toEqual([[0], [1]]);
  });

  it('puts fewer wide doors on a page: a 2500×2100 mm door is drawn at 600/2100 px/mm, 714 px wide, so two per page', () => {
    const door = { width: 2500, height: 2100 };
    expect(packPages([door, door, door, door], factory)).toEqual([[0, 1], [2, 3]]);
  });

  it('gives a drawing wider than the page a page of its own', () => {
    const wall = { width: 10000, height: 100 };
    expect(packPages([keypad, wall, keypad], factory)).toEqual([[0], [1], [2]]);
  });

  it('answers no pages for no instances', () => {
    expect(packPages([], factory)).toEqual([]);
  });
});

describe('drawing scale', () => {
  it('keeps the mode scale when the drawing fits', () => {
    expect(fittedScale({ width: 82, height: 144 }, 3.78, 744, 600)).toBe(3.78);
  });
  it('is capped so the drawing fits its box', () => {
    // 2040 mm tall into 600 px: 600 / 2040 px/mm.
    expect(fittedScale({ width: 820, height: 2040 }, 3.78, 744, 600)).toBeCloseTo(600 / 2040, 10);
  });
});

describe('paper', () => {
  it('is portrait letter in client mode, ledger in factory mode, landscape letter for a letter-only organisation', () => {
    expect(pageSizeFor('individual', 'ledger')).toBe(LETTER_PORTRAIT);
    expect(pageSizeFor('multiple', 'ledger')).toBe(LEDGER);
    expect(pageSizeFor('multiple', 'letter')).toBe(LETTER_LANDSCAPE);
    expect([LEDGER.widthPx, LEDGER.heightPx, LETTER_LANDSCAPE.widthPx, LETTER_LANDSCAPE.heightPx, LETTER_PORTRAIT.widthPx, LETTER_PORTRAIT.heightPx]).toEqual([1632, 1056, 1056, 816, 816, 1056]);
  });
});
