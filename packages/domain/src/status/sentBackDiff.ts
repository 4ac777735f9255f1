/**
 * What changed in an order since it was last sent back for changes: the copy kept then against the
 * items now, in words a reviewer reads (docs/decisions/0097-changes-since-sent-back.md). Items are the
 * same item when they keep their id; options are compared by their property's title.
 */
import { formatCents } from '../pricing/money.ts';
import type { SentBackItem, SentBackOption } from '../schemas/sentBack.ts';

export interface SentBackChange {
  kind: 'added' | 'removed' | 'changed' | 'total';
  /** The item a 'changed' line is about (its title now); null for the other kinds, whose text names it. */
  item: string | null;
  text: string;
}

/** The side compared: the items (in rank order) and the order's total, absent when prices are hidden. */
export interface SentBackSide {
  items: readonly SentBackItem[];
  orderTotalInCents?: number;
}

const NOT_CHOSEN = 'not chosen';

/** Property title → chosen value(s); a title listed twice keeps both values. */
function optionsByProperty(options: readonly SentBackOption[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of options) out.set(o.property, out.has(o.property) ? `${out.get(o.property)}, ${o.value}` : o.value);
  return out;
}

const priced = (a: number | undefined, b: number | undefined): a is number => typeof a === 'number' && typeof b === 'number';

function itemChanges(before: SentBackItem, now: SentBackItem): string[] {
  const lines: string[] = [];
  if (before.title !== now.title) lines.push(`Name: ${before.title} → ${now.title}`);
  if (before.quantity !== now.quantity) lines.push(`Quantity ${before.quantity} → ${now.quantity}`);
  const was = optionsByProperty(before.options);
  const is = optionsByProperty(now.options);
  for (const [property, value] of is) {
    const old = was.get(property);
    if (old !== value) lines.push(`${property}: ${old ?? NOT_CHOSEN} → ${value}`);
  }
  for (const [property, old] of was) if (!is.has(property)) lines.push(`${property}: ${old} → ${NOT_CHOSEN}`);
  if (priced(before.unitPriceInCents, now.unitPriceInCents) && before.unitPriceInCents !== now.unitPriceInCents) {
    lines.push(`Unit price ${formatCents(before.unitPriceInCents)} → ${formatCents(now.unitPriceInCents!)}`);
  }
  if (priced(before.totalPriceInCents, now.totalPriceInCents) && before.totalPriceInCents !== now.totalPriceInCents) {
    lines.push(`Line total ${formatCents(before.totalPriceInCents)} → ${formatCents(now.totalPriceInCents!)}`);
  }
  return lines;
}

/**
 * The changes, in the order a reviewer reads the order now: each item now (added, or what changed on
 * it), then the items no longer there, then the total. Amounts only where both sides have them.
 */
export function sentBackChanges(before: SentBackSide, now: SentBackSide): SentBackChange[] {
  const out: SentBackChange[] = [];
  const old = new Map(before.items.map((i) => [i.id, i]));
  const current = new Set(now.items.map((i) => i.id));
  for (const item of now.items) {
    const was = old.get(item.id);
    if (!was) {
      out.push({ kind: 'added', item: null, text: `Added: ${item.title} (x${item.quantity})` });
      continue;
    }
    for (const text of itemChanges(was, item)) out.push({ kind: 'changed', item: item.title, text });
  }
  for (const item of before.items) {
    if (!current.has(item.id)) out.push({ kind: 'removed', item: null, text: `Removed: ${item.title} (x${item.quantity})` });
  }
  if (priced(before.orderTotalInCents, now.orderTotalInCents) && before.orderTotalInCents !== now.orderTotalInCents) {
    out.push({ kind: 'total', item: null, text: `Total ${formatCents(before.orderTotalInCents)} → ${formatCents(now.orderTotalInCents!)}` });
  }
  return out;
}
