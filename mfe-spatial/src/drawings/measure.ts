import type { Measure } from '@cpq/spatial';

/** The font the drawings' SVG texts are set in (packages/spatial/src/svg.ts). */
const FONT = 'Helvetica, Arial, sans-serif';
/** Measured at this size and scaled: tiny sizes (a label in drawing units) are not measured reliably. */
const AT_PX = 100;

/**
 * The browser's own measure of the drawings' font (a 2D canvas), so a label is wrapped where the page
 * will really break it; null where there is no canvas (tests, the server), and the average glyph width
 * is used instead.
 */
export function canvasMeasure(): Measure | null {
  if (typeof document === 'undefined' || typeof navigator === 'undefined' || navigator.userAgent.includes('jsdom')) return null;
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return null;
  ctx.font = `${AT_PX}px ${FONT}`;
  const cache = new Map<string, number>();
  return (text, fontSize) => {
    let w = cache.get(text);
    if (w === undefined) cache.set(text, (w = ctx.measureText(text).width));
    return (w * fontSize) / AT_PX;
  };
}
