import type { TextMeasure } from '@cpq/domain';
import { measureTextServer } from '@cpq/domain/basics';

/** Size the canvas measures at: tiny sizes (engravings are measured in mm, e.g. 4) lose precision. */
const REFERENCE_PX = 100;

let context: CanvasRenderingContext2D | null | undefined;

function canvasContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  try {
    context = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  } catch {
    context = null;
  }
  return context;
}

/**
 * The browser's text measure (docs/validation.md): a canvas measure at a reference size, scaled to
 * the requested size. Falls back to the server's deterministic table when no canvas is available.
 */
export const measureTextBrowser: TextMeasure = (text, font) => {
  const ctx = canvasContext();
  const size = Number.isFinite(font.sizePx) && font.sizePx > 0 ? font.sizePx : 0;
  if (!ctx || size === 0) return measureTextServer(text, font);
  ctx.font = `${REFERENCE_PX}px ${font.family}`;
  return (ctx.measureText(text).width * size) / REFERENCE_PX;
};
