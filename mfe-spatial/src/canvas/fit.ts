/**
 * How the stage is zoomed and panned to show a view's drawing: zoom to fit (on opening a view and with
 * the Fit button) and the two-finger pinch. Pure: the stage hook puts the results on the Konva stage.
 */
import type { ArchWallJson, EntityJson, ProductCanvasLineJson, ProductCanvasTextJson } from '@cpq/domain';
import { wallOutline, type Point, type Scene } from '@cpq/spatial';
import { dataOf, inView, toPoint } from './rows.ts';
import type { PlacedItem, Size } from './types.ts';

export interface Box { x: number; y: number; width: number; height: number }
/** The stage's view: zoom (times the view's scale) and where the drawing's origin sits on the stage, in screen pixels. */
export interface StageTransform { zoom: number; pan: Point }
export type ZoomLimits = { min: number; max: number };

/** Screen pixels kept free around a fitted drawing, so its edges and labels are not against the stage's border. */
export const FIT_MARGIN = 24;

const clamp = (v: number, { min, max }: ZoomLimits) => Math.min(Math.max(v, min), max);

/** The smallest box holding every given box (a point is a box of no size); null when there are none. */
export function boundsOf(boxes: readonly Box[]): Box | null {
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}

const pointBox = (p: Point): Box => ({ x: p.x, y: p.y, width: 0, height: 0 });
const segmentBox = (a: Point, b: Point): Box => boundsOf([pointBox(a), pointBox(b)])!;

/**
 * Where a wall's or elevation's length is written (WallNode): from its middle, 18 screen pixels up, 11 px
 * high; taken as six characters wide (about 40 px) since the words depend on units and precision.
 * `px` is one screen pixel in drawing units at zoom 1 (0: no labels).
 */
const lengthLabelBox = (w: { from: { x: number; z: number }; to: { x: number; z: number } }, px: number): Box => ({ x: (w.from.x + w.to.x) / 2, y: (w.from.z + w.to.z) / 2 - 18 * px, width: 40 * px, height: 11 * px });

/** What is drawn on the plan: the walls at their thickness, the elevations' lines, their length labels and the wall labels. */
export function planBounds(walls: readonly ArchWallJson[], elevations: readonly { from: { x: number; z: number }; to: { x: number; z: number } }[], entities: readonly EntityJson[], px = 0): Box | null {
  if (!walls.length && !elevations.length && !entities.some((e) => e.type === 'calicoWallLabel')) return null;
  return boundsOf([
    ...(px > 0 ? [...walls, ...elevations].map((w) => lengthLabelBox(w, px)) : []),
    ...walls.flatMap((w) => wallOutline(w).map((p) => pointBox(toPoint(p)))),
    ...elevations.map((e) => segmentBox(toPoint(e.from), toPoint(e.to))),
    ...entities.filter((e) => e.type === 'calicoWallLabel').map((e) => pointBox(toPoint((dataOf(e).labelPlanPosition as { x: number; z: number } | undefined) ?? { x: 0, z: 0 }))),
  ]);
}

/**
 * What is drawn in a viewport: its entities (boxes, or lines from one end to the other), texts (their
 * width by one line of `textHeight`), lines and placed items. The viewport's frame is not counted: an
 * empty viewport has nothing to fit.
 */
export function viewportBounds(rows: { entities: readonly EntityJson[]; texts: readonly ProductCanvasTextJson[]; lines: readonly ProductCanvasLineJson[]; items: readonly PlacedItem[] }, itemSize: Size, textHeight: number): Box | null {
  const boxes: Box[] = [];
  for (const e of rows.entities) {
    const d = dataOf(e);
    if (d.from && d.to) boxes.push(segmentBox(d.from, d.to));
    else if (d.position && d.size) boxes.push({ ...d.position, ...d.size });
  }
  for (const t of rows.texts) boxes.push({ ...t.position, width: t.width, height: textHeight });
  for (const l of rows.lines) boxes.push(segmentBox(l.from, l.to));
  for (const p of rows.items) boxes.push({ x: p.x, y: p.y, ...itemSize });
  return boundsOf(boxes);
}

/** The Panel Layout's print panels (its scene's own frame), or nothing before there are panels. */
export const panelLayoutBounds = (scene: Scene | null): Box | null => (scene && scene.shapes.length ? scene.viewBox : null);

/**
 * Zoom to fit: the largest zoom (within the organisation's limits) at which `content` fits the stage
 * with FIT_MARGIN on every side, and the pan that centres it. A content with no width (or no height)
 * is fitted by its other side; a single point keeps zoom 1 and is centred. Null when there is no
 * content: the view keeps its default.
 */
export function fitView(content: Box | null, stage: Size, baseScale: number, limits: ZoomLimits, margin = FIT_MARGIN): StageTransform | null {
  if (!content) return null;
  const across = content.width > 0 ? (stage.width - 2 * margin) / (content.width * baseScale) : Infinity;
  const down = content.height > 0 ? (stage.height - 2 * margin) / (content.height * baseScale) : Infinity;
  const fitted = Math.min(across, down);
  const zoom = clamp(Number.isFinite(fitted) && fitted > 0 ? fitted : 1, limits);
  const scale = baseScale * zoom;
  return { zoom, pan: { x: stage.width / 2 - (content.x + content.width / 2) * scale, y: stage.height / 2 - (content.y + content.height / 2) * scale } };
}

/**
 * A two-finger pinch: the zoom grows with the distance between the fingers (within the limits), and
 * the drawing point that was under their midpoint at the start stays under their midpoint now, so
 * the fingers also pan. `from` is the view and the fingers (stage pixels) when the second one landed.
 */
export function pinchView(from: StageTransform & { fingers: [Point, Point] }, fingers: [Point, Point], baseScale: number, limits: ZoomLimits): StageTransform {
  const dist = ([a, b]: [Point, Point]) => Math.hypot(b.x - a.x, b.y - a.y);
  const mid = ([a, b]: [Point, Point]): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const startDist = dist(from.fingers);
  const zoom = clamp(startDist > 0 ? (from.zoom * dist(fingers)) / startDist : from.zoom, limits);
  const m0 = mid(from.fingers);
  const m1 = mid(fingers);
  const world = { x: (m0.x - from.pan.x) / (baseScale * from.zoom), y: (m0.y - from.pan.y) / (baseScale * from.zoom) };
  return { zoom, pan: { x: m1.x - world.x * baseScale * zoom, y: m1.y - world.y * baseScale * zoom } };
}

/** Below this stage width the canvas is on a phone: the stage is as tall as most of the screen, not a fixed 560. */
export const PHONE_STAGE_WIDTH = 600;
export const STAGE_HEIGHT = 560;

/**
 * The stage's height: 560 px on a tablet or desktop; on a phone, 60% of the screen's height (room
 * above and below to scroll the page, since a finger on the stage pans the drawing), 280 to 560.
 */
export function stageHeight(stageWidth: number, screenHeight: number): number {
  if (stageWidth >= PHONE_STAGE_WIDTH) return STAGE_HEIGHT;
  return Math.round(Math.min(Math.max(screenHeight * 0.6, 280), STAGE_HEIGHT));
}

/** What the view on screen draws, to be fitted: the plan's walls, a viewport's rows, the Panel Layout's panels. */
export function viewContent(
  kind: 'plan' | 'customView' | 'panelLayout' | undefined,
  drawn: {
    walls: readonly ArchWallJson[];
    elevations: readonly { from: { x: number; z: number }; to: { x: number; z: number } }[];
    /** Every entity on the plan (its wall labels are drawn there); the viewport's own in a viewport. */
    entities: readonly EntityJson[];
    /** The viewport on screen (null off a viewport) and every text and line of the drawing. */
    viewId: number | null;
    texts: readonly ProductCanvasTextJson[];
    lines: readonly ProductCanvasLineJson[];
    items: readonly PlacedItem[];
    itemSize: Size;
    /** One screen pixel in drawing units at zoom 1: texts and length labels are sized in screen pixels. */
    px: number;
    panelLayout: Scene | null;
  },
): Box | null {
  if (kind === 'plan') return planBounds(drawn.walls, drawn.elevations, drawn.entities, drawn.px);
  if (kind === 'panelLayout') return panelLayoutBounds(drawn.panelLayout);
  if (kind === 'customView') return viewportBounds({ ...drawn, texts: inView(drawn.texts, drawn.viewId), lines: inView(drawn.lines, drawn.viewId) }, drawn.itemSize, 14 * drawn.px);
  return null;
}

/** A view's identity, for "a new view is on screen". */
export const viewKeyOf = (view: { kind: string; id?: number } | null): string => (view ? `${view.kind}:${view.id ?? ''}` : '');
