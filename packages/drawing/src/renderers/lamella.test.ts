import { describe, expect, it } from 'vitest';
import { drawInstance } from '../draw.ts';
import { doorInput } from '../fixtures.test-utils.ts';
import type { SvgNode } from '../types.ts';
import { hingeCount, layoutLamellas, RANDOM_ALIGNMENT_TOLERANCE, type LamellaLayoutInput } from './lamella.ts';

const byClass = (n: SvgNode | string, cls: string): SvgNode[] =>
  typeof n === 'string' ? [] : [...(n.attrs.class === cls ? [n] : []), ...(n.children ?? []).flatMap((c) => byClass(c, cls))];
const widths = (l: { lamellas: { width: number }[] }) => l.lamellas.map((x) => Math.round(x.width * 1000) / 1000);
const base: LamellaLayoutInput = { panelWidth: 600, mode: 'width', lamellaWidth: 130, alignment: 'center', seed: 1 };

describe('lamella count', () => {
  it('in width mode is ceil(panel width / lamella width)', () => {
    // 600 / 130 = 4.6 → 5; 600 / 100 = 6 exactly → 6; 601 / 100 → 7.
    expect(layoutLamellas({ ...base, alignment: 'left' }).lamellas).toHaveLength(5);
    expect(layoutLamellas({ ...base, lamellaWidth: 100, alignment: 'left' }).lamellas).toHaveLength(6);
    expect(layoutLamellas({ ...base, panelWidth: 601, lamellaWidth: 100, alignment: 'left' }).lamellas).toHaveLength(7);
    // 540 / 130 = 4.15 → 5 (not 4): 650 − 540 = 110 over, 55 cut on each side when centred.
    expect(widths(layoutLamellas({ ...base, panelWidth: 540 }))).toEqual([75, 130, 130, 130, 75]);
  });

  it('in quantity mode is the quantity, equal widths filling the panel', () => {
    expect(widths(layoutLamellas({ ...base, mode: 'quantity', count: 4 }))).toEqual([150, 150, 150, 150]);
  });
});

describe('lamella alignment', () => {
  // 5 × 130 = 650: 50 mm more than the 600 panel.
  it('left: full lamellas from the left, the cut one on the right', () => {
    expect(widths(layoutLamellas({ ...base, alignment: 'left' }))).toEqual([130, 130, 130, 130, 80]);
  });
  it('right: full lamellas from the right, the cut one on the left', () => {
    expect(widths(layoutLamellas({ ...base, alignment: 'right' }))).toEqual([80, 130, 130, 130, 130]);
  });
  it('center: the 50 mm over is cut equally on both sides', () => {
    const l = layoutLamellas({ ...base, alignment: 'center' });
    expect(l.offset).toBe(25);
    expect(widths(l)).toEqual([105, 130, 130, 130, 105]);
  });

  it('random: the same instance id gives the same seams, another id others, within the tolerance of centred', () => {
    const a = layoutLamellas({ ...base, alignment: 'random', seed: 41 });
    expect(layoutLamellas({ ...base, alignment: 'random', seed: 41 })).toEqual(a);
    const b = layoutLamellas({ ...base, alignment: 'random', seed: 42 });
    expect(b.offset).not.toBe(a.offset);
    for (let seed = 0; seed < 200; seed++) {
      const l = layoutLamellas({ ...base, alignment: 'random', seed });
      expect(Math.abs(l.offset - 25)).toBeLessThanOrEqual(RANDOM_ALIGNMENT_TOLERANCE);
      expect(l.lamellas.reduce((s, x) => s + x.width, 0)).toBeCloseTo(600, 9);
      expect(l.lamellas.every((x) => x.width > 0 && x.width <= 130 + 1e-9)).toBe(true);
    }
    expect(RANDOM_ALIGNMENT_TOLERANCE).toBe(50);
  });
});

describe('lamella door drawing', () => {
  const props = {
    '141': { value: 900 },
    '142': { value: 2100 },
    '143': { optionId: 230 },
    '144': { optionId: 235 },
    '147': { optionId: 243 },
    '300': { optionId: 311 },
    '302': { value: 130 },
    '303': { optionId: 315 },
  };

  it('draws the panel at its size with ceil(900 / 130) = 7 lamellas, horizontal grain and hinges on the right', () => {
    const d = drawInstance(doorInput(props), { units: 'mm', showDimensions: false });
    expect(byClass(d.root, 'panel')[0]!.attrs).toMatchObject({ width: 900, height: 2100, fill: '#dcc39a' });
    const lamellas = byClass(d.root, 'lamella');
    expect(lamellas.length === 7 || lamellas.length === 8).toBe(true);
    const grain = byClass(d.root, 'grain')[0]!.attrs.d as string;
    expect(grain.startsWith('M')).toBe(true);
    expect(grain).toContain('h'); // horizontal strokes
    // 2100 mm high: 4 hinges, on the right edge.
    const hinges = byClass(d.root, 'hinge');
    expect(hinges).toHaveLength(hingeCount(2100));
    expect(hingeCount(2100)).toBe(4);
    expect(hinges.every((h) => Number(h.attrs.x) + Number(h.attrs.width) === 900)).toBe(true);
  });

  it('is the same drawing every time for the same instance, another for another id', () => {
    const one = JSON.stringify(drawInstance(doorInput(props, 41), { units: 'mm', showDimensions: true }));
    expect(JSON.stringify(drawInstance(doorInput(props, 41), { units: 'mm', showDimensions: true }))).toBe(one);
    expect(JSON.stringify(drawInstance(doorInput(props, 42), { units: 'mm', showDimensions: true }))).not.toBe(one);
  });

  it('uses the quantity in quantity mode and the defaults 600 × 2000 without sizes', () => {
    const d = drawInstance(doorInput({ '300': { optionId: 310 }, '301': { value: 3 } }), { units: 'mm', showDimensions: false });
    expect(byClass(d.root, 'lamella').map((l) => (l.children as SvgNode[])[0]!.attrs.width)).toEqual([200, 200, 200]);
    expect(byClass(d.root, 'panel')[0]!.attrs).toMatchObject({ width: 600, height: 2000 });
    expect(d.warnings).toEqual(['No size given; drawn at the default 600 × 2000 mm.']);
  });
});
