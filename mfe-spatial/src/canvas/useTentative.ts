import { useReducer } from 'react';
import type { Point } from '@cpq/spatial';
import { useShowsKeyboardTips } from '@cpq/ui';
import { readyToSave, tentativeHint, tentativeReducer, type Tentative, type TentativeKind } from './tentative.ts';
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
  const keyboard = useShowsKeyboardTips();

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

  /** What the status line says the next click does while drawing. */
  const hint = tentativeHint(tentative, keyboard);

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
