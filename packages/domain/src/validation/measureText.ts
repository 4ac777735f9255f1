/**
 * Deterministic text measure for the server (and tests): Helvetica advance widths (AFM, 1/1000 em)
 * for printable ASCII; other characters count 556 (≈ 0.55 em, the average advance). Monospaced
 * families (Courier, mono) use 600 per character. Width = sum of advances × size / 1000, in the unit
 * of the size (px for the browser, drawing units for engravings). The browser passes a canvas measure.
 */
import type { TextMeasure } from '../engine/hooks.ts';

// Printable ASCII 32..126, Helvetica regular.
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' ' .. '/'
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0..9
  278, 278, 584, 584, 584, 556, 1015, // : ; < = > ? @
  667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // A..M
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N..Z
  278, 278, 278, 469, 556, 333, // [ \ ] ^ _ `
  556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // a..m
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // n..z
  334, 260, 334, 584, // { | } ~
];

export const DEFAULT_ADVANCE = 556;
export const MONOSPACE_ADVANCE = 600;

const isMonospace = (family: string) => /courier|mono/i.test(family);

export function advanceOf(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code === 0x09) return 4 * HELVETICA_ASCII[0]!;
  if (code >= 32 && code <= 126) return HELVETICA_ASCII[code - 32] ?? DEFAULT_ADVANCE;
  if (code < 32 || (code >= 0x7f && code < 0xa0) || (code >= 0x300 && code < 0x370)) return 0; // controls, combining marks
  return DEFAULT_ADVANCE;
}

export const measureTextServer: TextMeasure = (text, font) => {
  const size = Number.isFinite(font.sizePx) && font.sizePx > 0 ? font.sizePx : 0;
  let units = 0;
  for (const ch of text) units += isMonospace(font.family) ? (advanceOf(ch) > 0 ? MONOSPACE_ADVANCE : 0) : advanceOf(ch);
  return (units * size) / 1000;
};
