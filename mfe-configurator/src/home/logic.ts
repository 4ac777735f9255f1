/**
 * Pure logic of the configurator home page: sections and tiles, the products each role is offered, the
 * order creation payload.
 * No React, no DOM: everything here is unit-tested in logic.test.ts.
 */
import type { ConfiguratorProduct, ProductCategory, ProductOrderProps, Role } from '@cpq/domain';
// The home page loads without @cpq/domain's shared bundle (decision 0113).
import { isProductOfferedOnHome, newOrderCosts, UNTITLED_ORDER_TITLE } from '@cpq/domain/basics';
import type { HomeSection, HomeTile } from '@cpq/plugin-sdk';

/** A tile ready to draw: the plugin's tile joined with the category the server returned. */
export interface ResolvedTile {
  /** Unique on the page (a category could appear in two sections). */
  key: string;
  action: HomeTile['action'];
  isStocked: boolean;
  category: ProductCategory;
}

export interface ResolvedSection {
  key: string;
  title: string;
  /** Rows of at most `tilesPerRow` tiles. Empty when the section has no (visible) tiles. */
  rows: ResolvedTile[][];
  links: { label: string; href: string }[];
}

/** Split a list into consecutive rows of at most `size` items (size below 1 counts as 1). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const n = Number.isFinite(size) && size >= 1 ? Math.floor(size) : 1;
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += n) rows.push(items.slice(i, i + n));
  return rows;
}

function byRankThenTitle<T extends { rank: number; title: string }>(a: T, b: T): number {
  return a.rank - b.rank || a.title.localeCompare(b.title);
}

/** Categories the server returned that may be shown (archived ones never), in rank order. */
export function activeCategories(categories: readonly ProductCategory[]): ProductCategory[] {
  return categories.filter((c) => !c.archived).sort(byRankThenTitle);
}

/**
 * The tiles of one section. 'allCategories' lists every active category as a product dropdown;
 * a listed tile whose category the server did not return (archived or missing) is left out.
 */
export function resolveSectionTiles(
  tiles: HomeSection['tiles'],
  categories: readonly ProductCategory[],
  sectionKey: string,
): ResolvedTile[] {
  if (!tiles) return [];
  const active = activeCategories(categories);
  if (tiles === 'allCategories') {
    return active.map((category) => ({
      key: `${sectionKey}-${category.id}`,
      action: 'chooseProduct',
      isStocked: false,
      category,
    }));
  }
  const byId = new Map(active.map((c) => [c.id, c]));
  const out: ResolvedTile[] = [];
  for (const tile of tiles) {
    const category = byId.get(tile.categoryId);
    if (!category) continue;
    out.push({ key: `${sectionKey}-${category.id}`, action: tile.action, isStocked: !!tile.isStocked, category });
  }
  return out;
}

/** Every section of the plugin's home rules, resolved against the returned categories. */
export function resolveSections(
  sections: readonly HomeSection[],
  categories: readonly ProductCategory[],
  tilesPerRow: number,
): ResolvedSection[] {
  return sections.map((section, index) => {
    const key = `s${index}`;
    return {
      key,
      title: section.title,
      rows: chunk(resolveSectionTiles(section.tiles, categories, key), tilesPerRow),
      links: section.links ? section.links.map((l) => ({ label: l.label, href: l.href })) : [],
    };
  });
}

/**
 * Products offered in a category's dropdown to the role in force: never archived; owner all, member
 * internal and all, others all only. The server already
 * filters by the stored role; guest mode is a local switch, so the role filter is applied again.
 */
export function productsForCategory(products: readonly ConfiguratorProduct[], categoryId: number, role: Role): ConfiguratorProduct[] {
  return products
    .filter((p) => p.productCategoryId === categoryId && isProductOfferedOnHome(p, role))
    .sort(byRankThenTitle);
}

/** Up to two capital initials for a placeholder square: "Floor Outlets" -> "FO", "Keypads" -> "K". */
export function categoryInitials(title: string): string {
  const words = title
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return initials || '?';
}

// ---------------------------------------------------------------------------------------------
// Page state: which dropdown is open, whether an order is being created, the last error.

export interface HomeState {
  /** Key of the tile whose product dropdown is open. */
  openTileKey: string | null;
  /** An order is being created: tiles and buttons are disabled (no double orders). */
  creating: boolean;
  /** Message of the last failed order creation. */
  error: string | null;
}

export type HomeAction =
  | { type: 'toggle'; tileKey: string }
  | { type: 'close' }
  | { type: 'createStarted' }
  | { type: 'createFailed'; message: string }
  | { type: 'dismissError' };

export const initialHomeState: HomeState = { openTileKey: null, creating: false, error: null };

export function homeReducer(state: HomeState, action: HomeAction): HomeState {
  switch (action.type) {
    case 'toggle':
      if (state.creating) return state;
      return { ...state, openTileKey: state.openTileKey === action.tileKey ? null : action.tileKey };
    case 'close':
      return state.openTileKey === null ? state : { ...state, openTileKey: null };
    case 'createStarted':
      // Ignored while a creation is running: one click, one order.
      return state.creating ? state : { ...state, creating: true, error: null };
    case 'createFailed':
      return { ...state, creating: false, error: action.message };
    case 'dismissError':
      return state.error === null ? state : { ...state, error: null };
  }
}

// ---------------------------------------------------------------------------------------------
// Order creation payload (productOrderProps).

export type NewOrderRequest =
  | { kind: 'category'; categoryId: number; isStocked: boolean; productId?: number }
  | { kind: 'arch' };

export function buildProductOrderProps(orgId: number, userId: number, req: NewOrderRequest): ProductOrderProps {
  const base = {
    orgId,
    title: UNTITLED_ORDER_TITLE,
    userId,
    costs: newOrderCosts(),
  };
  if (req.kind === 'arch') return { ...base, isStocked: 0, type: 'arch' };
  return {
    ...base,
    productCategoryId: req.categoryId,
    ...(req.productId !== undefined ? { productId: req.productId } : {}),
    isStocked: req.isStocked ? 1 : 0,
    type: 'standalone',
  };
}
