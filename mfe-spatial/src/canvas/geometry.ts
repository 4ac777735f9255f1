import type { EntityJson } from '@cpq/domain';
import type { SpatialRules } from '@cpq/plugin-sdk';
import { SPATIAL_DEFAULTS, snapPoint, type Point, type Rect } from '@cpq/spatial';
import { dataOf, toPoint } from './rows.ts';
import type { Size } from './types.ts';
import type { ViewRef } from './views.ts';

/** The stage's scale at zoom 1 (screen pixels per drawing unit) in a kind of view, and a viewport's frame at it. */
export function stageScale(kind: ViewRef['kind'] | undefined, rules: Pick<SpatialRules, 'scale' | 'viewportSize'>, stageWidth: number): { baseScale: number; frame: Size } {
  const viewScale = (kind === 'plan' ? rules.scale.plan : rules.scale.customView) ?? 2;
  // The Panel Layout shows a whole row (up to 1400 wide) across the stage.
  const baseScale = kind === 'panelLayout' ? Math.min(viewScale, (stageWidth - 80) / (SPATIAL_DEFAULTS.panelRowMaxWidth + 50)) : viewScale;
  // A viewport's frame is its size on screen at the view's scale, in drawing units.
  return { baseScale, frame: { width: rules.viewportSize.width / baseScale, height: rules.viewportSize.height / baseScale } };
}

/** Grid lines closer than this on screen are not drawn: they would grey the view out and cost time. */
export const GRID_MIN_PX = 2;

/**
 * The grid's lines in the part of the drawing on screen (`view`, in drawing units), as Konva points:
 * one every `size` units from the origin, within `bounds` (a viewport's frame, edges included) or
 * without end (the plan). None when a square would be under GRID_MIN_PX at `pxPerUnit`. Only what is
 * on screen is computed, so the grid costs the same at any zoom and pan.
 */
export function gridLinesInView(size: number, view: Rect, bounds: Size | null, pxPerUnit: number): number[][] {
  if (!(size > 0) || size * pxPerUnit < GRID_MIN_PX) return [];
  const left = bounds ? Math.max(view.x, 0) : view.x;
  const right = bounds ? Math.min(view.x + view.width, bounds.width) : view.x + view.width;
  const top = bounds ? Math.max(view.y, 0) : view.y;
  const bottom = bounds ? Math.min(view.y + view.height, bounds.height) : view.y + view.height;
  if (left > right || top > bottom) return [];
  const lines: number[][] = [];
  for (let x = Math.ceil(left / size) * size; x <= right; x += size) lines.push([x, top, x, bottom]);
  for (let y = Math.ceil(top / size) * size; y <= bottom; y += size) lines.push([left, y, right, y]);
  return lines;
}

/** Where the grid is labelled along the top: every 20 squares (every metre on a 50 mm grid), so labels never crowd. */
export const gridLabelXs = (size: number, frameWidth: number): number[] => Array.from({ length: Math.floor(frameWidth / (size * 20)) + 1 }, (_, i) => i * size * 20);

type PlanWall = { from: { x: number; z: number }; to: { x: number; z: number } };

/** Both ends of every wall and elevation, as drawing points. */
export const wallEnds = (walls: readonly PlanWall[]): Point[] => walls.flatMap((w) => [toPoint(w.from), toPoint(w.to)]);

/** What a tentative end snaps to: wall ends on the plan (`viewId` null); in a viewport, the corners of its boxes and the ends of its lines. */
export function snapCandidates(viewId: number | null, entities: readonly EntityJson[], walls: readonly PlanWall[]): Point[] {
  if (viewId === null) return wallEnds(walls);
  return entities.flatMap((e) => {
    const d = dataOf(e);
    if (d.from && d.to) return [d.from, d.to];
    if (!d.position || !d.size) return [];
    const { x, y } = d.position;
    const { width: w, height: h } = d.size;
    return [{ x, y }, { x: x + w, y }, { x, y: y + h }, { x: x + w, y: y + h }];
  });
}

/** Where a wall's grip lands: snapped to the other walls' ends (5 px) and to 1/64; never to the corner being moved. */
export function gripTarget(moving: Point | null, ends: readonly Point[], at: Point, scale: number): Point {
  const others = ends.filter((p) => !moving || Math.hypot(p.x - moving.x, p.y - moving.y) > 1e-9);
  return snapPoint(at, others, scale);
}

/** Where an item placed from the list goes: next to the `placed` items already there, along the top. */
export const nextItemSpot = (itemSize: Size, placed: number): Point => ({ x: itemSize.width / 6 + (placed * itemSize.width * 7) / 6, y: itemSize.width / 6 });
