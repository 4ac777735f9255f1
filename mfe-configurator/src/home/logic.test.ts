import { describe, expect, it } from 'vitest';
import type { Product, ProductCategory } from '@cpq/domain';
import { makeCategory, makeProduct } from '@cpq/test-utils';
import type { HomeSection } from '@cpq/plugin-sdk';
import {
  activeCategories,
  buildProductOrderProps,
  categoryInitials,
  chunk,
  homeReducer,
  initialHomeState,
  productsForCategory,
  resolveSections,
  resolveSectionTiles,
  type HomeState,
} from './logic.ts';

const cat = (id: number, title: string, rank = id, archived: 0 | 1 = 0): ProductCategory => makeCategory({ id, title, rank, archived });

const product = (id: number, categoryId: number, publishLevel: Product['publishLevel'], extra: Partial<Product> = {}): Product =>
  makeProduct({ id, rank: id, publishLevel, associations: {}, productCategoryId: categoryId, ...extra });

describe('chunk', () => {
  it('groups tiles in rows of at most 5', () => {
    const rows = chunk([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 5);
    expect(rows).toEqual([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12]]);
  });
  it('keeps exact multiples without an empty row, and nothing for no tiles', () => {
    expect(chunk([1, 2, 3, 4, 5], 5)).toEqual([[1, 2, 3, 4, 5]]);
    expect(chunk([], 5)).toEqual([]);
  });
  it('treats a nonsense row size as 1', () => {
    expect(chunk([1, 2], 0)).toEqual([[1], [2]]);
    expect(chunk([1, 2], Number.NaN)).toEqual([[1], [2]]);
  });
});

describe('resolveSectionTiles', () => {
  const categories = [cat(1, 'Keypads'), cat(2, 'Floor Outlets'), cat(5, 'Back Boxes'), cat(6, 'Samples'), cat(9, 'Old', 9, 1)];

  it('keeps the plugin order and flags, and drops categories the server did not return', () => {
    const tiles = resolveSectionTiles(
      [
        { categoryId: 6, action: 'createOrder', isStocked: true },
        { categoryId: 5, action: 'createOrder', isStocked: true },
        { categoryId: 77, action: 'createOrder' },
        { categoryId: 9, action: 'chooseProduct' },
        { categoryId: 1, action: 'chooseProduct' },
      ],
      categories,
      's0',
    );
    expect(tiles.map((t) => [t.category.id, t.action, t.isStocked])).toEqual([
      [6, 'createOrder', true],
      [5, 'createOrder', true],
      [1, 'chooseProduct', false],
    ]);
    expect(tiles[0]?.key).toBe('s0-6');
  });

  it("lists every active category, by rank, as product dropdowns for 'allCategories'", () => {
    const tiles = resolveSectionTiles('allCategories', [cat(3, 'C', 2), cat(4, 'D', 1), cat(8, 'X', 0, 1)], 's1');
    expect(tiles.map((t) => [t.category.id, t.action])).toEqual([
      [4, 'chooseProduct'],
      [3, 'chooseProduct'],
    ]);
  });

  it('gives no tiles for a links-only section', () => {
    expect(resolveSectionTiles(undefined, categories, 's2')).toEqual([]);
  });
});

describe('resolveSections', () => {
  it('resolves the 850 layout: stocked tiles, dropdown tiles in rows, and links', () => {
    const sections: HomeSection[] = [
      { title: 'Purchase Stocked Items', tiles: [5, 6].map((categoryId) => ({ categoryId, action: 'createOrder' as const, isStocked: true })) },
      { title: 'Configure | Price | Quote', tiles: [1, 2, 3, 4, 13, 14].map((categoryId) => ({ categoryId, action: 'chooseProduct' as const })) },
      { title: 'Resources', links: [{ label: 'FAQs', href: 'https://example.test/faq' }] },
    ];
    const categories = [1, 2, 3, 4, 5, 6, 13, 14].map((id) => cat(id, `Cat ${id}`));
    const out = resolveSections(sections, categories, 5);
    expect(out.map((s) => s.title)).toEqual(['Purchase Stocked Items', 'Configure | Price | Quote', 'Resources']);
    expect(out[0]?.rows.map((r) => r.map((t) => t.category.id))).toEqual([[5, 6]]);
    expect(out[1]?.rows.map((r) => r.map((t) => t.category.id))).toEqual([[1, 2, 3, 4, 13], [14]]);
    expect(out[2]?.rows).toEqual([]);
    expect(out[2]?.links).toEqual([{ label: 'FAQs', href: 'https://example.test/faq' }]);
  });
});

describe('activeCategories', () => {
  it('drops archived categories and sorts by rank then title', () => {
    expect(activeCategories([cat(1, 'B', 1), cat(2, 'A', 1), cat(3, 'Z', 0), cat(4, 'Gone', 0, 1)]).map((c) => c.id)).toEqual([3, 2, 1]);
  });
});

describe('productsForCategory', () => {
  const products = [
    product(1, 1, 'all'),
    product(2, 1, 'internal'),
    product(3, 1, 'admin'),
    product(4, 1, 'all', { archived: 1 }),
    product(5, 2, 'all'),
    product(6, 1, 'all', { rank: 0 }),
  ];
  const ids = (role: string) => productsForCategory(products, 1, role).map((p) => p.id);

  it('owner sees every non-archived product of the category, by rank', () => {
    expect(ids('owner')).toEqual([6, 1, 2, 3]);
  });
  it('member sees internal and all', () => {
    expect(ids('member')).toEqual([6, 1, 2]);
  });
  it('guest (and an owner in guest mode, whose role in force is guest) sees only all', () => {
    expect(ids('guest')).toEqual([6, 1]);
    expect(ids('someOtherRole')).toEqual([6, 1]);
  });
  it('gives nothing for a category without products', () => {
    expect(productsForCategory(products, 42, 'owner')).toEqual([]);
  });
});

describe('categoryInitials', () => {
  it('takes the first letter of up to two words', () => {
    expect(categoryInitials('Floor Outlets')).toBe('FO');
    expect(categoryInitials('Keypads')).toBe('K');
    expect(categoryInitials('Decora Cover Plates')).toBe('DC');
    expect(categoryInitials('slab doors')).toBe('SD');
    expect(categoryInitials('  -- ')).toBe('?');
  });
});

describe('homeReducer', () => {
  it('opens a dropdown, closes it on the same tile, switches on another', () => {
    let s: HomeState = initialHomeState;
    s = homeReducer(s, { type: 'toggle', tileKey: 's1-1' });
    expect(s.openTileKey).toBe('s1-1');
    s = homeReducer(s, { type: 'toggle', tileKey: 's1-2' });
    expect(s.openTileKey).toBe('s1-2');
    s = homeReducer(s, { type: 'toggle', tileKey: 's1-2' });
    expect(s.openTileKey).toBeNull();
  });
  it('closes on Escape (close) and leaves a closed state untouched', () => {
    const open = homeReducer(initialHomeState, { type: 'toggle', tileKey: 'a' });
    expect(homeReducer(open, { type: 'close' }).openTileKey).toBeNull();
    expect(homeReducer(initialHomeState, { type: 'close' })).toBe(initialHomeState);
  });
  it('ignores tile clicks and a second creation while creating', () => {
    const creating = homeReducer(initialHomeState, { type: 'createStarted' });
    expect(creating.creating).toBe(true);
    expect(homeReducer(creating, { type: 'toggle', tileKey: 'a' })).toBe(creating);
    expect(homeReducer(creating, { type: 'createStarted' })).toBe(creating);
  });
  it('keeps the failure message until dismissed or a new attempt', () => {
    let s = homeReducer(initialHomeState, { type: 'createStarted' });
    s = homeReducer(s, { type: 'createFailed', message: 'Category not found.' });
    expect(s).toEqual({ openTileKey: null, creating: false, error: 'Category not found.' });
    expect(homeReducer(s, { type: 'createStarted' }).error).toBeNull();
    expect(homeReducer(s, { type: 'dismissError' }).error).toBeNull();
  });
});

describe('buildProductOrderProps', () => {
  const zero = {
    orderSubTotal: 0,
    discount: 0,
    // A new order has no discount, so none is said to come from anywhere.
    discountSource: null,
    appliedDiscountPercentage: null,
    shipping: 0,
    shippingIsTbd: true,
    tax: 0,
    tariff: 0,
    orderTotal: 0,
    depositAmount: 0,
    depositPercentage: 0,
  };
  it('creates a stocked standalone order in a category', () => {
    expect(buildProductOrderProps(850, 7, { kind: 'category', categoryId: 5, isStocked: true })).toEqual({
      orgId: 850,
      title: 'Untitled Order',
      userId: 7,
      costs: zero,
      productCategoryId: 5,
      isStocked: 1,
      type: 'standalone',
    });
  });
  it('carries the chosen product', () => {
    const props = buildProductOrderProps(850, 7, { kind: 'category', categoryId: 1, isStocked: false, productId: 12 });
    expect(props).toMatchObject({ productCategoryId: 1, productId: 12, isStocked: 0, type: 'standalone' });
  });
  it('creates an architectural order without a category', () => {
    const props = buildProductOrderProps(1798, 3, { kind: 'arch' });
    expect(props).toEqual({ orgId: 1798, title: 'Untitled Order', userId: 3, costs: zero, isStocked: 0, type: 'arch' });
    expect('productCategoryId' in props).toBe(false);
  });
});
