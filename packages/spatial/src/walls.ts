import type { PlanPoint } from './constants.ts';

export interface WallLike { from: PlanPoint; to: PlanPoint; thickness: number }

export const wallLength = (w: { from: PlanPoint; to: PlanPoint }) => Math.hypot(w.to.x - w.from.x, w.to.z - w.from.z);

/** A new wall starts where the previous one ended (walls are chained), or nowhere yet. */
export function nextWallStart(walls: readonly { to: PlanPoint }[]): PlanPoint | null {
  const last = walls[walls.length - 1];
  return last ? { x: last.to.x, z: last.to.z } : null;
}

/** The wall's four corners on the plan: its centre line widened by its thickness. */
export function wallOutline(w: WallLike): PlanPoint[] {
  const len = wallLength(w);
  if (len === 0) return [w.from, w.from, w.from, w.from];
  const nx = (-(w.to.z - w.from.z) / len) * (w.thickness / 2);
  const nz = ((w.to.x - w.from.x) / len) * (w.thickness / 2);
  return [
    { x: w.from.x + nx, z: w.from.z + nz },
    { x: w.to.x + nx, z: w.to.z + nz },
    { x: w.to.x - nx, z: w.to.z - nz },
    { x: w.from.x - nx, z: w.from.z - nz },
  ];
}

/** What an elevation sees on the plan: its line pushed back by its view depth. */
export function elevationViewBox(e: { from: PlanPoint; to: PlanPoint; viewDepth?: number | null }): PlanPoint[] {
  const len = wallLength(e);
  const depth = e.viewDepth ?? 0;
  if (len === 0) return [e.from, e.from, e.from, e.from];
  const nx = (-(e.to.z - e.from.z) / len) * depth;
  const nz = ((e.to.x - e.from.x) / len) * depth;
  return [e.from, e.to, { x: e.to.x + nx, z: e.to.z + nz }, { x: e.from.x + nx, z: e.from.z + nz }];
}

/** Distance from a point to a segment (hit testing of walls and lines). */
export function distanceToSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

type WallEnds = { id: number; from: PlanPoint; to: PlanPoint };
const samePoint = (a: PlanPoint, b: PlanPoint) => Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.z - b.z) < 1e-9;

/**
 * A wall's end dragged by its grip to `at`: that wall changes, and so does every wall whose end sat on
 * the same point, so joined walls stay joined. Nothing changes when a wall would shrink to no length.
 */
export function moveWallEnd(walls: readonly WallEnds[], id: number, end: 'from' | 'to', at: PlanPoint): WallEnds[] {
  const wall = walls.find((w) => w.id === id);
  if (!wall) return [];
  const old = wall[end];
  const moved = walls
    .map((w) => ({ w, from: samePoint(w.from, old), to: samePoint(w.to, old) }))
    .filter((m) => m.from || m.to)
    .map(({ w, from, to }) => ({ id: w.id, from: from ? { ...at } : w.from, to: to ? { ...at } : w.to }));
  return moved.some((w) => samePoint(w.from, w.to)) ? [] : moved;
}
