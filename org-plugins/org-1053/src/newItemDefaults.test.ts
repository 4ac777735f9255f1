import { describe, expect, it } from 'vitest';
import { resolveRules } from '@cpq/plugin-sdk';
import plugin from './index.ts';

const rules = resolveRules(plugin);
const door = { id: 104, productCategoryId: 20 };
const front = { id: 105, productCategoryId: 21 };
const item = (productId: number, properties: Record<string, { value?: unknown }> | null) => ({ productId, title: null, properties });

describe("1053's new items", () => {
  it('numbers the first door 001 and sizes it 600 × 2000 on properties 141/142, 67 mm thick on 304 (the door panel defaults)', () => {
    expect(rules.items.newItemDefaults({ product: door, items: [] })).toEqual({
      properties: { '161': { value: '001' }, '141': { value: 600 }, '142': { value: 2000 }, '304': { value: 67 } },
    });
  });
  it('numbers a cabinet front on property 195 and sizes it on 151/152', () => {
    expect(rules.items.newItemDefaults({ product: front, items: [] })).toEqual({
      properties: { '195': { value: '001' }, '151': { value: 600 }, '152': { value: 2000 }, '304': { value: 67 } },
    });
  });
  it('takes the next number after the highest one used by the order’s items of that product, zero-padded to 3 digits', () => {
    const items = [item(104, { '161': { value: '001' } }), item(104, { '161': { value: '007' } }), item(104, { '161': { value: '3' } }), item(105, { '195': { value: '040' } })];
    expect(rules.items.newItemDefaults({ product: door, items }).properties?.['161']).toEqual({ value: '008' });
    expect(rules.items.newItemDefaults({ product: front, items }).properties?.['195']).toEqual({ value: '041' });
  });
  it('does not count labels that are not numbers, nor items without the property', () => {
    const items = [item(104, { '161': { value: 'D-101' } }), item(104, null), item(104, { '141': { value: 900 } })];
    expect(rules.items.newItemDefaults({ product: door, items }).properties?.['161']).toEqual({ value: '001' });
  });
  it('goes past 999 without cutting digits', () => {
    expect(rules.items.newItemDefaults({ product: door, items: [item(104, { '161': { value: '999' } })] }).properties?.['161']).toEqual({ value: '1000' });
  });
  it('gives other products nothing', () => {
    expect(rules.items.newItemDefaults({ product: { id: 130, productCategoryId: 8 }, items: [] })).toEqual({});
  });
});
