import { describe, expect, it, vi } from 'vitest';
import type { ArchWallJson } from '@cpq/domain';
import { fitTexture, muralOptionId, newEntityData, optionData } from './newEntity.ts';
import type { CanvasItem } from './types.ts';

const wall = { id: 1, from: { x: 0, z: 10 }, to: { x: 100, z: 30 } } as ArchWallJson;
const options = [
  { id: 5, data: { fill: '#fff' } },
  { id: 6, data: { panelWidth: 30 } },
];
const itemWith = (...optionIds: number[]) => ({ id: 1, properties: Object.fromEntries(optionIds.map((id, i) => [`p${i}`, { optionId: id }])) }) as unknown as CanvasItem;

describe('a new entity', () => {
  it('a box starts at (20, 20) in its viewport; a seam is a vertical line there instead, with no position or size', () => {
    expect(newEntityData('calicoMuralPanel', 3, wall, () => 0)).toEqual({ archCustomViewId: 3, position: { x: 20, y: 20 }, size: { width: 30, height: 30 }, bleedLeft: 0.5, bleedRight: 0.5, bleedTop: 1, bleedBottom: 1 });
    expect(newEntityData('calicoMuralSeam', 3, wall, () => 0)).toEqual({ archCustomViewId: 3, from: { x: 20, y: 20 }, to: { x: 20, y: 120 }, thickness: 1, alignment: 'center', alignmentMode: 'standard' });
  });
  it('what the tool gives (a drawn line’s ends, an area’s size) wins over the defaults', () => {
    const ends = { from: { x: 1, y: 2 }, to: { x: 1, y: 9 } };
    expect(newEntityData('calicoMismatchLine', 3, wall, () => 0, ends)).toEqual({ archCustomViewId: 3, ...ends });
    expect(newEntityData('calicoMuralArea', 3, wall, () => 0, { size: { width: 240, height: 108 } })).toMatchObject({ size: { width: 240, height: 108 } });
  });
  it('only a texture asks for the mural design', () => {
    const mural = vi.fn(() => 6);
    newEntityData('calicoMuralPanel', 3, wall, mural);
    expect(mural).not.toHaveBeenCalled();
    expect(newEntityData('calicoMuralTexture', 3, wall, mural)).toMatchObject({ muralProductOptionId: 6, size: { width: 775, height: 175 }, substrate: 'standardCommercial' });
  });
  it('a wall label sits at the first wall’s middle on the plan, its view starting at that wall’s start', () => {
    expect(newEntityData('calicoWallLabel', 3, wall, () => 0)).toMatchObject({ labelPlanPosition: { x: 50, z: 20 }, viewStartPlanPosition: { x: 0, z: 10 }, customViewPosition: { x: 20, y: 20 }, indicateViewStartOnPlan: false });
    expect(newEntityData('calicoWallLabel', 3, undefined, () => 0)).toMatchObject({ labelPlanPosition: { x: 20, z: 20 }, viewStartPlanPosition: { x: 0, z: 0 } });
  });
});

describe('the mural design', () => {
  it('is the first chosen option that has a panel width, else the fallback design', () => {
    expect(muralOptionId([itemWith(5), itemWith(5, 6)], options)).toBe(6);
    expect(muralOptionId([itemWith(5)], options)).toBe(990);
    expect(muralOptionId([], options)).toBe(990);
  });
  it('an option’s data, or nothing for an unknown option', () => {
    expect(optionData(options, 6)).toEqual({ panelWidth: 30 });
    expect(optionData(options, 7)).toEqual({});
  });
});

describe('a new texture in its mural area', () => {
  const area = { position: { x: 10, y: 5 }, size: { width: 240, height: 108 } };
  const design = { width: 775, height: 175 };
  it('scaled both ways: it covers the area, 775 × 175 becomes 240 × 108 at the area’s top left', () => {
    expect(fitTexture(design, area, {})).toEqual({ position: { x: 10, y: 5 }, size: { width: 240, height: 108 } });
    expect(fitTexture(design, area, { canScaleX: true, canScaleY: true })).toEqual(fitTexture(design, area, {}));
  });
  it('one way only: that side takes the area’s, the other keeps the design’s (and is clipped when drawn)', () => {
    expect(fitTexture(design, area, { canScaleY: false }).size).toEqual({ width: 240, height: 175 });
    expect(fitTexture(design, area, { canScaleX: false }).size).toEqual({ width: 775, height: 108 });
    expect(fitTexture(design, area, { canScaleX: false, canScaleY: false }).size).toEqual(design);
  });
  it('a design smaller than its area grows to cover it', () => {
    expect(fitTexture({ width: 100, height: 50 }, area, {}).size).toEqual({ width: 240, height: 108 });
  });
});
