import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type Konva from 'konva';
import { SPATIAL_DEFAULTS, type Point } from '@cpq/spatial';

/** Stillness after a zoom or pan before pointer hits work again. */
const HIT_PAUSE_MS = 200;
/** Where the drawing's origin sits on the stage at the start and after "Reset view". */
const HOME: Point = { x: 40, y: 40 };

interface Inputs {
  stageRef: RefObject<Konva.Stage | null>;
  boxRef: RefObject<HTMLDivElement | null>;
  /** Screen pixels per drawing unit at zoom 1. */
  baseScale: number;
  zoom: { min: number; max: number };
  /** The stage box's class while space is held (the pointer shows it pans). */
  panningClass: string;
}

/**
 * The stage's zoom and pan. They move the Konva stage directly, never through a React render (500
 * entities stay at 60 fps): outlines keep their screen width (strokeScaleEnabled false), labels zoom
 * with the drawing.
 */
export function useStageView({ stageRef, boxRef, baseScale, zoom, panningClass }: Inputs) {
  const live = useRef({ zoom: 1, pan: { ...HOME }, space: false });
  const hitTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Puts the live zoom and pan on the stage and schedules one draw. */
  const applyView = useCallback(() => {
    const stage = stageRef.current;
    const { zoom: z, pan: p } = live.current;
    boxRef.current?.setAttribute('data-scale', String(baseScale * z));
    if (!stage) return;
    stage.scale({ x: baseScale * z, y: baseScale * z });
    stage.position(p);
    stage.batchDraw();
  }, [baseScale, stageRef, boxRef]);
  useLayoutEffect(applyView);
  useEffect(
    () => () => {
      if (hitTimer.current) clearTimeout(hitTimer.current);
    },
    [],
  );

  /**
   * While the view moves, the layers' hit graphs (what finds the shape under the pointer: a second
   * drawing of every shape) are not redrawn; they are once the view has been still for a moment.
   */
  function pauseHits() {
    const layers = stageRef.current?.getLayers() ?? [];
    for (const l of layers) if (l.listening()) l.listening(false);
    if (hitTimer.current) clearTimeout(hitTimer.current);
    hitTimer.current = setTimeout(() => {
      hitTimer.current = null;
      if (live.current.space) return;
      for (const l of stageRef.current?.getLayers() ?? []) {
        l.listening(true);
        l.batchDraw();
      }
    }, HIT_PAUSE_MS);
  }

  function moveView(zoomTo: number, panTo: Point) {
    live.current.zoom = zoomTo;
    live.current.pan = panTo;
    pauseHits();
    applyView();
  }

  /** Space held: the stage is dragged to pan, and clicks draw or select nothing. */
  function holdSpace(held: boolean) {
    if (live.current.space === held) return;
    live.current.space = held;
    stageRef.current?.draggable(held);
    pauseHits();
    boxRef.current?.classList.toggle(panningClass, held);
  }

  function onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
    e.evt.preventDefault();
    const p = stageRef.current?.getPointerPosition();
    if (!p) return;
    const { zoom: z, pan: at } = live.current;
    const next = Math.min(Math.max(z * (1 - e.evt.deltaY * SPATIAL_DEFAULTS.zoom.wheelStep), zoom.min), zoom.max);
    // Zoom around the pointer: the drawing point under it stays under it.
    const world = { x: (p.x - at.x) / (baseScale * z), y: (p.y - at.y) / (baseScale * z) };
    moveView(next, { x: p.x - world.x * baseScale * next, y: p.y - world.y * baseScale * next });
  }

  /** The stage dragged with space held: its new position is the pan. */
  function onDragEnd(e: Konva.KonvaEventObject<DragEvent>) {
    if (e.target === e.target.getStage()) live.current.pan = { x: e.target.x(), y: e.target.y() };
  }

  return {
    /** Screen pixels per drawing unit now (snapping works in screen pixels). */
    liveScale: () => baseScale * live.current.zoom,
    /** Space is held: the pointer pans. */
    panning: () => live.current.space,
    zoomBy: (f: number) => moveView(Math.min(Math.max(live.current.zoom * f, zoom.min), zoom.max), live.current.pan),
    reset: () => moveView(1, { ...HOME }),
    holdSpace,
    onWheel,
    onDragEnd,
  };
}
export type StageView = ReturnType<typeof useStageView>;
