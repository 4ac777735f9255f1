/**
 * The engravings popup's rules, apart from the screen: a draft per mechanism and location, what
 * saving writes, the line limit, who is asked to confirm a custom engraving, and the fit status of
 * each engraving as the drawing computed it (the one shared fit rule, never a second copy).
 */
import {
  DEFAULT_ENGRAVING_FONT,
  ENGRAVING_LOCATIONS,
  ENGRAVING_MAX_LINES,
  findSelectionWithData,
  readEngravings,
  type CatalogueIndex,
  type EngravingEntry,
  type EngravingLocation,
  type FitStatus,
  type InstanceLike,
  type InstanceProperties,
  type Product,
} from '@cpq/domain';
import type { Drawing, DrawingConfig, SvgNode } from '@cpq/drawing';

export type EngravingIds = NonNullable<DrawingConfig['engravings']>;

/** The fonts an engraving may use. */
export const ENGRAVING_FONTS = [
  'Berlin Sans',
  'Helvetica',
  'Futura',
  'Akzidenz Grotesk',
  'Twentieth Century MT',
  'Baskerville',
  'Neutraface',
  'Voyager',
  'Courier',
  'Garamond',
  'Cambria',
  'Brandon',
  'Book Light',
  'Century Gothic',
  'Truly Offset',
  'Roos Display',
  'League Gothic',
  'Script C',
] as const;

/** Font sizes offered (mm): legible on a plate, never larger than a mechanism row. */
export const ENGRAVING_FONT_SIZE = { min: 1, max: 12, step: 0.5 } as const;

export const ENGRAVING_TEXT_DEBOUNCE_MS = 400;

export const CUSTOM_ENGRAVING_CONFIRMATION =
  'Custom engravings do not enforce design constraints. All custom designs will be reviewed and may be rejected if they are not feasible for production. Are you sure you want to proceed?';

export const TOO_MANY_LINES_MESSAGE = `At most ${ENGRAVING_MAX_LINES} lines fit above and below each mechanism.`;

export type EngravingMode = 'text' | 'symbol';

export interface EngravingDraft {
  mode: EngravingMode;
  /** Lines separated by "\n", kept exactly as typed (engravings are case-sensitive). */
  text: string;
  symbol: number | null;
  fontFamily: string;
  fontSize: number;
  /** Kept from the stored entry: the popup does not edit them. */
  color?: string;
  isMechanical?: boolean;
}

/** Drafts by `${mechanismIndex}:${location}`. */
export type EngravingDrafts = Readonly<Record<string, EngravingDraft>>;

export const draftKey = (mechanismIndex: number, location: EngravingLocation) => `${mechanismIndex}:${location}`;

export const emptyDraft = (): EngravingDraft => ({ mode: 'text', text: '', symbol: null, fontFamily: DEFAULT_ENGRAVING_FONT.family, fontSize: DEFAULT_ENGRAVING_FONT.sizeMm });

/** How many mechanisms the chosen layout has: the codes of its layout string (none chosen: 0). */
export function mechanismCount(product: Product, instance: InstanceLike, catalogue: CatalogueIndex): number {
  const layout = findSelectionWithData(product, instance, catalogue, ['rows', 'columns'] as const);
  if (!layout) return 0;
  const layoutString = (layout.option.data as { layoutString?: unknown } | null)?.layoutString;
  if (typeof layoutString === 'string' && layoutString.trim() !== '') return layoutString.split(',').filter((c) => c.trim() !== '').length;
  return Math.max(1, Math.trunc(layout.data.rows)) * Math.max(1, Math.trunc(layout.data.columns));
}

/** The drafts of an item's stored engravings (entries, or the older text arrays). */
export function draftsOf(instance: InstanceLike, ids: EngravingIds): Record<string, EngravingDraft> {
  const out: Record<string, EngravingDraft> = {};
  for (const e of readEngravings(instance, ids)) {
    const entry = e.entry;
    const symbol = typeof entry.symbol === 'number' ? entry.symbol : null;
    out[draftKey(e.mechanismIndex, e.location)] = {
      mode: symbol !== null && !entry.text ? 'symbol' : 'text',
      text: typeof entry.text === 'string' ? entry.text : '',
      symbol,
      fontFamily: entry.fontFamily || DEFAULT_ENGRAVING_FONT.family,
      fontSize: entry.fontSize ?? DEFAULT_ENGRAVING_FONT.sizeMm,
      ...(entry.color !== undefined ? { color: entry.color } : {}),
      ...(entry.isMechanical !== undefined ? { isMechanical: entry.isMechanical } : {}),
    };
  }
  return out;
}

/** A draft as stored; null when it engraves nothing (blank text, no symbol). */
export function entryOf(d: EngravingDraft | undefined): EngravingEntry | null {
  if (!d) return null;
  const kept = { ...(d.color !== undefined ? { color: d.color } : {}), ...(d.isMechanical !== undefined ? { isMechanical: d.isMechanical } : {}) };
  if (d.mode === 'symbol') return d.symbol === null ? null : { symbol: d.symbol, fontSize: d.fontSize, ...kept };
  if (d.text.trim() === '') return null;
  return { text: d.text, fontFamily: d.fontFamily, fontSize: d.fontSize, ...kept };
}

/**
 * What saving writes: the engravings property's entries for the layout's mechanisms, and its text
 * arrays (above in the engravings property, below in the below-text property when the product has
 * it) rewritten to match, so a reader of either form sees the same engravings and a cleared location
 * does not fall back to an older array text.
 */
export function engravingChanges(
  instance: InstanceLike,
  ids: EngravingIds,
  drafts: EngravingDrafts,
  count: number,
  productUsesBelowText: boolean,
): InstanceProperties {
  const engravings: Record<string, { above?: EngravingEntry; below?: EngravingEntry }> = {};
  const aboveText: string[] = [];
  const belowText: string[] = [];
  for (let i = 0; i < count; i++) {
    const slot: { above?: EngravingEntry; below?: EngravingEntry } = {};
    for (const location of ENGRAVING_LOCATIONS) {
      const entry = entryOf(drafts[draftKey(i, location)]);
      if (entry) slot[location] = entry;
      (location === 'above' ? aboveText : belowText).push(entry?.text ?? '');
    }
    if (slot.above || slot.below) engravings[String(i)] = slot;
  }
  const key = String(ids.engravingsPropertyId);
  const changes: InstanceProperties = { [key]: { ...(instance.properties?.[key] ?? {}), engravings, text: trimEnd(aboveText) } };
  if (ids.belowTextPropertyId !== undefined && productUsesBelowText) {
    const below = String(ids.belowTextPropertyId);
    changes[below] = { ...(instance.properties?.[below] ?? {}), text: trimEnd(belowText) };
  }
  return changes;
}

/** Trailing empty texts say nothing: an item without engravings stores an empty array. */
function trimEnd(texts: string[]): string[] {
  let n = texts.length;
  while (n > 0 && texts[n - 1] === '') n--;
  return texts.slice(0, n);
}

/** A typed text is refused when it has more lines than a location takes. */
export const tooManyLines = (text: string): boolean => text.split(/\r?\n/).length > ENGRAVING_MAX_LINES;

/**
 * Members and guests confirm before saving a custom (text) engraving that is new or changed; owners
 * are not asked, and symbols (the designed set) need no confirmation.
 */
export function needsCustomConfirmation(role: string, before: EngravingDrafts, after: EngravingDrafts): boolean {
  if (role === 'owner') return false;
  return Object.entries(after).some(([key, d]) => {
    const entry = entryOf(d);
    if (!entry?.text) return false;
    const was = entryOf(before[key]);
    return was?.text !== entry.text || was.fontFamily !== entry.fontFamily || was.fontSize !== entry.fontSize;
  });
}

/** The fit status of each drawn engraving, by draft key, as the drawing coloured it. */
export function fitStatuses(drawing: Drawing): Map<string, FitStatus> {
  const out = new Map<string, FitStatus>();
  const visit = (node: SvgNode | string) => {
    if (typeof node === 'string') return;
    const a = node.attrs;
    if (a.class === 'engraving' && (a['data-location'] === 'above' || a['data-location'] === 'below')) {
      const fit = a['data-fit'];
      out.set(draftKey(Number(a['data-mechanism']), a['data-location']), fit === 'soft' || fit === 'over' ? fit : 'ok');
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(drawing.root);
  return out;
}
