import { describe, expect, it } from 'vitest';
import { moveRow, parseRank } from './rank.ts';

describe('parseRank', () => {
  it('clamps to 1..count', () => {
    expect(parseRank('0', 3, 5)).toBe(1);
    expect(parseRank('-4', 3, 5)).toBe(1);
    expect(parseRank('99', 3, 5)).toBe(5);
    expect(parseRank(' 2 ', 3, 5)).toBe(2);
  });
  it('does nothing for non-numbers or the same position', () => {
    expect(parseRank('abc', 3, 5)).toBeNull();
    expect(parseRank('2.5', 3, 5)).toBeNull();
    expect(parseRank('', 3, 5)).toBeNull();
    expect(parseRank('3', 3, 5)).toBeNull();
    expect(parseRank('9', 5, 5)).toBeNull();
  });
});

describe('moveRow', () => {
  const rows = [
    { id: 10, rank: 1 },
    { id: 11, rank: 2 },
    { id: 12, rank: 3 },
  ];
  it('moves a row and renumbers from 1', () => {
    expect(moveRow(rows, 12, 1).map((r) => [r.id, r.rank])).toEqual([
      [12, 1],
      [10, 2],
      [11, 3],
    ]);
  });
});
