import type { TextMeasure } from '@cpq/domain';
import { describe, expect, it } from 'vitest';
import { drawInstance } from '../draw.ts';
import { keypadInput, LAYOUT, PLATE } from '../fixtures.test-utils.ts';
import type { DrawInput, SvgNode } from '../types.ts';
import { FIT_COLOURS, SCREW_RADIUS, placeMechanisms } from './keypad.ts';

const all = (n: SvgNode | string, pred: (n: SvgNode) => boolean): SvgNode[] =>
  typeof n === 'string' ? [] : [...(pred(n) ? [n] : []), ...(n.children ?? []).flatMap((c) => all(c, pred))];
const byClass = (root: SvgNode, cls: string) => all(root, (n) => n.attrs.class === cls);
const textOf = (n: SvgNode): string[] => (n.children ?? []).map((c) => (typeof c === 'string' ? c : textOf(c).join('')));
const draw = (input: DrawInput, measureText?: TextMeasure, showDimensions = false) => drawInstance(input, { units: 'mm', showDimensions, measureText });

const engravings = (map: Record<string, unknown>) => ({ '27': { engravings: map } });

/** A hand-checkable measure: every character 3 mm wide. */
const threeMm: TextMeasure = (text) => text.length * 3;

describe('keypad mechanisms', () => {
  it('places one mechanism per code of the layout string, row by row, columns at the fit spacing', () => {
    const d = draw(keypadInput({ '8': { optionId: PLATE.g2 }, '11': { optionId: LAYOUT.b4 } }));
    const mechs = byClass(d.root, 'mechanism');
    expect(mechs.map((m) => m.attrs['data-code'])).toEqual(['B', 'B', 'B', 'B']);
    // 144 × 82 plate, 2 columns: spacing 72 around the centre 72 → x 36 and 108. Rows between the
    // screw zones (7 + 3.3 from each edge): 61.4 / 2 rows = 30.7 apart around 41 → y 25.65 and 56.35.
    expect(mechs.map((m) => m.attrs.transform)).toEqual(['translate(36.000 25.650)', 'translate(108.000 25.650)', 'translate(36.000 56.350)', 'translate(108.000 56.350)']);
  });

  it('reads codes trimmed and in any case, and draws each kind distinctly', () => {
    const d = draw(keypadInput({ '8': { optionId: PLATE.tall }, '11': { optionId: LAYOUT.ports } }));
    const mechs = byClass(d.root, 'mechanism');
    expect(mechs.map((m) => m.attrs['data-code'])).toEqual(['RB', 'RW', '2RB', '2RW', 'RJ4', 'RJ1', 'UA', 'UC', 'H', 'C', 'CP', 'SP', 'MB', 'MT', 'ZZ']);
    const titles = mechs.map((m) => textOf((m.children as SvgNode[])[0]!).join(''));
    expect(new Set(titles).size).toBe(15);
    expect(d.warnings).toEqual(['Unknown mechanism code "ZZ" in the layout; drawn as an outline.']);
    expect(byClass(draw(keypadInput({ '8': { optionId: PLATE.g3 }, '11': { optionId: LAYOUT.mixed } })).root, 'mechanism').map((m) => m.attrs['data-code'])).toEqual(['B', 'UC', 'RJ4']);
  });

  it('draws two screws per gang, radius 3.3, in the plate and mechanism finishes', () => {
    const d = draw(keypadInput({ '8': { optionId: PLATE.g2 }, '11': { optionId: LAYOUT.b4 }, '12': { optionId: 217 }, '7': { optionId: 22 } }));
    const screws = byClass(d.root, 'screw');
    expect(screws).toHaveLength(4);
    expect(screws.every((s) => (s.children as SvgNode[])[0]!.attrs.r === SCREW_RADIUS)).toBe(true);
    expect(byClass(d.root, 'plate')[0]!.attrs.fill).toBe('#d4b26a');
    expect(all(byClass(d.root, 'mechanism')[0]!, (n) => n.tag === 'rect')[0]!.attrs.fill).toBe('#b8b5ad');
  });

  it('puts 12 mechanisms on a plate in 3 rows of 4', () => {
    const placed = placeMechanisms(Array(12).fill('B') as string[], { width: 207, height: 144 }, 3, 4);
    // 207x4 spacing 40 around 103.5: 43.5, 83.5, 123.5, 163.5.
    expect([...new Set(placed.map((p) => p.x))]).toEqual([43.5, 83.5, 123.5, 163.5]);
    expect(new Set(placed.map((p) => p.row))).toEqual(new Set([0, 1, 2]));
  });
});

describe('keypad engravings', () => {
  it('draws at most 2 lines per side, and only the first line where the room is too small', () => {
    const d = draw(
      keypadInput({
        '8': { optionId: PLATE.g1 },
        '11': { optionId: LAYOUT.b2stacked },
        ...engravings({ '0': { above: { text: 'One\nTwo\nThree' }, below: { text: 'Kitchen\nIsland' } }, '1': { below: { text: 'Dining\nTable' } } }),
      }),
    );
    const texts = byClass(d.root, 'engraving').map((e) => [e.attrs['data-mechanism'], e.attrs['data-location'], textOf(e)]);
    // 82 × 82, 2 rows: buttons (9 high) at y 25.65 and 56.35. Between them 21.7 mm, half each: 10.85 <
    // 2 lines × 4.8 + 1.5 = 11.1, so the text below button 1 keeps one line. Below button 2 reaches
    // the plate edge less 3 mm: 82 − 3 − 60.85 = 18.15, room for two.
    expect(texts).toEqual([
      [0, 'above', ['One', 'Two']],
      [0, 'below', ['Kitchen']],
      [1, 'below', ['Dining', 'Table']],
    ]);
    expect(d.warnings).toEqual([
      'The engraving above mechanism 1 has 3 lines; only the first 2 are drawn.',
      'The engraving below mechanism 1 has room for one line only; the first line is drawn.',
    ]);
  });

  it('colours text amber over the soft limit and red over the limit (worked example)', () => {
    // 144 plate, 2 columns: spacing s = 72; every character 3 mm.
    // m0 above: 46 chars → w 138, w/2 69; no neighbour text → bound min(144, 72 − 0) = 72; 69 > 72 − 6 → amber.
    // m2 above: 50 chars → w 150, w/2 75 > 72 → red.
    // m2 below: 36 chars → w 108, w/2 54; neighbour m3 below 30 → bound 72 − 15 = 57; 54 > 51 → amber.
    // m3 below: 10 chars → w 30, w/2 15; neighbour m2 108 → bound 72 − 54 = 18; 15 > 12 → amber.
    // m0 below: 20 chars → w 60, w/2 30; bound 72 → plain.
    const d = draw(
      keypadInput({
        '8': { optionId: PLATE.g2 },
        '11': { optionId: LAYOUT.b4 },
        '12': { optionId: 217 },
        ...engravings({
          '0': { above: { text: 'x'.repeat(46) }, below: { text: 'x'.repeat(20) } },
          '2': { above: { text: 'x'.repeat(50) }, below: { text: 'x'.repeat(36) } },
          '3': { below: { text: 'x'.repeat(10) } },
        }),
      }),
      threeMm,
    );
    const fill = Object.fromEntries(byClass(d.root, 'engraving').map((e) => [`${String(e.attrs['data-mechanism'])}${String(e.attrs['data-location'])}`, e.attrs.fill]));
    expect(fill).toEqual({
      '0above': FIT_COLOURS.soft,
      '0below': '#1f1f1f',
      '2above': FIT_COLOURS.over,
      '2below': FIT_COLOURS.soft,
      '3below': FIT_COLOURS.soft,
    });
    expect(FIT_COLOURS.soft).not.toBe(FIT_COLOURS.over);
  });

  it('does not colour by fit for an organisation that does not show it; light text on a dark plate', () => {
    const input = keypadInput({ '8': { optionId: PLATE.g2 }, '11': { optionId: LAYOUT.b4 }, '12': { optionId: 219 }, ...engravings({ '2': { above: { text: 'x'.repeat(50) } } }) });
    const d = draw({ ...input, drawingConfig: { ...input.drawingConfig, engravings: { engravingsPropertyId: 27, belowTextPropertyId: 112 } } }, threeMm);
    expect(byClass(d.root, 'engraving')[0]!.attrs.fill).toBe('#f5f5f5');
  });

  it('draws a symbol engraving from the symbol set, and text below from property 112', () => {
    const d = draw(keypadInput({ '8': { optionId: PLATE.g2 }, '11': { optionId: LAYOUT.b4 }, ...engravings({ '1': { above: { symbol: 5 } } }), '112': { text: ['', '', 'Patio'] } }));
    const [symbol, below] = byClass(d.root, 'engraving');
    expect(symbol!.tag).toBe('g');
    expect(textOf((symbol!.children as SvgNode[])[0]!)).toEqual(['Moon']);
    expect([below!.attrs['data-mechanism'], below!.attrs['data-location'], textOf(below!)]).toEqual([2, 'below', ['Patio']]);
  });
});

describe('keypad dimensions', () => {
  it('gives plate width and height when asked, in the chosen units', () => {
    const input = keypadInput({ '8': { optionId: PLATE.g2 }, '11': { optionId: LAYOUT.b4 } });
    const labels = (units: 'mm' | 'in') => byClass(drawInstance(input, { units, showDimensions: true }).root, 'dimension').map((n) => textOf(all(n, (x) => x.tag === 'text')[0]!).join(''));
    expect(labels('mm')).toEqual(['144 mm', '82 mm']);
    // 144 mm = 5.669 in → 5 11/16; 82 mm → 3 1/4.
    expect(labels('in')).toEqual(['5 11/16"', '3 1/4"']);
    expect(byClass(draw(input).root, 'dimension')).toEqual([]);
  });
});
