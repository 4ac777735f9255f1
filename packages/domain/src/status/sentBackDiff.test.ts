import { describe, expect, it } from 'vitest';
import type { SentBackItem } from '../schemas/sentBack.ts';
import { sentBackChanges } from './sentBackDiff.ts';

const item = (id: number, over: Partial<SentBackItem> = {}): SentBackItem => ({
  id,
  title: `Keypad ${id}`,
  productId: 7,
  quantity: 2,
  options: [{ property: 'Finish', value: 'Brass' }],
  unitPriceInCents: 10_000,
  totalPriceInCents: 20_000,
  ...over,
});

describe('sentBackChanges', () => {
  it('finds nothing when the order is as it was sent back', () => {
    expect(sentBackChanges({ items: [item(1)], orderTotalInCents: 20_000 }, { items: [item(1)], orderTotalInCents: 20_000 })).toEqual([]);
  });

  it('names an added and a removed item with their quantities', () => {
    const changes = sentBackChanges({ items: [item(1)] }, { items: [item(2, { quantity: 3 })] });
    expect(changes.map((c) => [c.kind, c.text])).toEqual([
      ['added', 'Added: Keypad 2 (x3)'],
      ['removed', 'Removed: Keypad 1 (x2)'],
    ]);
  });

  it('tells a quantity, an option and the prices of an item that changed, then the total', () => {
    const before = { items: [item(1)], orderTotalInCents: 120_000 };
    const now = { items: [item(1, { quantity: 4, options: [{ property: 'Finish', value: 'Nickel' }], unitPriceInCents: 12_500, totalPriceInCents: 50_000 })], orderTotalInCents: 145_000 };
    expect(sentBackChanges(before, now)).toEqual([
      { kind: 'changed', item: 'Keypad 1', text: 'Quantity 2 → 4' },
      { kind: 'changed', item: 'Keypad 1', text: 'Finish: Brass → Nickel' },
      { kind: 'changed', item: 'Keypad 1', text: 'Unit price $100.00 → $125.00' },
      { kind: 'changed', item: 'Keypad 1', text: 'Line total $200.00 → $500.00' },
      { kind: 'total', item: null, text: 'Total $1,200.00 → $1,450.00' },
    ]);
  });

  it('says when an option was chosen or cleared, and when the item was renamed', () => {
    const before = item(1, { options: [{ property: 'Finish', value: 'Brass' }] });
    const now = item(1, { title: 'Hall keypad', options: [{ property: 'Engraving', value: 'HALL' }] });
    expect(sentBackChanges({ items: [before] }, { items: [now] }).map((c) => c.text)).toEqual([
      'Name: Keypad 1 → Hall keypad',
      'Engraving: not chosen → HALL',
      'Finish: Brass → not chosen',
    ]);
  });

  it('compares no amounts when either side has none (prices hidden)', () => {
    const hidden = { ...item(1, { quantity: 5 }), unitPriceInCents: undefined, totalPriceInCents: undefined };
    expect(sentBackChanges({ items: [item(1)], orderTotalInCents: 20_000 }, { items: [hidden] }).map((c) => c.text)).toEqual(['Quantity 2 → 5']);
  });
});
