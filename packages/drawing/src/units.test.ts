import { describe, expect, it } from 'vitest';
import { formatInches, formatLength } from './units.ts';

describe('formatLength', () => {
  it('gives inches to the nearest 1/16 (25.4 mm per inch)', () => {
    // 82 / 25.4 = 3.2283 in = 51.65 sixteenths → 52/16 = 3 1/4
    expect(formatLength(82, 'in')).toBe('3 1/4"');
    expect(formatLength(25.4, 'in')).toBe('1"');
    // 144 / 25.4 = 5.6693 in = 90.71 sixteenths → 91/16 = 5 11/16
    expect(formatLength(144, 'in')).toBe('5 11/16"');
    // 600 mm = 23.622 in = 377.95 sixteenths → 378/16 = 23 5/8
    expect(formatLength(600, 'in')).toBe('23 5/8"');
    // 11 mm = 0.4331 in = 6.93 sixteenths → 7/16
    expect(formatLength(11, 'in')).toBe('7/16"');
  });

  it('rounds to whole inches without a fraction and carries 16/16 over', () => {
    // 50.7 mm = 1.99606 in = 31.94 sixteenths → 32/16 = 2
    expect(formatLength(50.7, 'in')).toBe('2"');
    expect(formatInches(0.01)).toBe('0"');
  });

  it('gives millimetres as "82 mm", one decimal when not whole', () => {
    expect(formatLength(82, 'mm')).toBe('82 mm');
    expect(formatLength(82.04, 'mm')).toBe('82 mm');
    expect(formatLength(67.25, 'mm')).toBe('67.3 mm');
  });
});
