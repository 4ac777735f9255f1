import { constrainToAxis, snapAngle, snapPoint, type Point } from '@cpq/spatial';

/**
 * Drawing a wall, elevation, seam, mismatch line or canvas line by two clicks: add mode, the first
 * point placed (the previous wall's end when chaining walls), the second click sets the end (then
 * saved and selected). Escape cancels. While a tentative shape exists nothing can be selected.
 */
export type TentativeKind = 'wall' | 'elevation' | 'seam' | 'mismatch' | 'line';
export type Tentative =
  | { mode: 'idle' }
  | { mode: 'adding'; kind: TentativeKind }
  | { mode: 'placed'; kind: TentativeKind; from: Point; to: Point };

/** How the status line names what is being drawn. */
export const TENTATIVE_NOUN: Record<TentativeKind, string> = { wall: 'wall', elevation: 'elevation', seam: 'seam', mismatch: 'mismatch line', line: 'line' };

export type TentativeEvent =
  | { type: 'start'; kind: TentativeKind; chainFrom: Point | null }
  | { type: 'move'; at: Point; shift: boolean; candidates: readonly Point[]; scale: number }
  | { type: 'click'; at: Point; shift: boolean; candidates: readonly Point[]; scale: number }
  | { type: 'cancel' }
  | { type: 'saved' };

/** Where the pointer lands: on another end within 5 px, on a right angle, or along an axis with Shift. */
export function landing(from: Point | null, at: Point, shift: boolean, candidates: readonly Point[], scale: number): Point {
  const snapped = snapPoint(at, candidates, scale);
  if (!from) return snapped;
  if (shift) return constrainToAxis(from, snapped);
  // An end snapped onto another wall's end stays there; otherwise a near-right angle is squared.
  const onCandidate = candidates.some((c) => Math.abs(c.x - snapped.x) < 1e-9 && Math.abs(c.y - snapped.y) < 1e-9);
  return onCandidate ? snapped : snapPoint(snapAngle(from, snapped), [], scale);
}

export function tentativeReducer(state: Tentative, e: TentativeEvent): Tentative {
  switch (e.type) {
    case 'start':
      return e.chainFrom && e.kind === 'wall' ? { mode: 'placed', kind: e.kind, from: e.chainFrom, to: e.chainFrom } : { mode: 'adding', kind: e.kind };
    case 'move':
      return state.mode === 'placed' ? { ...state, to: landing(state.from, e.at, e.shift, e.candidates, e.scale) } : state;
    case 'click':
      if (state.mode === 'adding') {
        const p = landing(null, e.at, e.shift, e.candidates, e.scale);
        return { mode: 'placed', kind: state.kind, from: p, to: p };
      }
      if (state.mode === 'placed') return { ...state, to: landing(state.from, e.at, e.shift, e.candidates, e.scale) };
      return state;
    case 'cancel':
    case 'saved':
      return { mode: 'idle' };
  }
}

/**
 * What the status line says the next click does while drawing: where the shape starts, then where
 * it ends. Shift and Esc are named only where a keyboard is likely (a touch screen has neither).
 */
export function tentativeHint(t: Tentative, keyboard: boolean): string {
  if (t.mode === 'idle') return '';
  const noun = TENTATIVE_NOUN[t.kind];
  if (t.mode === 'adding') return `Click where the ${noun} starts.${keyboard ? ' Esc cancels.' : ''}`;
  return `Click where the ${noun} ends.${keyboard ? ' Shift keeps it straight; Esc cancels.' : ''}`;
}

/** A placed shape is ready to save when its two ends differ. */
export const readyToSave = (t: Tentative): t is Extract<Tentative, { mode: 'placed' }> => t.mode === 'placed' && (t.from.x !== t.to.x || t.from.y !== t.to.y);
