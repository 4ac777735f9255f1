import { describe, expect, it } from 'vitest';
import { makeProperty } from '@cpq/test-utils';
import { applyPropertyChanges } from './propertyChanges.ts';
import { mkCatalogue, mkOption, mkProduct, mkProperty, mkRule } from './fixtures.test-utils.ts';

// Finish (7) and size (8) select properties, a width in mm (141: 300–1200 in steps of 10), a count (150).
const properties = [
  mkProperty(7, 'Finish', 1),
  mkProperty(8, 'Size', 2),
  makeProperty({ id: 141, title: 'Width', rank: 3, type: 'dimensions', data: { minDimension: 300, maxDimension: 1200, dimensionInterval: 10 } }),
  makeProperty({ id: 150, title: 'Count', rank: 4, type: 'number' }),
];
const options = [mkOption(22, 7, 'Nickel', 1), mkOption(23, 7, 'Brass', 2), mkOption(24, 7, 'Bronze', 3, 'internal'), mkOption(200, 8, 'Small', 1), mkOption(201, 8, 'Large', 2)];
const product = mkProduct(98, 'Plate', [7, 8, 141, 150]);
// Brass is incompatible with Small, and Large with Nickel: choosing Brass over Small must clear Small.
const rules = [mkRule(1, 'incompatible', [23], [200]), mkRule(2, 'incompatible', [22], [201])];
const catalogue = mkCatalogue({ products: [product], properties, options, rules });
const apply = (before: Record<string, { optionId?: number | null; value?: string | number | null }>, changes: typeof before, role = 'guest') =>
  applyPropertyChanges({ catalogue, hooks: { optionFilters: [] }, product, role, before, changes });

describe('applyPropertyChanges (the same on the order page and the server)', () => {
  it('refuses a property the product does not use', () => {
    expect(apply({}, { '999': { optionId: 1 } })).toMatchObject({ ok: false, code: 'notAProperty', message: 'properties.999 is not a property of this product' });
  });
  it('rounds a dimension to its interval and clamps it; parses a number to an integer', () => {
    expect(apply({}, { '141': { value: '1234.5' }, '150': { value: '7.9' } })).toEqual({ ok: true, properties: { '141': { value: 1200 }, '150': { value: 7 } } });
    expect(apply({}, { '141': { value: 304 } })).toEqual({ ok: true, properties: { '141': { value: 300 } } });
  });
  it('refuses an option hidden from the role, and accepts it for an employee who may see it', () => {
    expect(apply({}, { '7': { optionId: 24 } })).toMatchObject({ ok: false, code: 'optionNotAvailable' });
    expect(apply({}, { '7': { optionId: 24 } }, 'member')).toMatchObject({ ok: true });
  });
  it('clears a selection the new choice makes impossible', () => {
    const r = apply({ '8': { optionId: 200 } }, { '7': { optionId: 23 } });
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.properties['7']?.optionId).toBe(23);
    expect(r.ok && (r.properties['8']?.optionId ?? null)).toBeNull();
  });
  it('keeps an option already chosen even when it would not be offered now', () => {
    expect(apply({ '7': { optionId: 24 } }, { '8': { optionId: 200 } })).toMatchObject({ ok: true });
  });
});
