/**
 * Field normalisers and checks (titles, quantity, rank, dimensions, numbers, phone, address). Pure functions: the browser runs them
 * on input, the API on write.
 */
import { UNTITLED_ORDER_TITLE } from '../orderDefaults.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

export const INSTANCE_TITLE_MAX_LENGTH = 40;
export const ADD_ITEM_TITLE_MAX_LENGTH = 30;

/** A check's answer: ok, or the message to show. */
export type FieldCheck = { ok: true } | { ok: false; message: string };
const OK: FieldCheck = { ok: true };
const fail = (message: string): FieldCheck => ({ ok: false, message });

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

// ---------------------------------------------------------------- titles

/** Instance title: at most 40 characters; required (exact message) when the product says so. */
export function checkInstanceTitle(title: string | null | undefined, instanceTitleIsRequired: boolean | 0 | 1): FieldCheck {
  if (isBlank(title)) return instanceTitleIsRequired ? fail(M.instanceTitleRequired) : OK;
  if ((title as string).length > INSTANCE_TITLE_MAX_LENGTH) return fail(M.instanceTitleTooLong);
  return OK;
}

/** Add-item popup title: always required, at most 30 characters. */
export function checkAddItemTitle(title: string | null | undefined): FieldCheck {
  if (isBlank(title)) return fail(M.addItemTitleRequired);
  if ((title as string).length > ADD_ITEM_TITLE_MAX_LENGTH) return fail(M.addItemTitleTooLong);
  return OK;
}

/** What an input with maxLength does to typed text: cut to the limit. */
export const truncateTitle = (title: string, max = INSTANCE_TITLE_MAX_LENGTH) => [...title].slice(0, max).join('');

/**
 * Order title as typed: every character that is not a letter, a combining mark, a digit or a space
 * becomes a space (symbols, punctuation, control characters). Digits are kept: "Lobby 2" and
 * "Unit 101" are real project names. No trimming here so typing a space still works.
 */
export function sanitiseOrderTitle(raw: string): string {
  return raw.replace(/[^\p{L}\p{M}\p{N} ]/gu, ' ');
}

/**
 * Order title on save: sanitised, whitespace collapsed and trimmed; empty →
 * "A valid order name is required."; the default "Untitled Order" (any case) is refused.
 */
export function checkOrderTitle(raw: string | null | undefined): { ok: true; title: string } | { ok: false; message: string } {
  const title = sanitiseOrderTitle(raw ?? '').replace(/\s+/g, ' ').trim();
  if (!title) return { ok: false, message: M.orderTitleRequired };
  if (title.toLowerCase() === UNTITLED_ORDER_TITLE.toLowerCase()) return { ok: false, message: M.orderTitleUntitled };
  return { ok: true, title };
}

// ---------------------------------------------------------------- numbers

/** Quantity: below 1 or not a number becomes 1, otherwise the integer part. Always an integer ≥ 1. */
export function normaliseQuantity(input: unknown): number {
  let n: number;
  if (typeof input === 'number') n = Math.trunc(input);
  else if (typeof input === 'string') n = Number.parseInt(input.trim(), 10);
  else return 1;
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Number.MAX_SAFE_INTEGER);
}

/** A stored quantity is valid when it is an integer ≥ 1. */
export const isValidQuantity = (q: unknown): q is number => typeof q === 'number' && Number.isSafeInteger(q) && q >= 1;

/** Number property values: parsed to an integer, default 0. */
export function parseNumberValue(input: unknown): number {
  const n = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input ?? '').trim(), 10);
  return Number.isFinite(n) ? n : 0;
}

/** Numeric inputs keep only digits and the decimal point. */
export const stripNumericInput = (input: string): string => input.replace(/[^0-9.]/g, '');

// ---------------------------------------------------------------- ranks

/** Rank entry: parsed as an integer and clamped to 1..count; null (ignore the entry) for a non-number or no items. */
export function clampRank(input: unknown, count: number): number | null {
  if (count < 1) return null;
  const n = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input ?? '').trim(), 10);
  if (Number.isNaN(n)) return null;
  return Math.min(Math.max(n, 1), count);
}

export interface Ranked {
  id: number | string;
  rank?: number | null;
}

/**
 * Moves item `id` to position `newRank` (clamped to 1..n) and renumbers every item 1..n.
 * Returns copies in their new order; the other items keep their relative order. A non-number rank
 * or an unknown id changes no order (items are still returned renumbered in their current order).
 * Current order: by rank, ties by the order given.
 */
export function moveRank<T extends Ranked>(items: readonly T[], id: T['id'], newRank: unknown): T[] {
  const ordered = items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (a.item.rank ?? 0) - (b.item.rank ?? 0) || a.i - b.i)
    .map((x) => x.item);
  const from = ordered.findIndex((x) => x.id === id);
  const target = clampRank(newRank, ordered.length);
  if (from >= 0 && target !== null) {
    const [moved] = ordered.splice(from, 1);
    ordered.splice(target - 1, 0, moved as T);
  }
  return ordered.map((item, i) => ({ ...item, rank: i + 1 }));
}

// ---------------------------------------------------------------- dimensions

/** productProperty.data of a dimensions property: minDimension, maxDimension, dimensionInterval. */
export interface DimensionData {
  dimensionInterval?: number | null;
  minDimension?: number | null;
  maxDimension?: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const tidy = (v: number) => Number.parseFloat(v.toPrecision(12));

/**
 * Bounds of a dimensions property: min defaults to 0; max ≤ 0 or missing means no upper bound
 * (a new dimensions property is initialised to 0/0/0, which must not force every value to 0);
 * interval ≤ 0 or missing means no rounding.
 */
export function dimensionBounds(data: DimensionData | null | undefined): { min: number; max: number | null; interval: number } {
  const min = Math.max(num(data?.minDimension) ?? 0, 0);
  const rawMax = num(data?.maxDimension);
  const max = rawMax !== null && rawMax > 0 ? Math.max(rawMax, min) : null;
  const interval = Math.max(num(data?.dimensionInterval) ?? 0, 0);
  return { min, max, interval };
}

/**
 * Dimension input: parsed (non-numeric → min), rounded to the nearest multiple of the interval and
 * clamped to [min, max]. When clamping leaves the value off the grid, the nearest grid point inside
 * the bounds is taken (if the bounds hold one), so the result is always within bounds and, whenever
 * possible, on the grid.
 */
export function normaliseDimension(input: unknown, data: DimensionData | null | undefined): number {
  const { min, max, interval } = dimensionBounds(data);
  const parsed = typeof input === 'number' ? input : Number.parseFloat(stripNumericInput(String(input ?? '')));
  let v = Number.isFinite(parsed) ? parsed : min;
  if (interval > 0) v = tidy(Math.round(v / interval) * interval);
  const hi = max ?? Number.POSITIVE_INFINITY;
  if (v < min) v = min;
  if (v > hi) v = hi;
  if (interval > 0 && !isOnGrid(v, interval)) {
    const up = tidy(Math.ceil(v / interval - 1e-9) * interval);
    const down = tidy(Math.floor(v / interval + 1e-9) * interval);
    if (v === min && up <= hi) v = up;
    else if (v === hi && down >= min) v = down;
  }
  return v;
}

export function isOnGrid(v: number, interval: number): boolean {
  if (interval <= 0) return true;
  const k = v / interval;
  return Math.abs(k - Math.round(k)) < 1e-6;
}

/** A stored dimension is within the property's bounds (the grid is not enforced on stored values). */
export function isDimensionInBounds(value: number, data: DimensionData | null | undefined): boolean {
  const { min, max } = dimensionBounds(data);
  return value >= min && (max === null || value <= max);
}
