import { measureTextServer, validateInstance, type TextMeasure } from '@cpq/domain';
import { describe, expect, it } from 'vitest';
import { engravingFitStatus, engravingFitValidator, mechanismSpacing } from './engravingFit.ts';
import { keypad, keypadCatalogue as cat, LAYOUT, PLATE } from './fixtures.test-utils.ts';

/** 1 unit per character per size unit: widths are easy to reason about. */
const charMeasure: TextMeasure = (text, font) => text.length * font.sizePx;
const run = (instance: ReturnType<typeof keypad>, measureText: TextMeasure = charMeasure) =>
  validateInstance({ product: cat.product(98)!, instance, catalogue: cat, hooks: { instanceValidators: [engravingFitValidator] }, measureText });
const x = (n: number) => 'x'.repeat(n);
const above = (texts: Record<number, string>) => ({
  '27': { engravings: Object.fromEntries(Object.entries(texts).map(([i, text]) => [i, { above: { text, fontSize: 1 } }])) },
});

describe('engravingFitStatus (spec formula)', () => {
  it.each([
    // [textWidth, spacing, neighbours, status]
    [52, 32, [0], 'ok'], // half 26 = bound − 6
    [53, 32, [0], 'soft'],
    [64, 32, [0], 'soft'], // half 32 = bound
    [65, 32, [0], 'over'],
    [32, 32, [20], 'ok'], // bound 32 − 10 = 22, soft from 16
    [33, 32, [20], 'soft'],
    [45, 32, [20], 'over'],
    [40, 32, [0, 20], 'soft'], // the wider neighbour decides: bound 22, soft above 16
    [68, 20, [], 'ok'], // no neighbours: bound 2 × 20 = 40, soft above 34
    [69, 20, [], 'soft'],
    [81, 20, [], 'over'],
  ] as const)('width %d, spacing %d, neighbours %j → %s', (w, s, n, status) => {
    expect(engravingFitStatus(w, s, n).status).toBe(status);
  });
  it('bound is the smaller of twice the spacing and spacing minus half each neighbour', () => {
    expect(engravingFitStatus(0, 32, [10, 30]).bound).toBe(17);
    expect(engravingFitStatus(0, 32, []).bound).toBe(64);
    expect(engravingFitStatus(0, 10, [-30]).bound).toBe(20);
  });
  it('size-specific spacings by plate width and columns, default 20', () => {
    expect(mechanismSpacing(82, 2)).toBe(32);
    expect(mechanismSpacing(207, 4)).toBe(40);
    expect(mechanismSpacing(117, 1)).toBe(20);
    expect(mechanismSpacing(undefined, 2)).toBe(20);
  });
});

describe('engravingFitValidator', () => {
  // 82 × 82 plate, 1 row × 2 columns → spacing 32; neighbours are 0 ↔ 1.
  it('no engravings, no issues', () => expect(run(keypad(PLATE.p82x82, LAYOUT.r1c2)).issues).toEqual([]));
  it('fits, soft (amber warning), over (red 27 and 112)', () => {
    expect(run(keypad(PLATE.p82x82, LAYOUT.r1c2, above({ 0: x(52) }))).issues).toEqual([]);
    const soft = run(keypad(PLATE.p82x82, LAYOUT.r1c2, above({ 0: x(53) })));
    expect(soft.valid).toBe(true);
    expect(soft.issues).toEqual([{ propertyId: 27, severity: 'warning', message: `The engraving "${x(53)}" above mechanism 1 is close to the edge of the space available.` }]);
    const over = run(keypad(PLATE.p82x82, LAYOUT.r1c2, above({ 0: x(65) })));
    expect(over.valid).toBe(false);
    expect(over.invalidPropertyIds).toEqual([27, 112]);
    expect(over.issues[0]!.message).toBe(`The engraving "${x(65)}" above mechanism 1 is too wide for the space available. Please shorten the text or use a smaller font.`);
  });
  it('the neighbour’s text narrows the bound (same row, same location)', () => {
    const r = run(keypad(PLATE.p82x82, LAYOUT.r1c2, above({ 0: x(33), 1: x(20) })));
    // mechanism 1 (width 20, neighbour 33 → bound 15.5, soft above 9.5): half 10 → soft; mechanism 0: bound 22, half 16.5 → soft
    expect(r.issues.map((i) => [i.severity, i.message.match(/mechanism \d/)![0]])).toEqual([
      ['warning', 'mechanism 1'],
      ['warning', 'mechanism 2'],
    ]);
    expect(run(keypad(PLATE.p82x82, LAYOUT.r1c2, above({ 0: x(45), 1: x(20) }))).valid).toBe(false);
  });
  it('mechanisms in other rows or the other location are not neighbours', () => {
    // 2 rows × 1 column: no horizontal neighbours → bound 2 × 20 = 40.
    const stacked = { '27': { engravings: { '0': { above: { text: x(60), fontSize: 1 } }, '1': { above: { text: x(60), fontSize: 1 } } } } };
    expect(run(keypad(PLATE.p82x82, LAYOUT.r2c1, stacked)).issues).toEqual([]);
    const mixed = { '27': { engravings: { '0': { above: { text: x(52), fontSize: 1 } }, '1': { below: { text: x(60), fontSize: 1 } } } } };
    expect(run(keypad(PLATE.p82x82, LAYOUT.r1c2, mixed)).valid).toBe(true);
  });
  it('the widest line counts; more than 2 lines is an error', () => {
    expect(run(keypad(PLATE.p82x82, LAYOUT.r1c2, above({ 0: `ab\n${x(65)}` }))).valid).toBe(false);
    const three = run(keypad(PLATE.p82x82, LAYOUT.r1c2, above({ 0: 'a\nb\nc' })));
    expect(three.invalidPropertyIds).toEqual([27, 112]);
    expect(three.issues[0]!.message).toBe('The engraving above mechanism 1 has 3 lines; at most 2 lines are allowed above and below each mechanism.');
  });
  it('below-text array (property 112) is checked; the soft warning names 112', () => {
    const r = run(keypad(PLATE.p82x82, LAYOUT.r1c2, { '112': { text: [x(14)] } }), (t) => t.length * 4);
    expect(r.issues).toEqual([{ propertyId: 112, severity: 'warning', message: `The engraving "${x(14)}" below mechanism 1 is close to the edge of the space available.` }]);
  });
  it('server measure: realistic labels fit a 2-column keypad, a long one does not', () => {
    const labels = { '27': { engravings: { '0': { above: { text: 'LIGHTS' } }, '1': { above: { text: 'SHADES' } } } } };
    expect(run(keypad(PLATE.p82x82, LAYOUT.r1c2, labels), measureTextServer).issues).toEqual([]);
    const long = { '27': { engravings: { '0': { above: { text: 'MASTER BEDROOM LIGHTS' } }, '1': { above: { text: 'SHADES' } } } } };
    expect(run(keypad(PLATE.p82x82, LAYOUT.r1c2, long), measureTextServer).valid).toBe(false);
  });
});
