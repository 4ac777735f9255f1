import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCentsPrecise } from './money.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatCents', () => {
  it('shows a dollar sign, two decimals and thousands separated by commas', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-1000)).toBe('-$10.00');
    expect(formatCents(Number.NaN)).toBe('$0.00');
  });
  it('agrees with the browser currency format for whole cents', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => formatCents(c) === usd.format(c / 100)));
  });
});

describe('formatCentsPrecise', () => {
  it('keeps fractions of a cent, two to four decimals of a dollar', () => {
    expect(formatCentsPrecise(1234.5)).toBe('$12.345');
    expect(formatCentsPrecise(1234.56)).toBe('$12.3456');
    expect(formatCentsPrecise(1234)).toBe('$12.34');
    expect(formatCentsPrecise(100)).toBe('$1.00');
    expect(formatCentsPrecise(123456789.1)).toBe('$1,234,567.891');
    expect(formatCentsPrecise(-0.5)).toBe('-$0.005');
    expect(formatCentsPrecise(0.004)).toBe('$0.00');
    expect(formatCentsPrecise(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });
  it('rounds to a hundredth of a cent, half away from zero, without float noise', () => {
    expect(formatCentsPrecise(655.49999999)).toBe('$6.555');
    expect(formatCentsPrecise(0.125)).toBe('$0.0013');
    expect(formatCentsPrecise(-0.125)).toBe('-$0.0013');
  });
});
