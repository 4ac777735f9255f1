import { snapToIncrement, type Point } from '@cpq/spatial';

type Obj = Record<string, unknown>;
const isPoint = (v: unknown): v is Point => !!v && typeof v === 'object' && typeof (v as Obj).x === 'number' && typeof (v as Obj).y === 'number';
const isPlan = (v: unknown): v is { x: number; z: number } => !!v && typeof v === 'object' && typeof (v as Obj).x === 'number' && typeof (v as Obj).z === 'number';
const by = (p: Point, dx: number, dy: number) => ({ ...p, x: snapToIncrement(p.x + dx), y: snapToIncrement(p.y + dy) });
const byPlan = (p: { x: number; z: number }, dx: number, dz: number) => ({ ...p, x: snapToIncrement(p.x + dx), z: snapToIncrement(p.z + dz) });

/** Arrow keys move the selection 1 unit, 10 with Shift. */
export function nudgeStep(key: string, shift: boolean): { dx: number; dy: number } | null {
  const d = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -d, dy: 0 };
    case 'ArrowRight':
      return { dx: d, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -d };
    case 'ArrowDown':
      return { dx: 0, dy: d };
    default:
      return null;
  }
}

/**
 * What a row changes when moved by (dx, dy), as the props of its update: walls and elevations move
 * both ends on the plan; entities their position or both ends (a wall label its view position);
 * texts their position; lines both ends. Null when the row has nothing to move.
 */
export function nudgeProps(key: 'archWalls' | 'archElevations' | 'entities' | 'productCanvasTexts' | 'productCanvasLines', row: Obj, dx: number, dy: number): Obj | null {
  if (key === 'archWalls' || key === 'archElevations') {
    return isPlan(row.from) && isPlan(row.to) ? { from: byPlan(row.from, dx, dy), to: byPlan(row.to, dx, dy) } : null;
  }
  if (key === 'entities') {
    const d = (row.data ?? {}) as Obj;
    if (row.type === 'calicoWallLabel') return isPoint(d.customViewPosition) ? { data: { customViewPosition: by(d.customViewPosition, dx, dy) } } : null;
    if (isPoint(d.from) && isPoint(d.to)) return { data: { from: by(d.from, dx, dy), to: by(d.to, dx, dy) } };
    return isPoint(d.position) ? { data: { position: by(d.position, dx, dy) } } : null;
  }
  if (key === 'productCanvasTexts') return isPoint(row.position) ? { position: by(row.position, dx, dy) } : null;
  return isPoint(row.from) && isPoint(row.to) ? { from: by(row.from, dx, dy), to: by(row.to, dx, dy) } : null;
}
