import { describe, expect, it } from 'vitest';
import { formatInches, formatMillimetres, MM_PER_INCH, mmToInches } from './lengths.ts';

describe('lengths', () => {
  it('converts at 25.4 mm per inch, exactly', () => {
    expect(MM_PER_INCH).toBe(25.4);
    expect(mmToInches(25.4)).toBe(1);
    expect(mmToInches(254)).toBe(10);
    expect(formatInches(mmToInches(914.4))).toBe('36"');
  });
  it('gives inches as a mixed number to the nearest 1/16, 16/16 carried over', () => {
    expect(formatInches(3.25)).toBe('3 1/4"');
    expect(formatInches(0.0625)).toBe('1/16"');
    expect(formatInches(96)).toBe('96"');
    expect(formatInches(1.99)).toBe('2"');
    expect(formatInches(0.01)).toBe('0"');
    expect(formatInches(-2.5)).toBe('-2 1/2"');
    expect(formatInches(-0.01)).toBe('0"');
  });
  it('gives millimetres whole, or to one decimal', () => {
    expect(formatMillimetres(82)).toBe('82 mm');
    expect(formatMillimetres(82.04)).toBe('82 mm');
    expect(formatMillimetres(67.25)).toBe('67.3 mm');
  });
});
