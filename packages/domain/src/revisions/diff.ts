/**
 * What changed between two revisions of a quote, in words a person reads (decision 0122): items added
 * and removed, each changed option as "Finish: Satin Brass → Aged Bronze", quantity and price changes
 * per line, the price summary and the printed details. Pure: the browser and the API share it.
 */
import { formatCents } from '../pricing/money.ts';
import type { RevisionCostLine, RevisionDetail, RevisionItem, RevisionOption, RevisionSide } from '../schemas/revisions.ts';

export type RevisionLineKind = 'name' | 'quantity' | 'option' | 'unitPrice' | 'lineTotal' | 'cost' | 'detail';

/** One changed value: "Finish: Satin Brass → Aged Bronze". */
export interface RevisionChangeLine {
  kind: RevisionLineKind;
  label: string;
  before: string;
  after: string;
  text: string;
}

export interface RevisionItemChange {
  kind: 'added' | 'removed' | 'changed';
  /** The item's title (now, or when it was removed). */
  title: string;
  /** "Added: Hallway Keypad (x3, $450.00)"; for a changed item, its title. */
  text: string;
  /** What changed on a 'changed' item, in reading order. */
  lines: RevisionChangeLine[];
}

export interface RevisionDiff {
  items: RevisionItemChange[];
  /** The price summary lines that changed (none when either side has no prices). */
  costs: RevisionChangeLine[];
  details: RevisionChangeLine[];
  isEmpty: boolean;
}

export const NOT_CHOSEN = 'not chosen';
export const NONE = 'none';

const line = (kind: RevisionLineKind, label: string, before: string, after: string): RevisionChangeLine => ({ kind, label, before, after, text: `${label}: ${before} → ${after}` });

/** Property → chosen value(s), in the order they are listed; a property listed twice keeps both values. */
function byProperty(options: readonly RevisionOption[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of options) out.set(o.property, out.has(o.property) ? `${out.get(o.property)}, ${o.value}` : o.value);
  return out;
}

const hasPrice = (v: number | undefined): v is number => typeof v === 'number';

function itemLines(before: RevisionItem, now: RevisionItem): RevisionChangeLine[] {
  const out: RevisionChangeLine[] = [];
  if (before.title !== now.title) out.push(line('name', 'Name', before.title, now.title));
  if (before.quantity !== now.quantity) out.push(line('quantity', 'Quantity', String(before.quantity), String(now.quantity)));
  const was = byProperty(before.options);
  const is = byProperty(now.options);
  for (const [property, value] of is) {
    const old = was.get(property);
    if (old !== value) out.push(line('option', property, old ?? NOT_CHOSEN, value));
  }
  for (const [property, old] of was) if (!is.has(property)) out.push(line('option', property, old, NOT_CHOSEN));
  if (hasPrice(before.unitPriceInCents) && hasPrice(now.unitPriceInCents) && before.unitPriceInCents !== now.unitPriceInCents) {
    out.push(line('unitPrice', 'Unit price', formatCents(before.unitPriceInCents), formatCents(now.unitPriceInCents)));
  }
  if (hasPrice(before.totalPriceInCents) && hasPrice(now.totalPriceInCents) && before.totalPriceInCents !== now.totalPriceInCents) {
    out.push(line('lineTotal', 'Line total', formatCents(before.totalPriceInCents), formatCents(now.totalPriceInCents)));
  }
  return out;
}

/** "Hallway Keypad (x3, $450.00)"; the amount only when the side has prices. */
function itemWords(item: RevisionItem): string {
  return `${item.title} (x${item.quantity}${hasPrice(item.totalPriceInCents) ? `, ${formatCents(item.totalPriceInCents)}` : ''})`;
}

/**
 * Items are the same item when they keep their id; items left over on both sides are then paired by
 * product and title, in order (an item restored from an earlier revision is written again with a new id).
 */
function pairItems(before: readonly RevisionItem[], now: readonly RevisionItem[]): Map<RevisionItem, RevisionItem> {
  const pairs = new Map<RevisionItem, RevisionItem>();
  const oldById = new Map(before.map((i) => [i.id, i]));
  const taken = new Set<RevisionItem>();
  const unpaired: RevisionItem[] = [];
  for (const item of now) {
    const was = oldById.get(item.id);
    if (was) {
      pairs.set(item, was);
      taken.add(was);
    } else unpaired.push(item);
  }
  if (unpaired.length === 0) return pairs;
  const leftByKey = new Map<string, RevisionItem[]>();
  for (const was of before) {
    if (taken.has(was)) continue;
    const key = `${was.productId}\u0000${was.title}`;
    const list = leftByKey.get(key);
    if (list) list.push(was);
    else leftByKey.set(key, [was]);
  }
  for (const item of unpaired) {
    const was = leftByKey.get(`${item.productId}\u0000${item.title}`)?.shift();
    if (was) pairs.set(item, was);
  }
  return pairs;
}

function costChanges(before: readonly RevisionCostLine[] | undefined, now: readonly RevisionCostLine[] | undefined): RevisionChangeLine[] {
  if (!before || !now) return [];
  const was = new Map(before.map((l) => [l.key, l]));
  const is = new Map(now.map((l) => [l.key, l]));
  const out: RevisionChangeLine[] = [];
  // In the order the summary prints them now, then any line the earlier summary had alone.
  for (const l of now) {
    const old = was.get(l.key);
    if (!old) out.push(line('cost', l.label, NONE, l.text));
    else if (old.text !== l.text || old.label !== l.label) out.push(line('cost', l.label === old.label ? l.label : `${old.label} / ${l.label}`, old.text, l.text));
  }
  for (const old of before) if (!is.has(old.key)) out.push(line('cost', old.label, old.text, NONE));
  return out;
}

function detailChanges(before: readonly RevisionDetail[], now: readonly RevisionDetail[]): RevisionChangeLine[] {
  const was = new Map(before.map((d) => [d.key, d]));
  const out: RevisionChangeLine[] = [];
  const shown = (v: string | undefined) => (v === undefined || v.trim() === '' ? NONE : v);
  for (const d of now) {
    const old = was.get(d.key)?.value;
    if (shown(old) !== shown(d.value)) out.push(line('detail', d.label, shown(old), shown(d.value)));
  }
  const nowKeys = new Set(now.map((d) => d.key));
  for (const d of before) if (!nowKeys.has(d.key) && shown(d.value) !== NONE) out.push(line('detail', d.label, d.value, NONE));
  return out;
}

/**
 * The changes from `before` to `now`, in the order a person reads the quote now: each item now
 * (added, or what changed on it), then the items no longer there, then the price summary, then the
 * details. Amounts only where both sides carry them (a reader who sees no prices gets none).
 */
export function revisionDiff(before: RevisionSide, now: RevisionSide): RevisionDiff {
  const pairs = pairItems(before.items, now.items);
  const kept = new Set(pairs.values());
  const items: RevisionItemChange[] = [];
  for (const item of now.items) {
    const was = pairs.get(item);
    if (!was) {
      items.push({ kind: 'added', title: item.title, text: `Added: ${itemWords(item)}`, lines: [] });
      continue;
    }
    const lines = itemLines(was, item);
    if (lines.length) items.push({ kind: 'changed', title: item.title, text: item.title, lines });
  }
  for (const was of before.items) if (!kept.has(was)) items.push({ kind: 'removed', title: was.title, text: `Removed: ${itemWords(was)}`, lines: [] });
  const costs = costChanges(before.costs, now.costs);
  const details = detailChanges(before.details, now.details);
  return { items, costs, details, isEmpty: items.length === 0 && costs.length === 0 && details.length === 0 };
}

/** Every line of the diff as one plain sentence each (timeline entries, mail, CSV). */
export function revisionDiffLines(diff: RevisionDiff): string[] {
  const out: string[] = [];
  for (const item of diff.items) {
    if (item.kind === 'changed') for (const l of item.lines) out.push(`${item.title}: ${l.text}`);
    else out.push(item.text);
  }
  for (const l of diff.costs) out.push(l.text);
  for (const l of diff.details) out.push(l.text);
  return out;
}

/** The side without any amount: what a reader who sees no prices compares. */
export function sideWithoutPrices(side: RevisionSide): RevisionSide {
  return { items: side.items.map(({ unitPriceInCents: _u, totalPriceInCents: _t, ...rest }) => rest), details: side.details };
}

/** Two sides hold the same quote (items, options, quantities, prices, summary and details). */
export function sameQuote(a: RevisionSide, b: RevisionSide): boolean {
  const ids = (s: RevisionSide) => s.items.map((i) => i.id).join(',');
  return ids(a) === ids(b) && revisionDiff(a, b).isEmpty;
}
