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
const texts: ProductCanvasTextJson[] = [{ ...base, id: 1, text: 'Align <panel 1> & door', position: { x: 10, y: 10 }, width: 100, customViewId: 5 }];
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
    expect([...doc.querySelectorAll('text')].map((t) => t.textContent)).toContain('Align <panel 1> & door');
    expect(doc.querySelector('[data-id="line-1"]')!.getAttribute('marker-end')).toBe('url(#arrow)');
    // Dimensions: the area's width 240".
    expect([...doc.querySelectorAll('text[data-layer="dimensions"]')].map((t) => t.textContent)).toContain('240"');
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
