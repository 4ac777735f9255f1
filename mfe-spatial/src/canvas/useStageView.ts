import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type Konva from 'konva';
import { SPATIAL_DEFAULTS, type Point } from '@cpq/spatial';
import { fitView, pinchView, stageHeight, type Box, type StageTransform } from './fit.ts';

/** Stillness after a zoom or pan before pointer hits work again. */
const HIT_PAUSE_MS = 200;
/** Where the drawing's origin sits on the stage in a view with nothing drawn yet (before zoom to fit there was only this). */
const HOME: Point = { x: 40, y: 40 };
/** A finger that moves less than this (screen pixels) before it lifts made a tap, not a pan. */
const TAP_SLOP_PX = 6;

interface Inputs {
  stageRef: RefObject<Konva.Stage | null>;
  boxRef: RefObject<HTMLDivElement | null>;
  /** Screen pixels per drawing unit at zoom 1. */
  baseScale: number;
  zoom: { min: number; max: number };
  /** The stage box's class while space is held (the pointer shows it pans). */
  panningClass: string;
  /** The stage's width; its height follows from it and the screen's (see stageHeight). */
  width: number;
  /** Which view is on screen: a view newly on screen is zoomed to fit. */
  viewKey: string;
  /** What the view draws (null: nothing yet), asked only when fitting. */
  content: () => Box | null;
}

/** A finger gesture on the stage: one finger panning from where it landed, or two pinching. */
type Gesture = { kind: 'pan'; from: Point; pan: Point; moved: boolean } | { kind: 'pinch'; start: StageTransform & { fingers: [Point, Point] } };

/**
 * The stage's zoom and pan. They move the Konva stage directly, never through a React render (500
 * entities stay at 60 fps): outlines keep their screen width (strokeScaleEnabled false), labels zoom
 * with the drawing. A view is zoomed to fit when it comes on screen, and again when the stage is
 * resized, until the person moves it (wheel, buttons, space-drag, fingers).
 */
export function useStageView({ stageRef, boxRef, baseScale, zoom, panningClass, width, viewKey, content }: Inputs) {
  const live = useRef({ zoom: 1, pan: { ...HOME }, space: false, fittedKey: null as string | null, moved: false });
  const hitTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const gesture = useRef<Gesture | null>(null);
  /** The fingers moved the view since the first one landed: the lift that ends it is no tap. */
  const gestured = useRef(false);
  const size = { width, height: stageHeight(width, typeof window === 'undefined' ? 844 : window.innerHeight) };
  const latest = useRef({ size, content, baseScale, zoom });
  latest.current = { size, content, baseScale, zoom };

  /** Puts the live zoom and pan on the stage and schedules one draw; the stage box shows them (journeys read them). */
  const applyView = useCallback(() => {
    const stage = stageRef.current;
    const { zoom: z, pan: p } = live.current;
    const box = boxRef.current;
    box?.setAttribute('data-scale', String(baseScale * z));
    box?.setAttribute('data-base-scale', String(baseScale));
    box?.setAttribute('data-zoom', String(z));
    box?.setAttribute('data-pan-x', String(p.x));
    box?.setAttribute('data-pan-y', String(p.y));
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

  /** Zoom to fit what the view draws; a view with nothing drawn shows its origin at zoom 1. */
  const fit = useCallback(() => {
    const { size: s, content: c, baseScale: b, zoom: limits } = latest.current;
    const t = fitView(c(), s, b, limits) ?? { zoom: 1, pan: { ...HOME } };
    Object.assign(live.current, { zoom: t.zoom, pan: t.pan, fittedKey: viewKey, moved: false });
    applyView();
  }, [viewKey, applyView]);
  // A view newly on screen is fitted; a resized stage refits it unless the person has moved it.
  useLayoutEffect(() => {
    if (live.current.fittedKey === viewKey && live.current.moved) return;
    fit();
  }, [fit, viewKey, size.width, size.height, baseScale]);

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
      if (live.current.space || gesture.current) return;
      for (const l of stageRef.current?.getLayers() ?? []) {
        l.listening(true);
        l.batchDraw();
      }
    }, HIT_PAUSE_MS);
  }

  function moveView(zoomTo: number, panTo: Point) {
    live.current.zoom = zoomTo;
    live.current.pan = panTo;
    live.current.moved = true;
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
    if (e.target !== e.target.getStage()) return;
    live.current.pan = { x: e.target.x(), y: e.target.y() };
    live.current.moved = true;
  }

  /** The fingers on the stage, in stage pixels. */
  const fingers = (): Point[] => (stageRef.current?.getPointersPositions() ?? []).map((p) => ({ x: p.x, y: p.y }));

  /** Whether a finger on this node may pan: it is on empty canvas, or on something that cannot be dragged. */
  function pansFrom(node: Konva.Node): boolean {
    for (let n: Konva.Node | null = node; n && n !== n.getStage(); n = n.getParent()) if (n.draggable()) return false;
    return true;
  }

  /** Two fingers: a pinch starts from the view now (a shape the first finger was dragging is let go). */
  function startPinch(pts: Point[]) {
    for (const n of stageRef.current?.find((node: Konva.Node) => node.isDragging()) ?? []) n.stopDrag();
    gesture.current = { kind: 'pinch', start: { zoom: live.current.zoom, pan: live.current.pan, fingers: [pts[0]!, pts[1]!] } };
  }

  function onTouchStart(e: Konva.KonvaEventObject<TouchEvent>) {
    // The stage's fingers are the drawing's, not the page's: no scrolling, no mouse events after a tap
    // (taps are handled as clicks by onTap).
    if (e.evt.cancelable) e.evt.preventDefault();
    const pts = fingers();
    if (pts.length === 1) gestured.current = false;
    if (pts.length >= 2) startPinch(pts);
    else if (pts.length === 1 && pansFrom(e.target)) gesture.current = { kind: 'pan', from: pts[0]!, pan: live.current.pan, moved: false };
    else gesture.current = null;
  }

  function onTouchMove(e: Konva.KonvaEventObject<TouchEvent>) {
    const g = gesture.current;
    const pts = fingers();
    if (!g) return;
    e.evt.preventDefault();
    if (g.kind === 'pinch' && pts.length >= 2) {
      const t = pinchView(g.start, [pts[0]!, pts[1]!], baseScale, zoom);
      gestured.current = true;
      return moveView(t.zoom, t.pan);
    }
    if (g.kind !== 'pan' || pts.length !== 1) return;
    const d = { x: pts[0]!.x - g.from.x, y: pts[0]!.y - g.from.y };
    if (!g.moved && Math.hypot(d.x, d.y) < TAP_SLOP_PX) return;
    g.moved = true;
    gestured.current = true;
    moveView(live.current.zoom, { x: g.pan.x + d.x, y: g.pan.y + d.y });
  }

  function onTouchEnd() {
    const left = fingers();
    // One finger left after a pinch pans on from where it is (as Konva's own multi-touch demo does).
    if (left.length === 1 && gesture.current?.kind === 'pinch') gesture.current = { kind: 'pan', from: left[0]!, pan: live.current.pan, moved: true };
    else if (left.length === 0) {
      gesture.current = null;
      if (gestured.current) pauseHits();
    }
  }

  /**
   * A tap is a click: what it lands on is selected, a drawing tool places its point (the nodes and the
   * stage listen to clicks). Not after the fingers panned or pinched.
   */
  function onTap(e: Konva.KonvaEventObject<TouchEvent>) {
    if (gestured.current || live.current.space) return;
    e.target.fire('click', { evt: e.evt }, true);
  }

  return {
    /** Screen pixels per drawing unit now (snapping works in screen pixels). */
    liveScale: () => baseScale * live.current.zoom,
    /** Space is held: the pointer pans. */
    panning: () => live.current.space,
    /** The stage's size in screen pixels. */
    size,
    zoomBy: (f: number) => moveView(Math.min(Math.max(live.current.zoom * f, zoom.min), zoom.max), live.current.pan),
    fit,
    holdSpace,
    /** The stage's own events: wheel zoom, space-drag pan, one-finger pan, two-finger pinch, taps as clicks. */
    stageEvents: { onWheel, onDragEnd, onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd, onTap },
  };
}
export type StageView = ReturnType<typeof useStageView>;
