/** Pure rules of the order editor: ranks, the active item, the product picker, apply-to-all, search. */
import {
  checkOptionChoice,
  moveRank,
  roundCents,
  stripNumericInput,
  type CatalogueIndex,
  type InstanceProperties,
  type OptionFilter,
  type Product,
  type ProductOption,
} from '@cpq/domain';
import type { Instance, NewInstance } from './writes.ts';

export const CONFIRM_DELETE_ITEM = 'Are you sure?';
export const CONFIRM_DELETE_CART_ITEM = 'Are you sure you want to delete this product instance?';
export const APPLY_TO_ALL_CONFIRM = 'Are you sure? This option will be applied to all products in your order';
export const APPLY_TO_SOME_CONFIRM = 'Are you sure? This option will be applied to all products in your order that support it';
export const EMPTY_CART_TEXT = 'There are no items in the cart';
export const NO_PRODUCTS_TEXT = 'No Products Available to select.';
export const NO_RELEVANT_RESULTS = 'No relevant results';
export const noOptionsText = (title: string) => `${title}: No options available`;
/** A search box appears when a property has more options than this. */
export const SEARCH_THRESHOLD = 10;
/** Typed option values (text, numbers, dimensions) are applied after this quiet time. */
export const OPTION_INPUT_DEBOUNCE_MS = 150;
/** Edits are saved after this quiet time. */
export const SAVE_DEBOUNCE_MS = 600;

/**
 * A price typed in dollars ("$1,234.5") as whole cents: everything but digits and the first dot is
 * dropped; null when no digit is left.
 */
export function dollarsToCents(typed: string): number | null {
  const [whole = '', ...rest] = stripNumericInput(typed).split('.');
  const fraction = rest.join('');
  if (!/\d/.test(whole + fraction)) return null;
  return roundCents(Number(`${whole || '0'}.${fraction || '0'}`) * 100);
}

/** Cents as the dollars typed in a price field ("1234.50"). */
export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

export function byRank<T extends { rank: number; id: number }>(items: readonly T[]): T[] {
  return items.slice().sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** A new item goes right after the active item (last when there is none). */
export function newItemRank(items: readonly Instance[], activeId: number | null): number {
  const active = items.find((i) => i.id === activeId);
  return active ? active.rank + 1 : items.length + 1;
}

/** The items with a new one at its rank, the later ones shifted by 1 (as the server renumbers them). */
export function withInserted(items: readonly Instance[], created: Instance): Instance[] {
  const others = items.filter((i) => i.id !== created.id);
  const placed = moveRank([...byRank(others), { ...created, rank: others.length + 1 }], created.id, created.rank);
  return placed;
}

/** The items without one, renumbered 1..n. */
export function withoutItem(items: readonly Instance[], id: number): Instance[] {
  return byRank(items.filter((i) => i.id !== id)).map((i, n) => (i.rank === n + 1 ? i : { ...i, rank: n + 1 }));
}

/** After a delete: the previous item becomes active, or the next when it was the first; null when none is left. */
export function activeAfterDelete(items: readonly Instance[], deletedId: number): number | null {
  const ordered = byRank(items);
  const at = ordered.findIndex((i) => i.id === deletedId);
  if (at < 0) return ordered[0]?.id ?? null;
  return ordered[at - 1]?.id ?? ordered[at + 1]?.id ?? null;
}

/** The item before or after the active one (arrows of the instance bar). */
export function neighbour(items: readonly Instance[], activeId: number | null, step: -1 | 1): number | null {
  const ordered = byRank(items);
  const at = ordered.findIndex((i) => i.id === activeId);
  return ordered[at + step]?.id ?? null;
}

/**
 * Products a new item may use: the order's category (every category when the order has none), not
 * archived unless the order already uses it. The catalogue was already filtered by the viewer's role
 * (admin and internal products hidden from those who may not see them).
 */
export function pickerProducts(
  products: readonly Product[],
  order: { productCategoryId: number | null; productId: number | null },
  items: readonly Pick<Instance, 'productId'>[],
): Product[] {
  const used = new Set<number>(items.map((i) => i.productId));
  if (order.productId !== null) used.add(order.productId);
  const inCategory = (p: Product) => order.productCategoryId === null || order.productCategoryId < 1 || p.productCategoryId === order.productCategoryId;
  return products.filter((p) => inCategory(p) && (!p.archived || used.has(p.id))).sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** What a copy of an item is made of (pasted right after the active item). */
export function copyOf(item: Instance): Omit<NewInstance, 'productOrderId' | 'rank'> {
  return {
    productId: item.productId,
    title: item.title ?? null,
    quantity: item.quantity,
    notes: item.notes ?? null,
    properties: structuredClone(item.properties ?? {}),
    // A custom product's copy keeps its price (only employees have custom products).
    ...(item.customPriceInCents != null ? { customPriceInCents: item.customPriceInCents } : {}),
  };
}

export interface ApplyToAllPlan {
  /** Other items that take the option, each with its new selection. */
  targets: Array<{ id: number; properties: InstanceProperties }>;
  /** Other items in the order. */
  others: number;
  /** The confirmation to ask, or null when no other item can take it. */
  confirm: string | null;
}

/**
 * Apply-to-all: the other items whose product has the property and for which the engine accepts the
 * option with their own selections (limited to the options allowed for each item).
 */
export function applyToAllPlan(input: {
  items: readonly Instance[];
  fromId: number;
  propertyId: number;
  optionId: number;
  catalogue: CatalogueIndex;
  role: string;
  optionFilters: readonly OptionFilter[];
}): ApplyToAllPlan {
  const others = input.items.filter((i) => i.id !== input.fromId);
  const targets: ApplyToAllPlan['targets'] = [];
  for (const item of others) {
    const product = input.catalogue.product(item.productId);
    if (!product || !input.catalogue.propertiesOf(product.id).some((p) => p.id === input.propertyId)) continue;
    if (item.properties?.[String(input.propertyId)]?.optionId === input.optionId) continue;
    const choice = checkOptionChoice({
      product,
      instance: item,
      catalogue: input.catalogue,
      viewer: { role: input.role },
      optionFilters: input.optionFilters,
      propertyId: input.propertyId,
      optionId: input.optionId,
    });
    if (choice.ok) targets.push({ id: item.id, properties: choice.selection });
  }
  const already = others.filter((i) => i.properties?.[String(input.propertyId)]?.optionId === input.optionId).length;
  const confirm = targets.length === 0 ? null : targets.length + already === others.length ? APPLY_TO_ALL_CONFIRM : APPLY_TO_SOME_CONFIRM;
  return { targets, others: others.length, confirm };
}

/** Options whose title contains the query (case and accents ignored). */
export function filterOptions<T extends Pick<ProductOption, 'title'>>(options: readonly T[], query: string): T[] {
  const q = fold(query.trim());
  if (!q) return options.slice();
  return options.filter((o) => fold(o.title).includes(q));
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The entries of a selection that differ from before (what an item update sends). */
export function changedEntries(before: InstanceProperties, after: InstanceProperties): InstanceProperties {
  const out: InstanceProperties = {};
  for (const [k, v] of Object.entries(after)) if (JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null)) out[k] = v;
  return out;
}

const EXPANDED_KEY = 'cpq.order.expandedProperty';

/** The property last expanded for a product (remembered in this browser). */
export function readExpanded(productId: number): number | null {
  try {
    const all = JSON.parse(globalThis.localStorage?.getItem(EXPANDED_KEY) ?? '{}') as Record<string, number | null>;
    const v = all[String(productId)];
    return typeof v === 'number' ? v : null;
  } catch {
    return null;
  }
}

export function writeExpanded(productId: number, propertyId: number | null): void {
  try {
    const all = JSON.parse(globalThis.localStorage?.getItem(EXPANDED_KEY) ?? '{}') as Record<string, number | null>;
    all[String(productId)] = propertyId;
    globalThis.localStorage?.setItem(EXPANDED_KEY, JSON.stringify(all));
  } catch {
    /* storage unavailable: remembered for this page only */
  }
}

/** Whether a key press is a copy/paste shortcut outside a text field. */
export function clipboardShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): 'copy' | 'paste' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const t = e.target as (HTMLElement & { isContentEditable?: boolean }) | null;
  const tag = t?.tagName?.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select' || t?.isContentEditable) return null;
  const k = e.key.toLowerCase();
  return k === 'c' ? 'copy' : k === 'v' ? 'paste' : null;
}

/**
 * The items after the order was read again: each item without an edit waiting takes the stored record
 * (its rank as on screen), but an item whose stored record says what it already says is kept as the same
 * object, and the list itself when nothing changed, so a refresh after each save does not redraw and
 * reprice every row of a long order.
 */
export function withStored(items: Instance[], stored: readonly Instance[], pending: (id: number) => boolean): Instance[] {
  const byId = new Map(stored.map((s) => [s.id, s]));
  let changed = false;
  const next = items.map((i) => {
    const s = byId.get(i.id);
    if (!s || pending(i.id) || sameRecord(i, s)) return i;
    changed = true;
    return { ...s, rank: i.rank };
  });
  return changed ? next : items;
}

/** The same fields with the same values (rank aside: the screen's order stands); nested values compared as JSON. */
function sameRecord(shown: Instance, stored: Instance): boolean {
  const a = shown as unknown as Record<string, unknown>;
  const b = stored as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('rank');
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}
