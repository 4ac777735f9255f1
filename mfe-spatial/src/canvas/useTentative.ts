import { useReducer } from 'react';
import type { Point } from '@cpq/spatial';
import { readyToSave, TENTATIVE_NOUN, tentativeReducer, type Tentative, type TentativeKind } from './tentative.ts';
import type { SpatialDocApi } from './useSpatialDoc.ts';

/** A shape drawn to its second click, to be saved. */
export type DrawnShape = Extract<Tentative, { mode: 'placed' }>;

interface Inputs {
  setStatus: SpatialDocApi['setStatus'];
  /** What an end snaps to now (read at each click and move). */
  candidates: () => Point[];
  /** Screen pixels per drawing unit now: snapping works in screen pixels. */
  scale: () => number;
}

/** The shape being drawn by two clicks (wall, elevation, seam, mismatch line, canvas line): see tentative.ts. */
export function useTentative({ setStatus, candidates, scale }: Inputs) {
  const [tentative, dispatch] = useReducer(tentativeReducer, { mode: 'idle' });

  /** Starts drawing by two clicks; the status line then says what to click. */
  const start = (kind: TentativeKind, chainFrom: Point | null = null) => {
    setStatus(null);
    dispatch({ type: 'start', kind, chainFrom });
  };

  /** A click on the stage while drawing: the shape it finished (the caller saves it), or null. */
  function click(at: Point, shift: boolean): DrawnShape | null {
    const event = { type: 'click' as const, at, shift, candidates: candidates(), scale: scale() };
    const next = tentativeReducer(tentative, event);
    dispatch(event);
    if (tentative.mode !== 'placed' || !readyToSave(next)) return null;
    dispatch({ type: 'saved' });
    return next;
  }

  /** The end follows the pointer once the first point is placed. */
  function move(at: Point, shift: boolean) {
    if (tentative.mode === 'placed') dispatch({ type: 'move', at, shift, candidates: candidates(), scale: scale() });
  }

  /** What the status line asks for while drawing. */
  const hint = tentative.mode === 'adding' ? `Click where the ${TENTATIVE_NOUN[tentative.kind]} starts. Escape cancels.` : tentative.mode === 'placed' ? 'Click where it ends (Shift keeps it straight). Escape cancels.' : '';

  return {
    tentative,
    active: tentative.mode !== 'idle',
    drawing: (kind: TentativeKind) => tentative.mode !== 'idle' && tentative.kind === kind,
    start,
    cancel: () => dispatch({ type: 'cancel' }),
    click,
    move,
    hint,
  };
}
export type Pen = ReturnType<typeof useTentative>;
