import { SPATIAL_DEFAULTS, type Point } from './constants.ts';

/** Distance (in drawing units) within which a point snaps: 5 screen pixels at the current scale. */
export function snapThreshold(scale: number): number {
  return SPATIAL_DEFAULTS.snapPx / scale;
}

/** A length or coordinate on the 1/64 grid (idempotent). */
export function snapToIncrement(v: number, step: number = SPATIAL_DEFAULTS.dimensionSnap): number {
  const snapped = Math.round(v / step) * step;
  // Keeps -0 and float noise out (0.1 + 0.2 style): a snapped value snaps to itself.
  return Number(snapped.toFixed(10)) || 0;
}

/** The nearest target within `threshold`, else `v` unchanged. */
export function snapValue(v: number, targets: readonly number[], threshold: number): number {
  let best = v;
  let bestDistance = threshold;
  for (const t of targets) {
    const d = Math.abs(t - v);
    if (d <= bestDistance) {
      best = t;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * A point snapped to the candidates' x and y (each axis on its own, within 5 px / scale), then to the
 * 1/64 grid. Snapping a snapped point again changes nothing.
 */
export function snapPoint(p: Point, candidates: readonly Point[], scale: number): Point {
  const threshold = snapThreshold(scale);
  const xs = candidates.map((c) => snapToIncrement(c.x));
  const ys = candidates.map((c) => snapToIncrement(c.y));
  return { x: snapToIncrement(snapValue(snapToIncrement(p.x), xs, threshold)), y: snapToIncrement(snapValue(snapToIncrement(p.y), ys, threshold)) };
}

/** Angles a segment snaps to: 0, 90, 180 and 270 degrees. */
export const SNAP_ANGLES = [0, 90, 180, 270] as const;

/** `to` moved onto the nearest of 0/90/180/270 degrees from `from` when within the tolerance, keeping the length. */
export function snapAngle(from: Point, to: Point, toleranceDeg = 5): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return to;
  const angle = ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
  for (const a of [...SNAP_ANGLES, 360]) {
    if (Math.abs(angle - a) <= toleranceDeg) {
      const r = (a * Math.PI) / 180;
      return { x: from.x + Number((Math.cos(r) * length).toFixed(10)), y: from.y + Number((Math.sin(r) * length).toFixed(10)) };
    }
  }
  return to;
}

/** Shift held: the segment kept horizontal or vertical, whichever it is closer to. */
export function constrainToAxis(from: Point, to: Point): Point {
  return Math.abs(to.x - from.x) >= Math.abs(to.y - from.y) ? { x: to.x, y: from.y } : { x: from.x, y: to.y };
}
