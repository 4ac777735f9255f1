// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { EntityJson } from '@cpq/domain';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { muralDesigns, spatialPages } from './spatialPages.ts';

const base = { orgId: 1798, productOrderId: 1 };
const views = [
  { ...base, id: 2, title: 'East Wall', rank: 2, drawingNotesData: { general: 'Check outlets', calicoMuralSeam: 'Seams 2 red' } },
  { ...base, id: 1, title: 'North Wall', rank: 1 },
];
const entity = (id: number, type: string, viewId: number, data: object = {}, parentId?: number): EntityJson => ({ ...base, id, type, ...(parentId ? { parentId } : {}), data: { archCustomViewId: viewId, position: { x: 0, y: 0 }, size: { width: 54, height: 108 }, ...data } });
const text = { ...base, id: 1, text: 'Align panel 1 with door frame', position: { x: 20, y: 10 }, width: 80, customViewId: 1 };
const data = {
  archCustomViews: views,
  entities: [entity(1, 'calicoMuralArea', 2), entity(2, 'calicoMuralPanel', 2, { panelNumber: 1 }), entity(3, 'calicoMuralPanel', 2, { panelNumber: 2, isDisabled: true })],
  productCanvasTexts: [text],
  productInstances: [],
};
const murals = { ...DEFAULT_RULES.spatial, murals: true };
const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

// The catalogue as the drawings read it: option 991 has a picture, 990 is the fallback (it has one too).
const options = new Map([
  [991, { id: 991, title: 'Birch Forest', thumbnailUrl: '/api/media/2/file', data: {} }],
  [990, { id: 990, title: 'Fallback Mural', thumbnailUrl: '/api/media/70/file', data: { fallback: true } }],
  [992, { id: 992, title: 'Coastal Fog', thumbnailUrl: null, data: {} }],
]);
const catalogue = { option: (id: number) => options.get(id) as never };

describe('pages of a spatial order', () => {
  it('without murals: one page per viewport that draws something, by rank', () => {
    expect(spatialPages(data, DEFAULT_RULES.spatial).pages.map((p) => [p.type, p.title])).toEqual([
      ['spatialCustomView', 'North Wall'],
      ['spatialCustomView', 'East Wall'],
    ]);
  });
  it('with murals: the mural page types of a viewport holding mural entities; a page with nothing to draw is left out with a note', () => {
    const set = spatialPages(data, murals);
    expect(set.pages.map((p) => p.title)).toEqual(['North Wall', 'Elevation Layout · East Wall', 'Print Panel Layout · East Wall', 'Installer Layout · East Wall']);
    expect(set.leftOut.map((p) => p.note)).toEqual(['Mural Rendering · East Wall is left out: no mural texture yet. Add a texture to the mural area on the canvas.']);
  });
  it('leaves out the Print Panel Layout and the Installer Layout of a viewport without (enabled) panels or seams, and an empty viewport', () => {
    const set = spatialPages({ ...data, productCanvasTexts: [], entities: [entity(1, 'calicoMuralArea', 2), entity(4, 'calicoMuralTexture', 2, { muralProductOptionId: 991 }, 1), entity(3, 'calicoMuralPanel', 2, { isDisabled: true })] }, murals);
    expect(set.pages.map((p) => p.title)).toEqual(['Elevation Layout · East Wall', 'Mural Rendering · East Wall']);
    expect(set.leftOut.map((p) => p.note)).toEqual([
      'North Wall is left out: nothing is drawn on this viewport yet.',
      'Print Panel Layout · East Wall is left out: no panels yet. Generate panels from the mural area on the canvas.',
      'Installer Layout · East Wall is left out: no panels or seams yet. Generate panels or draw seams on the canvas.',
    ]);
  });
  it('a viewport with seams but no panels keeps its Installer Layout', () => {
    const seam = entity(5, 'calicoMuralSeam', 2, { from: { x: 54, y: 0 }, to: { x: 54, y: 108 } });
    const set = spatialPages({ ...data, entities: [entity(1, 'calicoMuralArea', 2), seam] }, murals);
    expect(set.pages.map((p) => p.type)).toContain('muralSeam');
    expect(set.pages.map((p) => p.type)).not.toContain('muralPanel');
  });
  it('each page carries its own notes: the general ones and those of its type', () => {
    const { pages } = spatialPages(data, murals);
    expect(pages.find((p) => p.type === 'muralSeam')!.notes).toEqual([{ key: 'general', text: 'Check outlets' }, { key: 'calicoMuralSeam', text: 'Seams 2 red' }]);
    expect(pages.find((p) => p.type === 'muralArea')!.notes).toEqual([{ key: 'general', text: 'Check outlets' }]);
  });
  it('the print panel layout leaves disabled panels out and draws each at least 90 wide', () => {
    const svg = parse(spatialPages(data, murals).pages.find((p) => p.type === 'muralPanel')!.svg);
    const panels = [...svg.querySelectorAll('[data-id^="panel-"]')];
    expect(panels.map((p) => p.getAttribute('data-id'))).toEqual(['panel-2']);
    expect(panels[0]!.getAttribute('width')).toBe('90');
  });
  it('the Mural Rendering draws the chosen design’s picture; the Installer Layout draws it lighter', () => {
    const withTexture = { ...data, entities: [...data.entities, entity(4, 'calicoMuralTexture', 2, { muralProductOptionId: 991 }, 1)], productInstances: [{ ...base, id: 7, productId: 190, rank: 1, properties: {}, title: 'East mural', quantity: 1, archCustomViewId: 2 }] };
    const { pages } = spatialPages(withTexture, murals, { muralDesign: muralDesigns(catalogue) });
    const rendering = parse(pages.find((p) => p.type === 'muralTexture')!.svg);
    expect(rendering.querySelector('image')!.getAttribute('href')).toBe('/api/media/2/file');
    const installer = parse(pages.find((p) => p.type === 'muralSeam')!.svg);
    expect(installer.querySelector('[data-id="texture-4"]')!.getAttribute('opacity')).toBe('0.35');
    expect(installer.querySelector('[data-testid="drawing-panel"]')).not.toBeNull();
    // The item's box is on the Elevation Layout, not over the design nor over the installer's panels.
    expect(parse(pages.find((p) => p.type === 'muralArea')!.svg).querySelector('[data-id="item-7"]')).not.toBeNull();
    expect(rendering.querySelector('[data-id="item-7"]')).toBeNull();
    expect(installer.querySelector('[data-id="item-7"]')).toBeNull();
  });
  it('labels are sized for the page: the canvas text wraps to its width at no more than 12 px as printed', () => {
    // North Wall: the text's box (80 wide) and the 20 px margin make a small drawing that is scaled up to
    // fill 984 × 536 px: its letters would be huge at a fixed size in drawing units.
    const { pages } = spatialPages(data, DEFAULT_RULES.spatial, { drawingBoxPx: { width: 984, height: 536 } });
    const doc = parse(pages[0]!.svg);
    const [, , vw, vh] = doc.documentElement.getAttribute('viewBox')!.split(' ').map(Number) as number[];
    const pxPerUnit = Math.min(984 / vw!, 536 / vh!);
    const label = doc.querySelector('[data-id="text-1"]')!;
    expect(Number(label.getAttribute('font-size')) * pxPerUnit).toBeLessThanOrEqual(12.5);
    expect(Number(label.getAttribute('font-size')) * pxPerUnit).toBeGreaterThanOrEqual(7);
    const [x, , w] = label.getAttribute('data-box')!.split(' ').map(Number) as number[];
    expect(x).toBe(20);
    expect(w!).toBeLessThanOrEqual(80);
  });
});

describe('mural designs from the catalogue', () => {
  const design = muralDesigns(catalogue);
  it('an option’s name and picture; the fallback option and an option without a picture have none', () => {
    expect(design(991)).toEqual({ title: 'Birch Forest', pictureUrl: '/api/media/2/file' });
    expect(design(990)).toEqual({ title: 'Fallback Mural', pictureUrl: null });
    expect(design(992)).toEqual({ title: 'Coastal Fog', pictureUrl: null });
    expect(design(12345)).toBeNull();
    expect(design(null)).toBeNull();
  });
});
