import { describe, expect, it } from 'vitest';
import { instanceVersion, stableJson } from './instanceVersion.ts';

const base = { productId: 98, title: 'Hall', quantity: 2, notes: null, properties: { '7': { optionId: 22 }, '8': { optionId: 201, value: null } } };

describe('item content version', () => {
  it('is the same whatever the key order (a database may reorder JSON keys) and for missing vs null fields', () => {
    const reordered = { quantity: 2, properties: { '8': { value: null, optionId: 201 }, '7': { optionId: 22 } }, title: 'Hall', productId: 98 };
    expect(instanceVersion(reordered)).toBe(instanceVersion(base));
    expect(stableJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });
  it('changes with anything a person edits', () => {
    const v = instanceVersion(base);
    expect(instanceVersion({ ...base, title: 'Hall 2' })).not.toBe(v);
    expect(instanceVersion({ ...base, quantity: 3 })).not.toBe(v);
    expect(instanceVersion({ ...base, notes: 'x' })).not.toBe(v);
    expect(instanceVersion({ ...base, properties: { ...base.properties, '7': { optionId: 23 } } })).not.toBe(v);
    expect(instanceVersion({ ...base, productId: 99 })).not.toBe(v);
  });
  it('ignores rank and prices (the server renumbers and reprices)', () => {
    expect(instanceVersion({ ...base, rank: 5, unitPriceInCents: 1 } as typeof base)).toBe(instanceVersion(base));
  });
});
