import { describe, expect, it } from 'vitest';
import { makeProduct } from '@cpq/test-utils';
import { activeAfterDelete, clipboardShortcut, copyOf, filterOptions, neighbour, newItemRank, pickerProducts, withInserted, withoutItem, withStored } from './logic.ts';
import { mergePatch } from './saver.ts';
import { item } from './fixtures.test-utils.ts';

const three = [item({ id: 1 }), item({ id: 2 }), item({ id: 3 })];

describe('the active item', () => {
  it('after a delete: the previous item, or the next when the first is deleted, none when it was the only one', () => {
    expect(activeAfterDelete(three, 2)).toBe(1);
    expect(activeAfterDelete(three, 3)).toBe(2);
    expect(activeAfterDelete(three, 1)).toBe(2);
    expect(activeAfterDelete([item({ id: 1 })], 1)).toBeNull();
  });
  it('arrows move by rank', () => {
    const shuffled = [item({ id: 1, rank: 3 }), item({ id: 2, rank: 1 }), item({ id: 3, rank: 2 })];
    expect(neighbour(shuffled, 3, -1)).toBe(2);
    expect(neighbour(shuffled, 3, 1)).toBe(1);
    expect(neighbour(shuffled, 1, 1)).toBeNull();
  });
});

describe('ranks', () => {
  it("a new item's rank is the active item's rank + 1 (last without an active item)", () => {
    expect(newItemRank(three, 1)).toBe(2);
    expect(newItemRank(three, null)).toBe(4);
  });
  it('inserting shifts the later items by 1; removing renumbers from 1', () => {
    const placed = withInserted(three, item({ id: 9, rank: 2 }));
    expect(placed.map((i) => [i.id, i.rank])).toEqual([[1, 1], [9, 2], [2, 3], [3, 4]]);
    expect(withoutItem(placed, 9).map((i) => [i.id, i.rank])).toEqual([[1, 1], [2, 2], [3, 3]]);
  });
});

describe('product picker', () => {
  const products = [
    makeProduct({ id: 1, productCategoryId: 1, rank: 2 }),
    makeProduct({ id: 2, productCategoryId: 1, rank: 1 }),
    makeProduct({ id: 3, productCategoryId: 2, rank: 5 }),
    makeProduct({ id: 4, productCategoryId: 1, archived: 1, rank: 3 }),
  ];
  it("offers the order's category, archived products only when the order already uses them, in rank order", () => {
    expect(pickerProducts(products, { productCategoryId: 1, productId: null }, []).map((p) => p.id)).toEqual([2, 1]);
    expect(pickerProducts(products, { productCategoryId: 1, productId: null }, [{ productId: 4 }]).map((p) => p.id)).toEqual([2, 1, 4]);
    expect(pickerProducts(products, { productCategoryId: null, productId: null }, []).map((p) => p.id)).toEqual([2, 1, 3]);
  });
});

describe('search and shortcuts', () => {
  it('matches titles ignoring case and accents', () => {
    const opts = [{ title: 'Crème' }, { title: 'Black' }];
    expect(filterOptions(opts, 'CREME')).toEqual([{ title: 'Crème' }]);
    expect(filterOptions(opts, '  ')).toEqual(opts);
  });
  it('Ctrl/Cmd+C and V outside text fields only', () => {
    const div = { tagName: 'DIV' } as unknown as EventTarget;
    const input = { tagName: 'INPUT' } as unknown as EventTarget;
    expect(clipboardShortcut({ key: 'c', ctrlKey: true, metaKey: false, altKey: false, target: div })).toBe('copy');
    expect(clipboardShortcut({ key: 'V', ctrlKey: false, metaKey: true, altKey: false, target: div })).toBe('paste');
    expect(clipboardShortcut({ key: 'c', ctrlKey: true, metaKey: false, altKey: false, target: input })).toBeNull();
    expect(clipboardShortcut({ key: 'c', ctrlKey: false, metaKey: false, altKey: false, target: div })).toBeNull();
  });
});

describe('copies', () => {
  it("a copy keeps the item's content and a custom product's own price, but not its id, rank or place in the drawing", () => {
    const custom = { ...item({ id: 4 }), productId: -1, title: 'Bench', notes: 'Oak', customPriceInCents: 25000, archCustomViewId: 3 };
    expect(copyOf(custom)).toEqual({ productId: -1, title: 'Bench', quantity: custom.quantity, notes: 'Oak', properties: custom.properties ?? {}, customPriceInCents: 25000 });
    expect(copyOf({ ...custom, productId: 7, customPriceInCents: null })).not.toHaveProperty('customPriceInCents');
  });
});

describe('autosave patches', () => {
  it('later edits win; property entries merge per property', () => {
    expect(mergePatch({ title: 'A', properties: { '1': { optionId: 2 } } }, { quantity: 3, properties: { '1': { value: 'x' }, '2': { optionId: 5 } } })).toEqual({
      title: 'A',
      quantity: 3,
      properties: { '1': { optionId: 2, value: 'x' }, '2': { optionId: 5 } },
    });
  });
});

describe('prices typed in dollars', () => {
  it('keep digits and the dot, parse to whole cents; nothing typed is no price', async () => {
    const { dollarsToCents, centsToDollars } = await import('./logic.ts');
    expect(dollarsToCents('$1,234.5')).toBe(123450);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('7')).toBe(700);
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
    expect(centsToDollars(7525)).toBe('75.25');
  });
});

describe('the items after the order is read again', () => {
  const shown = [item({ id: 1, rank: 2, unitPriceInCents: 100, properties: { '10': { optionId: 100 } } }), item({ id: 2, rank: 1, unitPriceInCents: 200 })];
  const copy = (i: ReturnType<typeof item>) => JSON.parse(JSON.stringify(i)) as ReturnType<typeof item>;

  it('keeps the list and each item as they are when the stored records say the same (rank aside)', () => {
    const stored = [{ ...copy(shown[0]!), rank: 1 }, { ...copy(shown[1]!), rank: 2 }];
    const next = withStored(shown, stored, () => false);
    expect(next).toBe(shown);
  });

  it('takes a changed stored record, with the rank shown on screen, and keeps the unchanged item', () => {
    const stored = [{ ...copy(shown[0]!), unitPriceInCents: 150, rank: 9 }, copy(shown[1]!)];
    const next = withStored(shown, stored, () => false);
    expect(next).not.toBe(shown);
    expect(next[0]).toEqual({ ...stored[0], rank: 2 });
    expect(next[1]).toBe(shown[1]);
  });

  it('sees a change inside the selection, and a field the stored record no longer has', () => {
    const changedOption = [{ ...copy(shown[0]!), properties: { '10': { optionId: 101 } } }, copy(shown[1]!)];
    expect(withStored(shown, changedOption, () => false)[0]!.properties).toEqual({ '10': { optionId: 101 } });
    const { unitPriceInCents: _gone, ...withoutPrice } = copy(shown[1]!);
    const next = withStored(shown, [copy(shown[0]!), withoutPrice as ReturnType<typeof item>], () => false);
    expect(next[1]).not.toHaveProperty('unitPriceInCents');
  });

  it('leaves an item with an edit waiting, and one the answer does not hold', () => {
    const stored = [{ ...copy(shown[0]!), unitPriceInCents: 150 }];
    const next = withStored(shown, stored, (id) => id === 1);
    expect(next).toBe(shown);
  });
});
