import { describe, expect, it } from 'vitest';
import { instanceNumber } from './numbering.ts';

// The lamella rule: unit number from property 161 for product 104 and 195 for product 105.
const unitNumbers = { 104: 161, 105: 195 };

describe('instance numbering', () => {
  it('pads the place in the order to 3 digits', () => {
    expect(instanceNumber({ productId: 98 }, 1)).toBe('001');
    expect(instanceNumber({ productId: 98 }, 42)).toBe('042');
    expect(instanceNumber({ productId: 98 }, 1234)).toBe('1234');
  });

  it('uses the unit number property of the product when it has a value', () => {
    expect(instanceNumber({ productId: 104, properties: { '161': { value: 'D-101' } } }, 1, unitNumbers)).toBe('D-101');
    expect(instanceNumber({ productId: 105, properties: { '195': { value: 7 } } }, 3, unitNumbers)).toBe('7');
  });

  it('falls back to the padded place when the unit number is empty or belongs to another product', () => {
    expect(instanceNumber({ productId: 104, properties: { '161': { value: '  ' } } }, 2, unitNumbers)).toBe('002');
    expect(instanceNumber({ productId: 104, properties: {} }, 5, unitNumbers)).toBe('005');
    expect(instanceNumber({ productId: 105, properties: { '161': { value: 'D-9' } } }, 4, unitNumbers)).toBe('004');
  });
});
