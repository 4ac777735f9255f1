import { describe, expect, it } from 'vitest';
import { isSpatialOrder } from './isSpatialOrder.ts';

// The spec's rule: type arch; all orders of an organisation flagged architectural; the categories an
// organisation names (1053: 20 doors, 21 cabinet fronts).
describe('isSpatialOrder', () => {
  const doors1053 = [20, 21];
  it('a door or cabinet-front order of an organisation naming those categories is spatial', () => {
    expect(isSpatialOrder({ type: 'standalone', productCategoryId: 20 }, { isArchitectural: false }, doors1053)).toBe(true);
    expect(isSpatialOrder({ type: 'standalone', productCategoryId: 21 }, { isArchitectural: false }, doors1053)).toBe(true);
  });
  it('another category of that organisation is not', () => {
    expect(isSpatialOrder({ type: 'standalone', productCategoryId: 8 }, { isArchitectural: false }, doors1053)).toBe(false);
    expect(isSpatialOrder({ type: 'standalone', productCategoryId: null }, {}, doors1053)).toBe(false);
  });
  it('every order of an architectural organisation is spatial', () => {
    expect(isSpatialOrder({ type: 'standalone', productCategoryId: 31 }, { isArchitectural: true }, [])).toBe(true);
  });
  it('type arch is spatial anywhere; a plain order of an organisation naming no category is not', () => {
    expect(isSpatialOrder({ type: 'arch', productCategoryId: null }, { isArchitectural: false }, [])).toBe(true);
    expect(isSpatialOrder({ type: 'standalone', productCategoryId: 20 }, { isArchitectural: false }, [])).toBe(false);
  });
});
