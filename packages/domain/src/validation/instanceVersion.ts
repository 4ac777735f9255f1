/**
 * An item's content version: a short hash of what a person edits on it (product, title, quantity,
 * notes, property selections, custom view, medium). The browser sends the version it last saw with
 * an item update and the API compares it with the stored item's, so two tabs editing one item cannot
 * silently overwrite each other. Computed from content, not stored: no column, and both sides agree
 * whatever the database does to JSON key order. Rank is left out (the server renumbers ranks when
 * another item moves) and so are prices (hidden from some callers; the server computes them).
 */
export interface VersionedInstance {
  productId: number;
  title?: string | null;
  quantity?: number | null;
  notes?: string | null;
  properties?: unknown;
  archCustomViewId?: number | null;
  mediumId?: number | null;
}

/** JSON with object keys sorted at every level; undefined members left out (as JSON does). */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stableJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/** cyrb53: a fast 53-bit string hash (collisions are astronomically unlikely for one item's edits). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function instanceVersion(inst: VersionedInstance): string {
  const content = {
    productId: inst.productId,
    title: inst.title ?? null,
    quantity: inst.quantity ?? null,
    notes: inst.notes ?? null,
    properties: inst.properties ?? {},
    archCustomViewId: inst.archCustomViewId ?? null,
    mediumId: inst.mediumId ?? null,
  };
  return hash53(stableJson(content)).toString(36);
}

/** The message of the 409 answered when the item changed since the caller last saw it. */
export const ITEM_CHANGED_MESSAGE =
  'This item was changed elsewhere (another tab or another person) since you opened it. It has been reloaded with those changes: check it and make your change again.';
