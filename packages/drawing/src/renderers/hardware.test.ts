import { describe, expect, it } from 'vitest';
import { drawInstance } from '../draw.ts';
import { doorInput, keypadInput } from '../fixtures.test-utils.ts';
import type { SvgNode } from '../types.ts';

const byClass = (n: SvgNode | string, cls: string): SvgNode[] =>
  typeof n === 'string' ? [] : [...(n.attrs.class === cls ? [n] : []), ...(n.children ?? []).flatMap((c) => byClass(c, cls))];
const byTag = (n: SvgNode | string, tag: string): SvgNode[] =>
  typeof n === 'string' ? [] : [...(n.tag === tag ? [n] : []), ...(n.children ?? []).flatMap((c) => byTag(c, tag))];
const textOf = (n: SvgNode | string): string => (typeof n === 'string' ? n : (n.children ?? []).map(textOf).join(' ').trim());

/** Fjord House's D-101 as the demo seeds it: every door setting chosen. */
const D101 = {
  '141': { value: 820 },
  '142': { value: 2040 },
  '304': { value: 67 },
  '143': { optionId: 230 },
  '144': { optionId: 234 },
  '310': { optionId: 334 },
  '147': { optionId: 243 },
  '305': { optionId: 320 },
  '306': { optionId: 323 },
  '307': { optionId: 329 },
  '308': { optionId: 332 },
  '309': { value: 'Matt black hinges; soft-close stop' },
  '161': { value: 'D-101' },
  '300': { optionId: 311 },
  '302': { value: 120 },
  '303': { optionId: 312 },
};
const mm = { units: 'mm', showDimensions: true } as const;

describe('door hardware on the drawing', () => {
  it.each([
    [322, 2],
    [323, 3],
    [324, 4],
    [325, 5],
  ])('hinge count option %i: %i hinge marks, all on the hinge side', (optionId, n) => {
    const right = drawInstance(doorInput({ ...D101, '306': { optionId } }), mm);
    const hinges = byClass(right.root, 'hinge');
    expect(hinges).toHaveLength(n);
    // Hung on the right: every hinge plate ends at the door's right edge (820 mm).
    expect(hinges.every((h) => Number(h.attrs.x) + Number(h.attrs.width) === 820)).toBe(true);
    const left = drawInstance(doorInput({ ...D101, '147': { optionId: 242 }, '306': { optionId } }), mm);
    expect(byClass(left.root, 'hinge').map((h) => h.attrs.x)).toEqual(Array(n).fill(0));
    expect(textOf(right.root)).toContain(`${n} hinges`);
  });

  it('a swinging door has the dashed swing lines; a sliding one has no hinges, no swing and a slide arrow', () => {
    const swing = drawInstance(doorInput(D101), mm);
    expect(byClass(swing.root, 'swing')).toHaveLength(1);
    expect(byClass(swing.root, 'slide-arrow')).toHaveLength(0);
    const slide = drawInstance(doorInput({ ...D101, '305': { optionId: 321 } }), mm);
    expect(byClass(slide.root, 'hinge')).toHaveLength(0);
    expect(byClass(slide.root, 'swing')).toHaveLength(0);
    expect(byClass(slide.root, 'slide-arrow')).toHaveLength(1);
    expect(textOf(slide.root)).toContain('Sliding');
  });

  it('draws the handle and the lock on the edge away from the hinges, 1000 mm above the floor, with their names', () => {
    const d = drawInstance(doorInput(D101), mm);
    const handle = byClass(d.root, 'handle')[0]!;
    expect(handle.attrs['data-handle']).toBe('lever');
    const rose = byTag(handle, 'circle')[0]!;
    // Hinges right → handle left, 70 mm in; 2040 − 1000 = 1040 mm from the top.
    expect(rose.attrs).toMatchObject({ cx: 70, cy: 1040 });
    const lock = byClass(d.root, 'lock')[0]!;
    expect(lock.attrs['data-lock']).toBe('keyed');
    expect(byTag(lock, 'circle')[0]!.attrs).toMatchObject({ cx: 70, cy: 1170 });
    expect(textOf(byClass(d.root, 'handle-label')[0]!)).toBe('Lever Handle');
    expect(textOf(byClass(d.root, 'lock-label')[0]!)).toBe('Keyed Lock');
    // No handle and no lock chosen: nothing drawn for them.
    const bare = drawInstance(doorInput({ ...D101, '307': { optionId: 326 }, '308': { optionId: 330 } }), mm);
    expect(byTag(byClass(bare.root, 'handle')[0]!, 'circle')).toHaveLength(0);
    expect(byClass(bare.root, 'handle-label')).toHaveLength(0);
    expect(byClass(bare.root, 'lock-label')).toHaveLength(0);
  });

  it('draws the edge at the panel thickness with its dimension, in the chosen units', () => {
    const d = drawInstance(doorInput(D101), mm);
    expect(byClass(d.root, 'edge')[0]!.attrs.width).toBe(67);
    const labels = byClass(d.root, 'dimension').map(textOf);
    expect(labels).toEqual(expect.arrayContaining(['820 mm', '2040 mm', '67 mm']));
    // 67 mm = 2.6378 in = 42.2 sixteenths → 42/16 = 2 5/8".
    const inches = drawInstance(doorInput(D101), { units: 'in', showDimensions: true });
    expect(byClass(inches.root, 'dimension').map(textOf)).toContain('2 5/8"');
    // Without a thickness: the door panel default, 67 mm.
    const { '304': _, ...noThickness } = D101;
    expect(byClass(drawInstance(doorInput(noThickness), mm).root, 'edge')[0]!.attrs.width).toBe(67);
  });
});

describe('the settings table', () => {
  it('lists every setting of the door with its value, in the product property order, and the notes', () => {
    const d = drawInstance(doorInput(D101, 41, 'Entrance door, north elevation'), { ...mm, legend: true });
    const rows = byClass(d.root, 'legend-row');
    expect(rows.map((r) => r.attrs['data-setting'])).toEqual([
      'Property 141', 'Property 142', 'Property 143', 'Panel Thickness', 'Property 144', 'Veneer Profile', 'Property 147',
      'Opening', 'Hinges', 'Handle', 'Lock', 'Hardware Notes', 'Door Unit Number',
      'Property 300', 'Property 301', 'Property 302', 'Property 303', 'Notes',
    ]);
    const value = (setting: string) => textOf(rows.find((r) => r.attrs['data-setting'] === setting)!).replace(/\s+/g, ' ').trim();
    expect(value('Property 141')).toBe('Property 141 820 mm');
    expect(value('Panel Thickness')).toBe('Panel Thickness 67 mm');
    expect(value('Veneer Profile')).toBe('Veneer Profile V-Groove');
    expect(value('Opening')).toBe('Opening Swing');
    expect(value('Hinges')).toBe('Hinges 3 Hinges');
    expect(value('Handle')).toBe('Handle Lever Handle');
    expect(value('Lock')).toBe('Lock Keyed Lock');
    expect(value('Hardware Notes')).toBe('Hardware Notes Matt black hinges; soft-close stop');
    expect(value('Door Unit Number')).toBe('Door Unit Number D-101');
    // Quantity mode's count is not set on a door by lamella width.
    expect(value('Property 301')).toBe('Property 301 —');
    expect(value('Notes')).toBe('Notes Entrance door, north elevation');
  });

  it('is left out unless asked for, and sits right of the drawing (the drawing grows by its width)', () => {
    const without = drawInstance(doorInput(D101), { ...mm, pxPerUnit: 0.2 });
    expect(byClass(without.root, 'legend')).toHaveLength(0);
    const withLegend = drawInstance(doorInput(D101), { ...mm, pxPerUnit: 0.2, legend: true });
    expect(withLegend.width).toBeGreaterThan(without.width);
    expect(withLegend.height).toBe(without.height);
  });
});

describe('readable dimensions', () => {
  const fontsPx = (root: SvgNode, pxPerUnit: number) => byTag(root, 'text').map((t) => Number(t.attrs['font-size']) * pxPerUnit);

  it('every dimension, label and table text is at least 12 px (9 pt) at a drawings page scale', () => {
    // A 2040 mm door on a 460 px tall drawing box: about 0.2 px per mm.
    for (const pxPerUnit of [0.2, 2.5, 3.78]) {
      const d = drawInstance(doorInput(D101), { ...mm, pxPerUnit, legend: true });
      const sizes = fontsPx(d.root, pxPerUnit);
      expect(sizes.length).toBeGreaterThan(20);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12 - 1e-6);
    }
  });

  it('the order page preview: fitted to 320 px tall, its labels are 12 px where it is shown', () => {
    const d = drawInstance(doorInput(D101), { ...mm, fitHeightPx: 320 });
    // Shown 320 px tall (or less when the door frame reaches above the door): its px per mm there.
    const shown = Math.min(d.pxPerUnit, 320 / d.height);
    expect(d.height * d.pxPerUnit).toBeLessThanOrEqual(320 * 1.05);
    for (const t of byClass(d.root, 'dimension').flatMap((n) => byTag(n, 'text'))) expect(Number(t.attrs['font-size']) * shown).toBeGreaterThanOrEqual(11.5);
  });
});

describe('warnings in the chosen units', () => {
  it('the keypad without a plate size says its stand-in size in inches when drawn in inches', () => {
    // 82 mm × 0.0393701 = 3.2283 in = 51.65 sixteenths → 52/16 = 3 1/4".
    expect(drawInstance(keypadInput({}), { units: 'in', showDimensions: true }).warnings).toContain('No plate size chosen; drawn as 3 1/4" × 3 1/4".');
    expect(drawInstance(keypadInput({}), { units: 'mm', showDimensions: true }).warnings).toContain('No plate size chosen; drawn as 82 × 82 mm.');
  });

  it('a door without a size says the default 600 × 2000 mm in inches: 23 5/8" × 78 3/4"', () => {
    // 600 / 25.4 = 23.622 in → 378/16 = 23 5/8; 2000 / 25.4 = 78.740 in = 1259.8 sixteenths → 1260/16 = 78 3/4.
    expect(drawInstance(doorInput({}), { units: 'in', showDimensions: false }).warnings).toEqual(['No size given; drawn at the default 23 5/8" × 78 3/4".']);
  });
});
