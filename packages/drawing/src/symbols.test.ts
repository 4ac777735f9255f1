import { describe, expect, it } from 'vitest';
import { ENGRAVING_SYMBOLS, engravingSymbol } from './symbols.ts';
import type { SvgNode } from './types.ts';

describe('ENGRAVING_SYMBOLS', () => {
  it('has 65 symbols with codes 1..65, distinct titles and drawings', () => {
    expect(ENGRAVING_SYMBOLS).toHaveLength(65);
    expect(ENGRAVING_SYMBOLS.map((s) => s.code)).toEqual(Array.from({ length: 65 }, (_, i) => i + 1));
    expect(new Set(ENGRAVING_SYMBOLS.map((s) => s.title)).size).toBe(65);
    const paths = ENGRAVING_SYMBOLS.map((s) => String((s.svg.children![0] as SvgNode).attrs.d));
    expect(new Set(paths).size).toBe(65);
    // Every path stays in the 24 × 24 box (coordinates of M/L commands).
    for (const d of paths) for (const m of d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)) expect([Number(m[1]), Number(m[2])].every((v) => v >= -0.5 && v <= 24.5), d).toBe(true);
  });

  it('finds a symbol by code, nothing for unknown codes', () => {
    expect(engravingSymbol(1)?.title).toBe('Light bulb');
    expect(engravingSymbol(65)?.code).toBe(65);
    expect(engravingSymbol(0)).toBeUndefined();
    expect(engravingSymbol(66)).toBeUndefined();
    expect(engravingSymbol(null)).toBeUndefined();
  });
});
