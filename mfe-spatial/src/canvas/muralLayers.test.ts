import { describe, expect, it } from 'vitest';
import type { EntityJson } from '@cpq/domain';
import { coveredAreas, muralDrawOrder, textureArea } from './muralLayers.ts';
import { coverCrop } from './muralPicture.ts';
import { viewObjects } from './viewObjects.ts';

const ent = (id: number, type: EntityJson['type'], data: Record<string, unknown>, parentId: number | null = null) => ({ id, orgId: 1798, productOrderId: 1, type, parentId, data: { archCustomViewId: 1, ...data } }) as unknown as EntityJson;
const box = (x: number, y: number, width: number, height: number) => ({ position: { x, y }, size: { width, height } });

// The demo's North Wall: a 240 × 108 area (1), its Birch Forest texture (2), two panels, a seam.
const area = ent(1, 'calicoMuralArea', box(0, 0, 240, 108));
const texture = ent(2, 'calicoMuralTexture', { ...box(0, 0, 775, 175), muralProductOptionId: 991 }, 1);
const panel2 = ent(5, 'calicoMuralPanel', { ...box(54, 0, 46, 108), panelNumber: 2 }, 1);
const panel1 = ent(4, 'calicoMuralPanel', { ...box(0, 0, 54, 108), panelNumber: 1 }, 1);
const seam = ent(3, 'calicoMuralSeam', { from: { x: 100, y: 0 }, to: { x: 100, y: 108 } });
const empty = ent(6, 'calicoMuralArea', box(300, 0, 50, 50));

describe('mural entities on the stage', () => {
  it('stack texture, panels, area, then lines: the area’s edge is never under its texture', () => {
    expect(muralDrawOrder([seam, area, panel2, texture, panel1]).map((e) => e.id)).toEqual([2, 5, 4, 1, 3]);
  });
  it('an area with a texture or panel over it answers on its edge only; an empty one on its whole inside', () => {
    expect([...coveredAreas([area, texture, empty])]).toEqual([1]);
    expect([...coveredAreas([area, empty])]).toEqual([]);
    // The texture reaches x = 775 but is drawn inside its area only: the area at 300 stays uncovered.
    expect([...coveredAreas([area, texture, empty])]).not.toContain(6);
    expect([...coveredAreas([panel1, empty, ent(8, 'calicoMuralPanel', box(320, 10, 5, 5))])]).toEqual([6]);
  });
  it('a texture is clipped to its parent area; without one it is drawn whole', () => {
    expect(textureArea(texture, [area, texture])).toEqual({ x: 0, y: 0, width: 240, height: 108 });
    expect(textureArea(ent(7, 'calicoMuralTexture', box(0, 0, 10, 10)), [area])).toBeNull();
  });
  it('a picture fills its texture cropped from its middle at the texture’s proportions', () => {
    // A 400 × 300 picture on a 240 × 54 texture (4.44 : 1): the full width, 90 high, 105 from the top.
    expect(coverCrop({ width: 400, height: 300 }, { width: 240, height: 54 })).toEqual({ x: 0, y: 105, width: 400, height: 90 });
    // On a tall texture (1 : 2): the full height, 150 wide, 125 from the left.
    expect(coverCrop({ width: 400, height: 300 }, { width: 50, height: 100 })).toEqual({ x: 125, y: 0, width: 150, height: 300 });
  });
});

describe('the objects list of a view', () => {
  const layers = { murals: true, panelsAndSeams: true, dimensions: true };
  const designTitle = (id: unknown) => (id === 991 ? 'Birch Forest' : null);
  const base = { items: [], texts: [], lines: [], layers, murals: true, designTitle };
  it('names areas, textures by design, panels by number (in order), seams', () => {
    expect(viewObjects({ ...base, entities: [seam, panel2, texture, area, panel1, empty] }).map((o) => o.name)).toEqual(['Mural area 1', 'Mural area 2', 'Birch Forest texture', 'Panel 1', 'Panel 2', 'Seam 1']);
  });
  it('a second texture is told apart by its number', () => {
    expect(viewObjects({ ...base, entities: [texture, ent(9, 'calicoMuralTexture', { ...box(0, 0, 240, 54), muralProductOptionId: 991 }, 1)] }).map((o) => o.name)).toEqual(['Birch Forest texture', 'Birch Forest texture 2']);
  });
  it('leaves out what a layer toggle hides', () => {
    expect(viewObjects({ ...base, layers: { ...layers, panelsAndSeams: false }, entities: [seam, panel1, area] }).map((o) => o.name)).toEqual(['Mural area 1']);
  });
  it('lists items, texts and lines after the entities, each selecting its own row', () => {
    const objects = viewObjects({ ...base, entities: [area], items: [{ item: { id: 9, title: 'North wall mural' }, x: 0, y: 0 }] as never, texts: [{ id: 3, text: 'Align panel 1 with door frame' }] as never, lines: [{ id: 4 }] as never });
    expect(objects).toEqual([
      { sel: { key: 'entities', id: 1 }, name: 'Mural area 1' },
      { sel: { key: 'productInstances', id: 9 }, name: 'Item: North wall mural' },
      { sel: { key: 'productCanvasTexts', id: 3 }, name: 'Text: Align panel 1 with door frame' },
      { sel: { key: 'productCanvasLines', id: 4 }, name: 'Line 1' },
    ]);
  });
});
