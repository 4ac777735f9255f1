import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { approximateMeasure, fitText } from './textFit.ts';

// Every glyph half an em wide: widths worked by hand are characters × size / 2.
const halfEm = (text: string, size: number) => text.length * size * 0.5;

describe('fitting a label into its box', () => {
  it('wraps at the words to the text’s width at the full size when that is enough', () => {
    // 10 px glyphs 5 wide: 16 characters a line. "Align panel 1 with" would be 18.
    const fit = fitText('Align panel 1 with door frame', { maxWidth: 80, maxFontSize: 10, minFontSize: 5, measure: halfEm });
    expect(fit.lines).toEqual(['Align panel 1', 'with door frame']);
    expect(fit.fontSize).toBe(10);
    expect(fit.width).toBe(75);
    expect(fit.height).toBeCloseTo(24, 9);
    expect(fit.truncated).toBe(false);
  });
  it('shrinks a word that is wider than its panel until it fits (8% a step), without splitting it', () => {
    // "Critical" is 4 × size wide: at most 7.5 in a 30 wide panel. 14 × 0.92^7 = 7.81 is still too wide,
    // 14 × 0.92^8 = 7.185 fits.
    const fit = fitText('Critical', { maxWidth: 30, maxHeight: 20, maxFontSize: 14, minFontSize: 6, measure: halfEm });
    expect(fit.lines).toEqual(['Critical']);
    expect(fit.fontSize).toBeCloseTo(7.185, 3);
  });
  it('shrinks when the lines are too many for the panel’s height', () => {
    // 'Panel one' (9 chars) at 10 is 45 > 40: two lines, 24 high in a 20 high box. At 9.2 it is 41.4
    // wide: two lines 22.08 high. At 8.464 (10 × 0.92²) it is 38.09 wide: one line.
    const fit = fitText('Panel one', { maxWidth: 40, maxHeight: 20, maxFontSize: 10, minFontSize: 4, measure: halfEm });
    expect(fit.lines).toEqual(['Panel one']);
    expect(fit.fontSize).toBeCloseTo(8.464, 3);
  });
  it('at the smallest size splits an over-long word and ends the last line that fits with an ellipsis', () => {
    // At 5: 2.5 a glyph, 8 to a 20 wide line; 6 high lines, 2 in 12.
    const fit = fitText('Supercalifragilistic', { maxWidth: 20, maxHeight: 12, maxFontSize: 10, minFontSize: 5, measure: halfEm });
    expect(fit.fontSize).toBe(5);
    expect(fit.lines).toEqual(['Supercal', 'ifragil…']);
    expect(fit.truncated).toBe(true);
  });
  it('an empty text has no lines', () => {
    expect(fitText('  ', { maxWidth: 20, maxFontSize: 10, minFontSize: 5 }).lines).toEqual([]);
  });
  it('the estimate: 0.56 em a glyph', () => {
    expect(approximateMeasure('Panel 1', 10)).toBeCloseTo(39.2, 9);
  });
  it('never leaves its box, whatever the text and the box (when one glyph at the smallest size fits)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.double({ min: 4, max: 400, noNaN: true }), fc.double({ min: 7, max: 300, noNaN: true }), (text, maxWidth, maxHeight) => {
        const fit = fitText(text, { maxWidth, maxHeight, maxFontSize: 14, minFontSize: 5 });
        for (const line of fit.lines) expect(approximateMeasure(line, fit.fontSize)).toBeLessThanOrEqual(maxWidth + 1e-9);
        expect(fit.height).toBeLessThanOrEqual(maxHeight + 1e-9);
        expect(fit.fontSize).toBeGreaterThanOrEqual(5);
      }),
    );
  });
});
