// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ArchCustomViewJson, EntityJson, ProductCanvasLineJson, ProductCanvasTextJson } from '@cpq/domain';
import { buildViewScene, sceneToSvg } from './index.ts';

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');
const errorOf = (doc: Document) => doc.getElementsByTagName('parsererror')[0]?.textContent ?? null;

const view: ArchCustomViewJson = { id: 5, orgId: 1798, productOrderId: 1, title: 'North Wall', rank: 1 };
const base = { orgId: 1798, productOrderId: 1 };
const entities: EntityJson[] = [
  { ...base, id: 1, type: 'calicoMuralArea', data: { archCustomViewId: 5, position: { x: 0, y: 0 }, size: { width: 240, height: 108 } } },
  { ...base, id: 2, type: 'calicoMuralPanel', data: { archCustomViewId: 5, position: { x: 0, y: 0 }, size: { width: 54, height: 108 }, panelNumber: 1, bleedLeft: 0.5 } as EntityJson['data'] },
  { ...base, id: 3, type: 'calicoMuralSeam', data: { archCustomViewId: 5, from: { x: 54, y: 0 }, to: { x: 54, y: 108 }, thickness: 2 } },
  { ...base, id: 4, type: 'calicoMuralPanel', data: { archCustomViewId: 99, position: { x: 0, y: 0 }, size: { width: 54, height: 108 } } },
];
const texts: ProductCanvasTextJson[] = [{ ...base, id: 1, text: 'Align <panel 1> & door', position: { x: 60, y: 10 }, width: 100, customViewId: 5 }];
const lines: ProductCanvasLineJson[] = [{ ...base, id: 1, from: { x: 0, y: 0 }, to: { x: 50, y: 50 }, strokeWidth: 1, toSymbol: 'arrow', fromSymbol: 'none', customViewId: 5 }];
const opts = { units: 'in' as const, precision: 1, viewportSize: { width: 1006, height: 564 } };

describe('SVG export of a viewport', () => {
  it('is a valid SVG document with the view’s panels, seams, texts and arrowed lines, and nothing of other views', () => {
    const doc = parse(sceneToSvg(buildViewScene({ archCustomViews: [view], entities, productCanvasTexts: texts, productCanvasLines: lines }, { kind: 'customView', id: 5 }, opts)));
    expect(errorOf(doc)).toBeNull();
    const svg = doc.documentElement;
    expect(svg.tagName).toBe('svg');
    // The viewport's frame (1006 × 564) is inside the picture; the area's height label left of x = 0 widens it.
    const [x, y, w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
    expect(x).toBeLessThan(0);
    expect(y).toBeLessThanOrEqual(0);
    expect(x + w).toBeGreaterThanOrEqual(1006);
    expect(y + h).toBeGreaterThanOrEqual(564);
    expect(doc.querySelector('title')!.textContent).toBe('North Wall');
    expect(doc.querySelectorAll('[data-id^="panel-"]')).toHaveLength(1);
    const seam = doc.querySelector('[data-id="seam-3"]')!;
    expect(seam.getAttribute('stroke')).toBe('#fdd835');
    expect(seam.getAttribute('stroke-width')).toBe('2');
    // The canvas text (at x 60, right of the only panel) wraps inside its width (100) at 12 (6.72 a
    // glyph): 'Align <panel' is 80.6 wide, 'Align <panel 1>' would be 100.8.
    const canvasText = doc.querySelector('[data-id="text-1"]')!;
    expect([...canvasText.querySelectorAll('tspan')].map((t) => t.textContent)).toEqual(['Align <panel', '1> & door']);
    expect(doc.querySelector('[data-id="line-1"]')!.getAttribute('marker-end')).toBe('url(#arrow)');
    // Dimensions: the area's width 240".
    expect([...doc.querySelectorAll('text[data-layer="dimensions"]')].map((t) => t.textContent)).toContain('240"');
  });
  it('keeps a text that starts on a panel inside that panel: wrapped at its right edge, shrunk to its foot', () => {
    // Panel 2 spans x 0..54, y 0..108; the text starts at (10, 10) and is 100 wide on the canvas, so on
    // the page it may use x 10..54 and y 10..108 at most.
    const onPanel = [{ ...texts[0]!, text: 'Align panel 1 with door frame', position: { x: 10, y: 10 } }];
    const scene = buildViewScene({ archCustomViews: [view], entities, productCanvasTexts: onPanel }, { kind: 'customView', id: 5 }, opts);
    const label = scene.shapes.find((s) => s.kind === 'text' && s.id === 'text-1') as unknown as { box: { x: number; y: number; width: number; height: number }; within: string; lines: string[] };
    expect(label.within).toBe('panel-2');
    expect(label.box.x).toBe(10);
    expect(label.box.x + label.box.width).toBeLessThanOrEqual(54);
    expect(label.box.y + label.box.height).toBeLessThanOrEqual(108);
    expect(label.lines.join(' ')).toBe('Align panel 1 with door frame');
    // With the panels' layer hidden, the text keeps its canvas width.
    const plain = buildViewScene({ archCustomViews: [view], entities, productCanvasTexts: onPanel }, { kind: 'customView', id: 5 }, { ...opts, layers: { murals: true, panelsAndSeams: false, dimensions: true } });
    expect((plain.shapes.find((s) => s.kind === 'text' && s.id === 'text-1') as unknown as { within: string }).within).toBe('page');
  });
  it('leaves hidden layers out', () => {
    const scene = buildViewScene({ entities }, { kind: 'customView', id: 5 }, { ...opts, layers: { murals: true, panelsAndSeams: false, dimensions: false } });
    expect(scene.shapes.some((s) => s.layer === 'panels' || s.layer === 'seams' || s.layer === 'dimensions')).toBe(false);
    expect(scene.shapes.some((s) => s.layer === 'murals')).toBe(true);
  });
  it('stays well-formed whatever the texts hold', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 20 }), (text, title) => {
        const svg = sceneToSvg(buildViewScene({ archCustomViews: [{ ...view, title }], productCanvasTexts: [{ ...texts[0]!, text }] }, { kind: 'customView', id: 5 }, opts));
        expect(errorOf(parse(svg))).toBeNull();
      }),
    );
  });
  it('draws the plan: one outline per wall and its length', () => {
    const scene = buildViewScene({ archWalls: [{ ...base, id: 1, from: { x: 0, z: 0 }, to: { x: 240, z: 0 }, height: 96, thickness: 4 }] }, { kind: 'plan' }, opts);
    expect(scene.shapes.filter((s) => s.kind === 'polygon')).toHaveLength(1);
    expect(scene.shapes.find((s) => s.kind === 'text')).toMatchObject({ text: '240"' });
  });
});

describe('mural pictures and labels on printed pages', () => {
  const area: EntityJson = { ...base, id: 10, type: 'calicoMuralArea', data: { archCustomViewId: 5, position: { x: 0, y: 0 }, size: { width: 240, height: 108 } } };
  const texture = (data: object): EntityJson => ({ ...base, id: 11, type: 'calicoMuralTexture', parentId: 10, data: { archCustomViewId: 5, position: { x: -10, y: 0 }, size: { width: 300, height: 108 }, muralProductOptionId: 991, ...data } as EntityJson['data'] });
  const designs = (id: number | null) => (id === 991 ? { title: 'Birch Forest', pictureUrl: '/api/media/2/file' } : id === 990 ? { title: 'Fallback Mural', pictureUrl: '/api/media/9/file' } : null);
  const draw = (entities: EntityJson[], extra: object = {}) => parse(sceneToSvg(buildViewScene({ entities }, { kind: 'customView', id: 5 }, { ...opts, muralDesign: designs, ...extra }), { idPrefix: 'p1-' }));

  it('a texture shows its option’s picture over the texture, clipped to its mural area', () => {
    const doc = draw([area, texture({})]);
    const image = doc.querySelector('image')!;
    expect(image.getAttribute('href')).toBe('/api/media/2/file');
    expect([image.getAttribute('x'), image.getAttribute('width')]).toEqual(['-10', '300']);
    expect(image.getAttribute('transform')).toBeNull();
    // The texture reaches 10 past the area on both sides: only the area (0..240) is shown.
    const clipPath = doc.querySelector('clipPath')!;
    expect(clipPath.id).toMatch(/^p1-clip-/);
    const clip = clipPath.querySelector('rect')!;
    expect([clip.getAttribute('x'), clip.getAttribute('width'), clip.getAttribute('height')]).toEqual(['0', '240', '108']);
    expect(image.parentElement!.getAttribute('clip-path')).toBe(`url(#${clipPath.id})`);
  });
  it('mirrors the picture about the texture’s centre when the texture is flipped', () => {
    // flipX: x' = 2 × -10 + 300 - x = 280 - x; flipY: y' = 2 × 0 + 108 - y.
    expect(draw([area, texture({ flipX: true })]).querySelector('image')!.getAttribute('transform')).toBe('matrix(-1 0 0 1 280 0)');
    expect(draw([area, texture({ flipX: true, flipY: true })]).querySelector('image')!.getAttribute('transform')).toBe('matrix(-1 0 0 -1 280 108)');
  });
  it('the fallback option (990) and an option without a picture are the plain fill with the option’s name', () => {
    for (const [optionId, name] of [[990, 'Fallback Mural'], [555, 'Mural option 555']] as const) {
      const doc = draw([area, texture({ muralProductOptionId: optionId })]);
      expect(doc.querySelector('image')).toBeNull();
      expect(doc.querySelector('[data-id="texture-11"]')!.getAttribute('fill')).toBe('#a5d6a7');
      expect(doc.querySelector('[data-within="texture-11"]')!.textContent).toBe(name);
    }
  });
  it('draws no picture from an address that is not a picture’s', () => {
    const doc = parse(sceneToSvg(buildViewScene({ entities: [area, texture({})] }, { kind: 'customView', id: 5 }, { ...opts, muralDesign: () => ({ title: 'X', pictureUrl: 'javascript:alert(1)' }) })));
    expect(doc.querySelector('image')).toBeNull();
  });
  it('shows the picture lighter where asked (the Installer Layout)', () => {
    expect(draw([area, texture({})], { muralOpacity: 0.35 }).querySelector('[data-id="texture-11"]')!.getAttribute('opacity')).toBe('0.35');
  });
  it('fits a panel’s label inside the panel at the page’s scale', () => {
    // At 4 px a unit, labels are at most 14 px = 3.5 units; the panel is 20 × 108.
    const panel: EntityJson = { ...base, id: 12, type: 'calicoMuralPanel', data: { archCustomViewId: 5, position: { x: 0, y: 0 }, size: { width: 20, height: 108 }, panelDescriptionOverride: 'Align with door frame' } as EntityJson['data'] };
    const label = draw([panel], { pxPerUnit: 4 }).querySelector('[data-within="panel-12"]')!;
    const [x, y, w, h] = label.getAttribute('data-box')!.split(' ').map(Number) as [number, number, number, number];
    expect(x).toBeGreaterThanOrEqual(0);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(x + w).toBeLessThanOrEqual(20);
    expect(y + h).toBeLessThanOrEqual(108);
    expect(Number(label.getAttribute('font-size'))).toBeLessThanOrEqual(3.5);
    expect(Number(label.getAttribute('font-size'))).toBeGreaterThanOrEqual(7 / 4);
    expect(label.querySelectorAll('tspan').length).toBeGreaterThan(1);
  });
  it('on printed pages, lines are drawn in page pixels (1.5 a unit of stroke width), not scaled with the drawing', () => {
    const scene = buildViewScene({ entities: [area] }, { kind: 'customView', id: 5 }, opts);
    const page = parse(sceneToSvg(scene, { pageStrokes: true })).querySelector('[data-id="area-10"]')!;
    expect([page.getAttribute('stroke-width'), page.getAttribute('vector-effect')]).toEqual(['2.25', 'non-scaling-stroke']);
    const exported = parse(sceneToSvg(scene)).querySelector('[data-id="area-10"]')!;
    expect([exported.getAttribute('stroke-width'), exported.getAttribute('vector-effect')]).toEqual(['1.5', null]);
  });
});
