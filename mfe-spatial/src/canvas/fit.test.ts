import { describe, expect, it } from 'vitest';
import type { ArchWallJson, EntityJson, ProductCanvasLineJson, ProductCanvasTextJson } from '@cpq/domain';
import { boundsOf, fitView, panelLayoutBounds, pinchView, planBounds, stageHeight, viewContent, viewKeyOf, viewportBounds } from './fit.ts';

const limits = { min: 1 / 512, max: 128 };

describe('zoom to fit', () => {
  it('takes the largest zoom at which the drawing fits inside a 24 px margin, and centres it', () => {
    // A 200 × 100 drawing on a 648 × 248 stage at scale 1: across (648 − 48) / 200 = 3, down
    // (248 − 48) / 100 = 2, so zoom 2; the drawing is 400 × 200 on screen, its centre (100, 50) goes to
    // the stage's centre (324, 124): pan (324 − 200, 124 − 100).
    expect(fitView({ x: 0, y: 0, width: 200, height: 100 }, { width: 648, height: 248 }, 1, limits)).toEqual({ zoom: 2, pan: { x: 124, y: 24 } });
    // The same at scale 2 needs half the zoom; a drawing away from the origin is panned back.
    expect(fitView({ x: 50, y: 10, width: 200, height: 100 }, { width: 648, height: 248 }, 2, limits)).toEqual({ zoom: 1, pan: { x: 324 - 150 * 2, y: 124 - 60 * 2 } });
  });
  it('the demo plan: two walls 240 by 180 (6 thick) fill the height of an 800 × 560 stage', () => {
    // An outline is the wall line widened 3 each side (not past its ends): the first wall spans
    // x 0..240, z −3..3, the second x 237..243, z 0..180; together (0, −3) to (243, 180).
    const walls = [
      { from: { x: 0, z: 0 }, to: { x: 240, z: 0 }, thickness: 6 },
      { from: { x: 240, z: 0 }, to: { x: 240, z: 180 }, thickness: 6 },
    ] as ArchWallJson[];
    const box = planBounds(walls, [], [])!;
    expect(box).toEqual({ x: 0, y: -3, width: 243, height: 183 });
    // Across (800 − 48) / 243 ≈ 3.09, down (560 − 48) / 183 ≈ 2.80: the height decides; the centre
    // (121.5, 88.5) goes to (400, 280).
    const fit = fitView(box, { width: 800, height: 560 }, 1, limits)!;
    expect(fit.zoom).toBeCloseTo(512 / 183);
    expect(fit.pan.x).toBeCloseTo(400 - 121.5 * (512 / 183));
    expect(fit.pan.y).toBeCloseTo(280 - 88.5 * (512 / 183));
  });
  it('stays within the organisation’s zoom limits', () => {
    // A 2 × 1 drawing would need zoom 200 (across) or 200 (down): held at 4.
    expect(fitView({ x: 0, y: 0, width: 2, height: 1 }, { width: 448, height: 248 }, 1, { min: 1 / 32, max: 4 })?.zoom).toBe(4);
    // A 40 000 wide one would need 0.01: held at 1/32.
    expect(fitView({ x: 0, y: 0, width: 40_000, height: 1 }, { width: 448, height: 248 }, 1, { min: 1 / 32, max: 4 })?.zoom).toBe(1 / 32);
  });
  it('fits a line with no height by its length, and centres a single point at zoom 1', () => {
    expect(fitView({ x: 0, y: 0, width: 100, height: 0 }, { width: 448, height: 248 }, 1, limits)).toEqual({ zoom: 4, pan: { x: 224 - 200, y: 124 } });
    expect(fitView({ x: 10, y: 20, width: 0, height: 0 }, { width: 448, height: 248 }, 2, limits)).toEqual({ zoom: 1, pan: { x: 224 - 20, y: 124 - 40 } });
  });
  it('leaves an empty view as it is', () => {
    expect(fitView(null, { width: 448, height: 248 }, 1, limits)).toBeNull();
    expect(planBounds([], [], [])).toBeNull();
    expect(viewportBounds({ entities: [], texts: [], lines: [], items: [] }, { width: 60, height: 30 }, 7)).toBeNull();
    expect(panelLayoutBounds({ title: 'Panel Layout', viewBox: { x: -20, y: -30, width: 140, height: 170 }, shapes: [] })).toBeNull();
  });
});

describe('what a view draws', () => {
  it('a viewport: its boxes, line entities, texts (width by one line), lines and placed items', () => {
    const entities = [
      { id: 1, type: 'calicoMuralArea', data: { position: { x: 10, y: 20 }, size: { width: 30, height: 40 } } },
      { id: 2, type: 'calicoMuralSeam', data: { from: { x: 5, y: 70 }, to: { x: 5, y: 90 } } },
    ] as unknown as EntityJson[];
    const texts = [{ position: { x: 100, y: 0 }, width: 80 }] as ProductCanvasTextJson[];
    const lines = [{ from: { x: -10, y: 30 }, to: { x: 0, y: 30 } }] as ProductCanvasLineJson[];
    const items = [{ item: {} as never, x: 150, y: 100 }];
    // Left: the line at −10; top: the text at 0; right: the text's end 180 and the item's 150 + 60 = 210;
    // bottom: the item's 100 + 30 = 130.
    expect(viewportBounds({ entities, texts, lines, items }, { width: 60, height: 30 }, 7)).toEqual({ x: -10, y: 0, width: 220, height: 130 });
  });
  it('the plan: wall labels at their plan position, elevations by their ends', () => {
    const label = { id: 3, type: 'calicoWallLabel', data: { labelPlanPosition: { x: -50, z: 400 } } } as unknown as EntityJson;
    expect(planBounds([], [{ from: { x: 0, z: 0 }, to: { x: 100, z: 50 } }], [label])).toEqual({ x: -50, y: 0, width: 150, height: 400 });
  });
  it('the Panel Layout: its scene’s frame once it has panels', () => {
    const viewBox = { x: -20, y: -30, width: 140, height: 170 };
    expect(panelLayoutBounds({ title: 'Panel Layout', viewBox, shapes: [{ kind: 'rect', x: 0, y: 0, width: 100, height: 100, layer: 'panels' }] })).toEqual(viewBox);
  });
  it('a viewport counts only its own texts and lines; the plan counts its walls, not a viewport’s rows', () => {
    const texts = [
      { position: { x: 0, y: 0 }, width: 10, customViewId: 7 },
      { position: { x: 500, y: 500 }, width: 10, customViewId: 8 },
    ] as ProductCanvasTextJson[];
    const lines = [{ from: { x: -20, y: 0 }, to: { x: 0, y: 0 }, customViewId: 8 }] as ProductCanvasLineJson[];
    const walls = [{ from: { x: 0, z: 0 }, to: { x: 100, z: 0 }, thickness: 2 }] as ArchWallJson[];
    const drawn = { walls, elevations: [], entities: [], viewId: 7, texts, lines, items: [], itemSize: { width: 60, height: 30 }, px: 0.5, panelLayout: null };
    expect(viewContent('customView', drawn)).toEqual({ x: 0, y: 0, width: 10, height: 7 });
    // A text is 14 screen px high: 7 at half a unit per pixel. The plan's wall (y −1..1) has its length
    // written from its middle (50, 0), 18 px (9) up, 40 × 11 px (20 × 5.5): y from −9 to 1, x to 70.
    expect(viewContent('plan', { ...drawn, viewId: null })).toEqual({ x: 0, y: -9, width: 100, height: 10 });
    expect(viewContent('panelLayout', drawn)).toBeNull();
    expect([viewKeyOf({ kind: 'plan' }), viewKeyOf({ kind: 'customView', id: 7 }), viewKeyOf(null)]).toEqual(['plan:', 'customView:7', '']);
  });
  it('the box around boxes and points', () => {
    expect(boundsOf([{ x: 1, y: 2, width: 0, height: 0 }, { x: -1, y: 5, width: 3, height: 1 }])).toEqual({ x: -1, y: 2, width: 3, height: 4 });
  });
});

describe('a pinch', () => {
  const from = { zoom: 1, pan: { x: 40, y: 40 }, fingers: [{ x: 100, y: 100 }, { x: 200, y: 100 }] as [{ x: number; y: number }, { x: number; y: number }] };
  it('fingers twice as far apart double the zoom around their midpoint', () => {
    // Midpoint (150, 100) is drawing point ((150 − 40) / 2, (100 − 40) / 2) = (55, 30) at scale 2;
    // at zoom 2 (scale 4) it stays under (150, 100): pan (150 − 220, 100 − 120).
    expect(pinchView(from, [{ x: 50, y: 100 }, { x: 250, y: 100 }], 2, limits)).toEqual({ zoom: 2, pan: { x: -70, y: -20 } });
  });
  it('fingers moved together without spreading pan the drawing by the move', () => {
    expect(pinchView(from, [{ x: 130, y: 90 }, { x: 230, y: 90 }], 2, limits)).toEqual({ zoom: 1, pan: { x: 70, y: 30 } });
  });
  it('stops at the zoom limits', () => {
    expect(pinchView(from, [{ x: 0, y: 100 }, { x: 1000, y: 100 }], 2, { min: 1 / 32, max: 4 }).zoom).toBe(4);
    expect(pinchView(from, [{ x: 149, y: 100 }, { x: 151, y: 100 }], 2, { min: 1 / 32, max: 4 }).zoom).toBe(1 / 32);
  });
});

describe('the stage height', () => {
  it('is 560 from a tablet’s width up; on a phone 60% of the screen, between 280 and 560', () => {
    expect(stageHeight(1024, 768)).toBe(560);
    expect(stageHeight(600, 400)).toBe(560);
    expect(stageHeight(358, 844)).toBe(506);
    expect(stageHeight(358, 300)).toBe(280);
    expect(stageHeight(358, 2000)).toBe(560);
  });
});
