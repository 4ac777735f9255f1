/**
 * Fitting a label into a box on a printed drawing: a canvas text into its own width, a panel's number
 * or description into the panel. Pure: the caller passes the measure (a canvas measure in a browser,
 * the average glyph width elsewhere), so the same input always gives the same lines.
 */

/** Width of a text at a font size, in the units of the font size. */
export type Measure = (text: string, fontSize: number) => number;

/**
 * Average advance of a Helvetica / Arial glyph in mixed-case words, as a share of the font size.
 * An estimate on the wide side (Helvetica's lower case averages about 0.5 em), so an estimated line
 * is rather too long than too short and the real text stays inside its box.
 */
export const AVERAGE_GLYPH_EM = 0.56;
export const approximateMeasure: Measure = (text, fontSize) => text.length * fontSize * AVERAGE_GLYPH_EM;

/** Distance between baselines, as a share of the font size. */
export const LINE_HEIGHT_EM = 1.2;

export interface TextFitOptions {
  /** The box the text must stay inside. */
  maxWidth: number;
  /** Without one, the text may take as many lines as it needs. */
  maxHeight?: number;
  /** The size the text is drawn at when it fits. */
  maxFontSize: number;
  /** It shrinks no further than this (the smallest readable on the printed page). */
  minFontSize: number;
  measure?: Measure;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
  /** Baseline to baseline. */
  lineHeight: number;
  /** The widest line and the lines' total height (lineHeight each). */
  width: number;
  height: number;
  /** Some of the text did not fit even at the smallest size: the last line ends with an ellipsis. */
  truncated: boolean;
}

/** Each size tried is this much smaller than the one before. */
const SHRINK = 0.92;

/**
 * The largest size, from maxFontSize down to minFontSize, at which the words wrap into lines no wider
 * than maxWidth (no word split) and no taller than maxHeight. When none does, the text is drawn at
 * minFontSize with over-long words split where the line ends, and, if the lines are still too many,
 * the last line that fits ends with "…".
 */
export function fitText(text: string, opts: TextFitOptions): FittedText {
  const measure = opts.measure ?? approximateMeasure;
  const maxWidth = Math.max(0, opts.maxWidth);
  const minFont = Math.min(opts.minFontSize, opts.maxFontSize);
  const words = text.split(/\s+/).filter(Boolean);
  const result = (lines: string[], fontSize: number, truncated: boolean): FittedText => ({
    lines,
    fontSize,
    lineHeight: fontSize * LINE_HEIGHT_EM,
    width: Math.max(0, ...lines.map((l) => measure(l, fontSize))),
    height: lines.length * fontSize * LINE_HEIGHT_EM,
    truncated,
  });
  if (!words.length) return result([], opts.maxFontSize, false);
  const fitsHeight = (count: number, size: number) => opts.maxHeight === undefined || count * size * LINE_HEIGHT_EM <= opts.maxHeight + 1e-9;

  for (let size = opts.maxFontSize; size > minFont; size *= SHRINK) {
    const lines = wrapWords(words, size, maxWidth, measure);
    if (lines && fitsHeight(lines.length, size)) return result(lines, size, false);
  }
  const size = minFont;
  const whole = wrapWords(words, size, maxWidth, measure);
  if (whole && fitsHeight(whole.length, size)) return result(whole, size, false);
  const lines = wrapWords(words, size, maxWidth, measure, true)!;
  const room = opts.maxHeight === undefined ? lines.length : Math.max(1, Math.floor((opts.maxHeight + 1e-9) / (size * LINE_HEIGHT_EM)));
  if (lines.length <= room) return result(lines, size, false);
  const kept = lines.slice(0, room);
  kept[room - 1] = withEllipsis(kept[room - 1]!, size, maxWidth, measure);
  return result(kept, size, true);
}

/** Greedy wrapping; null when a word alone is wider than the line (unless `split` cuts it by characters). */
function wrapWords(words: readonly string[], size: number, maxWidth: number, measure: Measure, split = false): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    if (measure(word, size) <= maxWidth) {
      line = word;
      continue;
    }
    if (!split) return null;
    // A word longer than the line: as many characters per line as fit (at least one, so it ends).
    let rest = word;
    while (measure(rest, size) > maxWidth) {
      let n = 1;
      while (n < rest.length && measure(rest.slice(0, n + 1), size) <= maxWidth) n++;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

function withEllipsis(line: string, size: number, maxWidth: number, measure: Measure): string {
  let kept = line;
  while (kept && measure(`${kept}…`, size) > maxWidth) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}
