/**
 * Engraving data as stored in productInstance.properties (under property 27, by mechanism index then above/below). Shape:
 *
 *   properties['<engravings property>'] = {
 *     engravings: {
 *       '<mechanism index, 0-based>': {
 *         above?: EngravingEntry,
 *         below?: EngravingEntry,
 *       },
 *     },
 *     text?: string[],      // simple array input: the text above mechanism i (used when no entry)
 *   }
 *   properties['<below-text property>'] = { text: string[] }  // the text below mechanism i (same fallback)
 *
 * An entry's text holds its lines separated by "\n" (at most 2 per location). Ids are parameters:
 * organisation 850 uses 27 and 112.
 */
import type { InstanceLike } from '../engine/types.ts';

export type EngravingLocation = 'above' | 'below';
export const ENGRAVING_LOCATIONS: readonly EngravingLocation[] = ['above', 'below'];
export const ENGRAVING_MAX_LINES = 2;

export interface EngravingEntry {
  text?: string;
  /** A symbol image (1..65) instead of text. */
  symbol?: number | null;
  fontFamily?: string;
  /** In drawing units (mm). */
  fontSize?: number;
  color?: string;
  isMechanical?: boolean;
}

export interface ResolvedEngraving {
  mechanismIndex: number;
  location: EngravingLocation;
  lines: string[];
  entry: EngravingEntry;
  /** The property the text came from (the engravings property, or the below-text one). */
  sourcePropertyId: number;
}

export const engravingLines = (text: string | undefined | null): string[] =>
  (text ?? '').split(/\r?\n/).filter((l) => l.trim() !== '');

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const textArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const isSymbol = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Every engraving with at least one non-blank line or a symbol, by mechanism index then location. */
export function readEngravings(
  instance: InstanceLike,
  ids: { engravingsPropertyId: number; belowTextPropertyId?: number },
): ResolvedEngraving[] {
  const sel = record(instance.properties?.[String(ids.engravingsPropertyId)]);
  const map = record(sel.engravings);
  const aboveArray = textArray(sel.text);
  const belowArray = ids.belowTextPropertyId === undefined ? [] : textArray(record(instance.properties?.[String(ids.belowTextPropertyId)]).text);
  const indices = new Set<number>();
  for (const k of Object.keys(map)) if (/^\d+$/.test(k)) indices.add(Number(k));
  aboveArray.forEach((_, i) => indices.add(i));
  belowArray.forEach((_, i) => indices.add(i));
  const out: ResolvedEngraving[] = [];
  for (const mechanismIndex of [...indices].sort((a, b) => a - b)) {
    const slot = record(map[String(mechanismIndex)]);
    for (const location of ENGRAVING_LOCATIONS) {
      const stored = slot[location];
      let entry: EngravingEntry | undefined;
      let sourcePropertyId = ids.engravingsPropertyId;
      if (stored && typeof stored === 'object') entry = stored as EngravingEntry;
      else {
        const fallback = location === 'above' ? aboveArray[mechanismIndex] : belowArray[mechanismIndex];
        if (typeof fallback === 'string') {
          entry = { text: fallback };
          if (location === 'below' && ids.belowTextPropertyId !== undefined) sourcePropertyId = ids.belowTextPropertyId;
        }
      }
      if (!entry) continue;
      const lines = engravingLines(typeof entry.text === 'string' ? entry.text : '');
      // A symbol engraving has no text lines; it is kept (it takes no sideways room in the fit).
      if (lines.length === 0 && !isSymbol(entry.symbol)) continue;
      out.push({ mechanismIndex, location, lines, entry, sourcePropertyId });
    }
  }
  return out;
}
