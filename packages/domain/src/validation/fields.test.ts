import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAddItemTitle,
  checkInstanceTitle,
  checkOrderTitle,
  clampRank,
  isOnGrid,
  moveRank,
  normaliseDimension,
  normaliseQuantity,
  parseNumberValue,
  sanitiseOrderTitle,
  stripNumericInput,
} from './fields.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

describe('instance title', () => {
  it('is optional unless the product requires it, with the exact message', () => {
    expect(checkInstanceTitle('', 0)).toEqual({ ok: true });
    expect(checkInstanceTitle(null, false)).toEqual({ ok: true });
    expect(checkInstanceTitle('  ', 1)).toEqual({ ok: false, message: 'This item must have an identifier/description.' });
    expect(checkInstanceTitle(undefined, true)).toEqual({ ok: false, message: 'This item must have an identifier/description.' });
  });
  it('allows 40 characters, not 41', () => {
    expect(checkInstanceTitle('x'.repeat(40), 1).ok).toBe(true);
    expect(checkInstanceTitle('x'.repeat(41), 0)).toEqual({ ok: false, message: M.instanceTitleTooLong });
  });
  it('add-item popup: required, at most 30', () => {
    expect(checkAddItemTitle('')).toEqual({ ok: false, message: 'This item can not be added without an identifier/description.' });
    expect(checkAddItemTitle('x'.repeat(30)).ok).toBe(true);
    expect(checkAddItemTitle('x'.repeat(31))).toEqual({ ok: false, message: M.addItemTitleTooLong });
  });
});

describe('order title', () => {
  it('refuses the default name', () => {
    expect(checkOrderTitle('Untitled Order')).toEqual({ ok: false, message: 'The order name cannot be "Untitled Order". Please enter a valid name.' });
    expect(checkOrderTitle('  untitled   order ')).toEqual({ ok: false, message: M.orderTitleUntitled });
  });
  it('requires a name', () => {
    expect(checkOrderTitle('')).toEqual({ ok: false, message: 'A valid order name is required.' });
    expect(checkOrderTitle('!!! ###')).toEqual({ ok: false, message: 'A valid order name is required.' });
    expect(checkOrderTitle(null)).toEqual({ ok: false, message: 'A valid order name is required.' });
  });
  it('replaces symbols and control characters with spaces, keeps letters (any script) and digits', () => {
    expect(sanitiseOrderTitle('Lobby #2 - Phase\t1!')).toBe('Lobby  2   Phase 1 ');
    expect(sanitiseOrderTitle('Café Zoë 北京')).toBe('Café Zoë 北京');
    expect(checkOrderTitle('  Smith & Co.\u0000 Residence / Unit 101 ')).toEqual({ ok: true, title: 'Smith Co Residence Unit 101' });
  });
});

describe('quantity', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    ['abc', 1],
    ['', 1],
    [null, 1],
    [undefined, 1],
    [0.5, 1],
    [1, 1],
    [2.9, 2],
    ['7', 7],
    [' 12 pcs', 12],
    [Number.POSITIVE_INFINITY, 1],
  ])('%s → %s', (input, expected) => expect(normaliseQuantity(input)).toBe(expected));
  it('always gives an integer ≥ 1', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(null), fc.constant(undefined), fc.boolean()), (x) => {
        const q = normaliseQuantity(x);
        return Number.isSafeInteger(q) && q >= 1;
      }),
    );
  });
});

describe('numbers', () => {
  it('number values parse to integer, default 0', () => {
    expect(parseNumberValue('42')).toBe(42);
    expect(parseNumberValue('4.8')).toBe(4);
    expect(parseNumberValue(7.9)).toBe(7);
    expect(parseNumberValue('x')).toBe(0);
    expect(parseNumberValue(null)).toBe(0);
    expect(parseNumberValue(Number.NaN)).toBe(0);
  });
  it('numeric inputs keep digits and the decimal point only', () => {
    expect(stripNumericInput('$1,234.50 mm')).toBe('1234.50');
    expect(stripNumericInput('-12e3')).toBe('123');
    expect(stripNumericInput('abc')).toBe('');
  });
});

describe('rank', () => {
  it('clamps to 1..count and ignores non-numbers', () => {
    expect(clampRank('0', 5)).toBe(1);
    expect(clampRank(9, 5)).toBe(5);
    expect(clampRank('3', 5)).toBe(3);
    expect(clampRank('x', 5)).toBeNull();
    expect(clampRank(2, 0)).toBeNull();
  });
  const items = [
    { id: 'a', rank: 1 },
    { id: 'b', rank: 2 },
    { id: 'c', rank: 3 },
    { id: 'd', rank: 4 },
  ];
  it('moves an item and renumbers from 1', () => {
    expect(moveRank(items, 'd', 2).map((x) => `${x.id}${x.rank}`)).toEqual(['a1', 'd2', 'b3', 'c4']);
    expect(moveRank(items, 'a', 99).map((x) => x.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveRank(items, 'c', -4).map((x) => x.id)).toEqual(['c', 'a', 'b', 'd']);
  });
  it('a non-number or unknown id keeps the order (renumbered)', () => {
    const gappy = [
      { id: 1, rank: 10 },
      { id: 2, rank: 5 },
    ];
    expect(moveRank(gappy, 1, 'x')).toEqual([
      { id: 2, rank: 1 },
      { id: 1, rank: 2 },
    ]);
    expect(moveRank(items, 'zz', 1).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('property: ranks are 1..n, the items a permutation, others keep their relative order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: -5, max: 40 }), { minLength: 30, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: -10, max: 50 }),
        (ids, ranks, pick, newRank) => {
          const list = ids.map((id, i) => ({ id, rank: ranks[i]! }));
          const moved = list[pick % list.length]!.id;
          const out = moveRank(list, moved, newRank);
          expect(out.map((x) => x.rank)).toEqual(out.map((_, i) => i + 1));
          expect([...out.map((x) => x.id)].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
          const before = moveRank(list, moved, 'no').map((x) => x.id).filter((id) => id !== moved);
          expect(out.map((x) => x.id).filter((id) => id !== moved)).toEqual(before);
          const target = Math.min(Math.max(newRank, 1), list.length);
          expect(out[target - 1]!.id).toBe(moved);
        },
      ),
    );
  });
});

describe('dimensions', () => {
  const data = { dimensionInterval: 5, minDimension: 300, maxDimension: 1200 };
  it('rounds to the interval and clamps', () => {
    expect(normaliseDimension(612, data)).toBe(610);
    expect(normaliseDimension('613', data)).toBe(615);
    expect(normaliseDimension(100, data)).toBe(300);
    expect(normaliseDimension(5000, data)).toBe(1200);
    expect(normaliseDimension('abc', data)).toBe(300);
  });
  it('interval 0 means no rounding; max 0 means no upper bound', () => {
    expect(normaliseDimension(612.37, { dimensionInterval: 0, minDimension: 0, maxDimension: 0 })).toBe(612.37);
    expect(normaliseDimension(612.37, {})).toBe(612.37);
    expect(normaliseDimension(-4, {})).toBe(0);
    expect(normaliseDimension(0.26, { dimensionInterval: 0.5 })).toBe(0.5);
  });
  it('an off-grid bound gives the nearest grid point inside the bounds', () => {
    expect(normaliseDimension(1, { dimensionInterval: 10, minDimension: 3, maxDimension: 100 })).toBe(10);
    expect(normaliseDimension(1000, { dimensionInterval: 10, minDimension: 3, maxDimension: 97 })).toBe(90);
  });
  it('property: always within [min, max] and on the interval grid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0.5, 1, 1 / 16, 5, 10, 25, 0.1),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 400 }),
        fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.string()),
        (interval, minSteps, spanSteps, input) => {
          const min = minSteps * interval;
          const max = (minSteps + spanSteps) * interval;
          const v = normaliseDimension(input, { dimensionInterval: interval, minDimension: min, maxDimension: max });
          expect(v).toBeGreaterThanOrEqual(min - 1e-9);
          expect(v).toBeLessThanOrEqual(max + 1e-9);
          expect(isOnGrid(v, interval)).toBe(true);
        },
      ),
    );
  });
  it('property: off-grid bounds still keep the value within them', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: -1e5, max: 1e5, noNaN: true }), (a, b, x) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        if (max <= 0) return;
        const v = normaliseDimension(x, { dimensionInterval: 7, minDimension: min, maxDimension: max });
        expect(v).toBeGreaterThanOrEqual(min);
        expect(v).toBeLessThanOrEqual(max);
      }),
    );
  });
});
