import { measureTextServer, validateInstance } from '@cpq/domain';
import { describe, expect, it } from 'vitest';
import { isKeypadLayoutValid, keypadLayoutValidator, type KeypadLayoutInput } from './keypadLayout.ts';
import { BACK_BOX, keypad, keypadCatalogue as cat, LAYOUT, PLATE } from './fixtures.test-utils.ts';

// [description, width, height, rows, columns, backBoxId, expected]
const table: [string, number, number, number, number, number | null, boolean][] = [
  // special valid case 1: 82 × 144 with 4 rows, 2 columns and back box 1424
  ['82x144 4r 2c box 1424', 82, 144, 4, 2, 1424, true],
  ['82x144 4r 2c other box', 82, 144, 4, 2, 209, false],
  ['82x144 4r 2c no box', 82, 144, 4, 2, null, false],
  ['82x144 4r 1c box 1424', 82, 144, 4, 1, 1424, false],
  ['82x144 4r 3c box 1424', 82, 144, 4, 3, 1424, false],
  ['82x144 5r 2c box 1424', 82, 144, 5, 2, 1424, false],
  ['82x144 3r 2c (general rule)', 82, 144, 3, 2, null, true],
  // special valid case 2: 82 × 82 with at most 2 columns (any rows)
  ['82x82 1r 1c', 82, 82, 1, 1, null, true],
  ['82x82 1r 2c', 82, 82, 1, 2, null, true],
  ['82x82 3r 2c (rows not limited here)', 82, 82, 3, 2, null, true],
  ['82x82 1r 3c', 82, 82, 1, 3, null, false],
  ['82x82 2r 3c', 82, 82, 2, 3, null, false],
  // special valid case 3: widths 117, 144, 207 with height 82 and a single row (any columns)
  ['117x82 1r 5c', 117, 82, 1, 5, null, true],
  ['144x82 1r 9c', 144, 82, 1, 9, null, true],
  ['207x82 1r 9c', 207, 82, 1, 9, null, true],
  ['117x82 2r 1c', 117, 82, 2, 1, null, false],
  ['144x82 2r 2c', 144, 82, 2, 2, null, false],
  ['207x82 2r 4c', 207, 82, 2, 4, null, false],
  // height limits: at the limit and one over (width 90 has no column limit and no special case)
  ['h82 1 row', 90, 82, 1, 1, null, true],
  ['h82 2 rows', 90, 82, 2, 1, null, false],
  ['h117 2 rows', 90, 117, 2, 1, null, true],
  ['h117 3 rows', 90, 117, 3, 1, null, false],
  ['h144 3 rows', 90, 144, 3, 1, null, true],
  ['h144 4 rows', 90, 144, 4, 1, null, false],
  ['h207 5 rows', 90, 207, 5, 1, null, true],
  ['h207 6 rows', 90, 207, 6, 1, null, false],
  // width limits (height 175 has no row limit)
  ['w82 2 cols', 82, 175, 9, 2, null, true],
  ['w82 3 cols', 82, 175, 1, 3, null, false],
  ['w117 2 cols', 117, 175, 9, 2, null, true],
  ['w117 3 cols', 117, 175, 1, 3, null, false],
  ['w144 3 cols', 144, 175, 9, 3, null, true],
  ['w144 4 cols', 144, 175, 1, 4, null, false],
  ['w207 4 cols', 207, 175, 9, 4, null, true],
  ['w207 5 cols', 207, 175, 1, 5, null, false],
  // combinations
  ['117x117 2r 2c', 117, 117, 2, 2, null, true],
  ['117x117 3r 2c', 117, 117, 3, 2, null, false],
  ['117x117 2r 3c', 117, 117, 2, 3, null, false],
  ['144x144 3r 3c', 144, 144, 3, 3, null, true],
  ['144x144 4r 3c', 144, 144, 4, 3, null, false],
  ['144x144 3r 4c', 144, 144, 3, 4, null, false],
  ['207x207 5r 4c', 207, 207, 5, 4, null, true],
  ['207x207 6r 4c', 207, 207, 6, 4, null, false],
  ['207x207 5r 5c', 207, 207, 5, 5, null, false],
  ['207x144 3r 4c', 207, 144, 3, 4, null, true],
  ['82x207 5r 2c', 82, 207, 5, 2, null, true],
  ['82x207 5r 3c', 82, 207, 5, 3, null, false],
  ['144x117 2r 3c', 144, 117, 2, 3, null, true],
  ['207x117 3r 4c', 207, 117, 3, 4, null, false],
  // sizes the rule does not name: always valid
  ['269x175 9r 9c', 269, 175, 9, 9, null, true],
  ['38x91 4r 4c', 38, 91, 4, 4, null, true],
];

describe('isKeypadLayoutValid (spec table)', () => {
  it.each(table)('%s', (_d, plateWidth, plateHeight, rows, columns, backBoxId, expected) => {
    const input: KeypadLayoutInput = { plateWidth, plateHeight, rows, columns, backBoxId };
    expect(isKeypadLayoutValid(input)).toBe(expected);
  });
});

describe('keypadLayoutValidator', () => {
  const run = (instance: ReturnType<typeof keypad>) =>
    validateInstance({ product: cat.product(instance.productId)!, instance, catalogue: cat, hooks: { instanceValidators: [keypadLayoutValidator] }, measureText: measureTextServer });

  it('marks the layout property invalid with a clear message', () => {
    const r = run(keypad(PLATE.p117x82, LAYOUT.r2c2));
    expect(r.valid).toBe(false);
    expect(r.invalidPropertyIds).toEqual([11]);
    expect(r.issues[0]!.message).toBe(
      'A 2 × 2 mechanism layout (rows × columns) does not fit a 117 × 82 mm plate. Please choose another layout or plate size.',
    );
  });
  it('accepts fitting layouts', () => {
    expect(run(keypad(PLATE.p117x82, LAYOUT.r1c2)).valid).toBe(true);
    expect(run(keypad(PLATE.p82x82, LAYOUT.r2c2)).valid).toBe(true);
    expect(run(keypad(PLATE.p144x144, LAYOUT.r3c3)).valid).toBe(true);
  });
  it('reads the back box for the 82 × 144 special case', () => {
    expect(run(keypad(PLATE.p82x144, LAYOUT.r4c2, { '10': { optionId: BACK_BOX.special } })).valid).toBe(true);
    expect(run(keypad(PLATE.p82x144, LAYOUT.r4c2, { '10': { optionId: BACK_BOX.standard } })).invalidPropertyIds).toEqual([11]);
    expect(run(keypad(PLATE.p82x144, LAYOUT.r4c2)).valid).toBe(false);
  });
  it('applies to keypads (category 1) only, and only when plate and layout are chosen', () => {
    expect(run(keypad(PLATE.p117x82, LAYOUT.r2c2, {}, 110)).valid).toBe(true);
    expect(run({ productId: 98, quantity: 1, properties: { '8': { optionId: PLATE.p117x82 } } }).valid).toBe(true);
  });
});
