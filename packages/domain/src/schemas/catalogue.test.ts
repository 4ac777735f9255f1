import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { CUSTOM_PRODUCT_ID, isCustomProduct, isSelectType, PropertyType, SELECT_PROPERTY_TYPES } from './catalogue.ts';

describe('isSelectType', () => {
  it('is true for the property types whose value is an option, false for the others', () => {
    expect(['singleSelect', 'select'].map(isSelectType)).toEqual([true, true]);
    expect(['text', 'number', 'checkbox', 'dimensions', 'multiSelect', ''].map(isSelectType)).toEqual([false, false, false, false, false, false]);
  });
  it('agrees with SELECT_PROPERTY_TYPES, which are all valid property types', () => {
    for (const t of SELECT_PROPERTY_TYPES) {
      expect(isSelectType(t)).toBe(true);
      expect(Value.Check(PropertyType, t)).toBe(true);
    }
  });
});

describe('isCustomProduct', () => {
  it('is true only for the custom product id (-1)', () => {
    expect(CUSTOM_PRODUCT_ID).toBe(-1);
    expect([-1, 0, 1, 98].map(isCustomProduct)).toEqual([true, false, false, false]);
  });
});
