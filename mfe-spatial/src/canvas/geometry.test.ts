import { describe, expect, it } from 'vitest';
import type { EntityJson } from '@cpq/domain';
import { GRID_MIN_PX, gridLabelXs, gridLinesInView, gripTarget, nextItemSpot, snapCandidates, stageScale } from './geometry.ts';

const rules = { scale: { plan: 3, customView: null }, viewportSize: { width: 1200, height: 600 } };
const entity = (id: number, data: Record<string, unknown>) => ({ id, type: 'calicoMuralArea', data }) as unknown as EntityJson;

describe('the stage scale', () => {
  it('is the view kind’s scale (2 where none is set), and a viewport’s frame is its screen size in drawing units', () => {
    expect(stageScale('plan', rules, 900)).toEqual({ baseScale: 3, frame: { width: 400, height: 200 } });
    expect(stageScale('customView', rules, 900)).toEqual({ baseScale: 2, frame: { width: 600, height: 300 } });
  });
  it('fits a whole panel row (1400 wide, 50 to spare) across the Panel Layout, never above the view scale', () => {
    expect(stageScale('panelLayout', rules, 900).baseScale).toBe((900 - 80) / 1450);
    expect(stageScale('panelLayout', rules, 10_000).baseScale).toBe(2);
  });
});

describe('the grid', () => {
  it('has a line every size across and down a frame on screen, edges included', () => {
    expect(gridLinesInView(10, { x: -40, y: -40, width: 200, height: 200 }, { width: 20, height: 10 }, 1)).toEqual([
      [0, 0, 0, 10],
      [10, 0, 10, 10],
      [20, 0, 20, 10],
      [0, 0, 20, 0],
      [0, 10, 20, 10],
    ]);
  });
  it('draws only the lines on screen: a frame panned half away keeps its visible half', () => {
    // Screen shows x 15..115, y -5..5 of a 100 × 10 frame with 10-unit squares.
    expect(gridLinesInView(10, { x: 15, y: -5, width: 100, height: 10 }, { width: 100, height: 10 }, 1)).toEqual([
      [20, 0, 20, 5],
      [30, 0, 30, 5],
      [40, 0, 40, 5],
      [50, 0, 50, 5],
      [60, 0, 60, 5],
      [70, 0, 70, 5],
      [80, 0, 80, 5],
      [90, 0, 90, 5],
      [100, 0, 100, 5],
      [15, 0, 100, 0],
    ]);
  });
  it('on the plan (no frame) runs across the whole screen, negative coordinates too', () => {
    expect(gridLinesInView(12, { x: -30, y: -13, width: 40, height: 20 }, null, 1)).toEqual([
      [-24, -13, -24, 7],
      [-12, -13, -12, 7],
      [0, -13, 0, 7],
      [-30, -12, 10, -12],
      [-30, 0, 10, 0],
    ]);
  });
  it('is left out when its squares are under 2 px on screen, and off screen', () => {
    expect(GRID_MIN_PX).toBe(2);
    expect(gridLinesInView(12, { x: 0, y: 0, width: 1000, height: 1000 }, null, 1 / 8)).toEqual([]);
    expect(gridLinesInView(50, { x: 0, y: 0, width: 100, height: 100 }, null, 0.03)).toEqual([]);
    // 1053: 50 mm at 0.08 px per mm is 4 px, drawn.
    expect(gridLinesInView(50, { x: 0, y: 0, width: 100, height: 100 }, null, 0.08)).toHaveLength(6);
    expect(gridLinesInView(10, { x: 500, y: 0, width: 100, height: 100 }, { width: 100, height: 100 }, 1)).toEqual([]);
  });
  it('is labelled every 20 squares', () => {
    expect(gridLabelXs(50, 2500)).toEqual([0, 1000, 2000]);
    expect(gridLabelXs(50, 999)).toEqual([0]);
  });
});

describe('snapping', () => {
  const walls = [{ from: { x: 0, z: 0 }, to: { x: 100, z: 0 } }];
  it('a drawn end snaps to wall ends on the plan, to box corners and line ends in a viewport', () => {
    const inView = [entity(1, { position: { x: 10, y: 20 }, size: { width: 30, height: 40 } }), entity(2, { from: { x: 1, y: 2 }, to: { x: 3, y: 4 } }), entity(3, {})];
    const pts = (...xy: number[]) => xy.flatMap((v, i) => (i % 2 ? [] : [{ x: v, y: xy[i + 1] }]));
    expect(snapCandidates(null, inView, walls)).toEqual(pts(0, 0, 100, 0));
    // The box's four corners (top left, top right, bottom left, bottom right), then the line's two ends.
    expect(snapCandidates(7, inView, walls)).toEqual(pts(10, 20, 40, 20, 10, 60, 40, 60, 1, 2, 3, 4));
  });
  it('a grip snaps to the other ends within 5 px, never to the corner it moves', () => {
    const ends = [{ x: 0, y: 0 }, { x: 100, y: 0 }];
    // The moved corner (100, 0) is 3 px away but left out; the other end's y is within 5 px.
    expect(gripTarget({ x: 100, y: 0 }, ends, { x: 97, y: 3 }, 1)).toEqual({ x: 97, y: 0 });
    // At 10 px per unit, 3 units are 30 px: too far to snap.
    expect(gripTarget({ x: 100, y: 0 }, ends, { x: 97, y: 3 }, 10)).toEqual({ x: 97, y: 3 });
  });
});

it('an item placed from the list goes right of the placed ones, a sixth of a box apart', () => {
  expect(nextItemSpot({ width: 60, height: 30 }, 0)).toEqual({ x: 10, y: 10 });
  expect(nextItemSpot({ width: 60, height: 30 }, 2)).toEqual({ x: 10 + 2 * 70, y: 10 });
});
