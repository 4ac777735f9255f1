import type { ArchCustomViewJson, ArchElevationJson, ArchWallJson, EntityJson, ProductCanvasLineJson, ProductCanvasTextJson } from '@cpq/domain';
import { SPATIAL_DEFAULTS, type Point } from './constants.ts';
import { formatDimension, dimensionFontPx, roundTo } from './dimensions.ts';
import { seamColor, seamOffset } from './seams.ts';
import { elevationViewBox, wallLength, wallOutline } from './walls.ts';
import { panelLayoutRows } from './panels.ts';

export type SceneLayer = 'walls' | 'murals' | 'panels' | 'seams' | 'dimensions' | 'annotations' | 'products' | 'grid';
interface Style { stroke?: string; fill?: string; strokeWidth?: number; dash?: number[]; opacity?: number; layer: SceneLayer; id?: string }
export type SceneShape =
  | ({ kind: 'rect'; x: number; y: number; width: number; height: number } & Style)
  | ({ kind: 'line'; x1: number; y1: number; x2: number; y2: number; markerEnd?: boolean; markerStart?: boolean } & Style)
  | ({ kind: 'polygon'; points: Point[] } & Style)
  | ({ kind: 'text'; x: number; y: number; text: string; fontSize: number; anchor?: 'start' | 'middle' } & Style);

export interface Scene { title: string; viewBox: { x: number; y: number; width: number; height: number }; shapes: SceneShape[] }

export interface SpatialSceneInput {
  archWalls?: readonly ArchWallJson[];
  archElevations?: readonly ArchElevationJson[];
  archCustomViews?: readonly ArchCustomViewJson[];
  entities?: readonly EntityJson[];
  productCanvasTexts?: readonly ProductCanvasTextJson[];
  productCanvasLines?: readonly ProductCanvasLineJson[];
  productInstances?: readonly PlaceableItem[];
}

export interface PlaceableItem { id: number; title?: string | null; quantity?: number; archCustomViewId?: number | null; canvasPosition?: Point | null }

/** Size of an item's box in a view, in drawing units: 120 × 60 screen pixels at the view's scale. */
export const itemBox = (viewScale: number): { width: number; height: number } => ({ width: 120 / viewScale, height: 60 / viewScale });

/**
 * The items placed in a view and where: at their own position, or (never moved yet) side by side
 * along the top in their order, a sixth of a box apart.
 */
export function placedItems<I extends PlaceableItem>(items: readonly I[], viewId: number, box: { width: number; height: number }): { item: I; x: number; y: number }[] {
  const gap = box.width / 6;
  return items
    .filter((i) => i.archCustomViewId === viewId)
    .map((item, k) => ({ item, ...(item.canvasPosition ?? { x: gap + k * (box.width + gap), y: gap }) }));
}

export interface SceneOptions {
  units: 'in' | 'mm';
  precision: number;
  layers?: { murals: boolean; panelsAndSeams: boolean; dimensions: boolean };
  grid?: { size: number; strokeWidth: number; opacity: number } | null;
  viewportSize: { width: number; height: number };
  /** Size of a placed item's box (see itemBox); 120 × 60 when not given. */
  itemBox?: { width: number; height: number };
}

type Obj = Record<string, unknown>;
const pt = (v: unknown): Point | null => (v && typeof v === 'object' && typeof (v as Obj).x === 'number' && typeof (v as Obj).y === 'number' ? { x: (v as Point).x, y: (v as Point).y } : null);
const sz = (v: unknown) => (v && typeof v === 'object' && typeof (v as Obj).width === 'number' ? (v as { width: number; height: number }) : null);

function dimension(shapes: SceneShape[], value: number, x: number, y: number, opts: SceneOptions) {
  const text = formatDimension(roundTo(value, opts.precision), opts.units);
  shapes.push({ kind: 'text', x, y, text, fontSize: dimensionFontPx(value), anchor: 'middle', fill: '#37474f', layer: 'dimensions' });
}

/** What the plan shows: walls as outlines with their lengths, elevations with their view boxes. */
function planShapes(input: SpatialSceneInput, opts: SceneOptions): SceneShape[] {
  const shapes: SceneShape[] = [];
  for (const w of input.archWalls ?? []) {
    shapes.push({ kind: 'polygon', points: wallOutline(w).map((p) => ({ x: p.x, y: p.z })), fill: '#cfd8dc', stroke: '#263238', strokeWidth: 1, layer: 'walls', id: `wall-${w.id}` });
    dimension(shapes, wallLength(w), (w.from.x + w.to.x) / 2, (w.from.z + w.to.z) / 2 - w.thickness - 4, opts);
  }
  for (const e of input.archElevations ?? []) {
    shapes.push({ kind: 'polygon', points: elevationViewBox(e).map((p) => ({ x: p.x, y: p.z })), fill: 'none', stroke: '#1565c0', strokeWidth: 1, dash: [6, 4], layer: 'walls', id: `elevation-${e.id}` });
    shapes.push({ kind: 'line', x1: e.from.x, y1: e.from.z, x2: e.to.x, y2: e.to.z, stroke: '#1565c0', strokeWidth: 2, layer: 'walls' });
  }
  return shapes;
}

/** What a custom view shows: its mural entities, canvas texts and lines, and the items placed in it. */
function customViewShapes(input: SpatialSceneInput, viewId: number, opts: SceneOptions): SceneShape[] {
  const layers = opts.layers ?? { murals: true, panelsAndSeams: true, dimensions: true };
  const shapes: SceneShape[] = [];
  if (opts.grid) {
    const { size, strokeWidth, opacity } = opts.grid;
    for (let x = 0; x <= opts.viewportSize.width; x += size) shapes.push({ kind: 'line', x1: x, y1: 0, x2: x, y2: opts.viewportSize.height, stroke: '#000', strokeWidth, opacity, layer: 'grid' });
    for (let y = 0; y <= opts.viewportSize.height; y += size) shapes.push({ kind: 'line', x1: 0, y1: y, x2: opts.viewportSize.width, y2: y, stroke: '#000', strokeWidth, opacity, layer: 'grid' });
  }
  const inView = (input.entities ?? []).filter((e) => (e.data as Obj).archCustomViewId === viewId);
  for (const e of inView) {
    const d = e.data as Obj;
    const p = pt(d.position);
    const s = sz(d.size);
    switch (e.type) {
      case 'calicoMuralArea':
        if (!layers.murals || !p || !s) break;
        shapes.push({ kind: 'rect', x: p.x, y: p.y, ...s, fill: 'none', stroke: d.isReturn ? '#6a1b9a' : '#2e7d32', strokeWidth: 1.5, dash: d.isReturn ? [4, 3] : undefined, layer: 'murals', id: `area-${e.id}` });
        if (layers.dimensions) {
          dimension(shapes, s.width, p.x + s.width / 2, p.y - 6, opts);
          dimension(shapes, s.height, p.x - 14, p.y + s.height / 2, opts);
        }
        break;
      case 'calicoMuralTexture':
        if (!layers.murals || !p || !s) break;
        shapes.push({ kind: 'rect', x: p.x, y: p.y, ...s, fill: '#a5d6a7', opacity: 0.6, stroke: '#2e7d32', strokeWidth: 0.5, layer: 'murals', id: `texture-${e.id}` });
        break;
      case 'calicoMuralPanel': {
        if (!layers.panelsAndSeams || !p || !s) break;
        const bl = Number(d.bleedLeft ?? 0), br = Number(d.bleedRight ?? 0), bt = Number(d.bleedTop ?? 0), bb = Number(d.bleedBottom ?? 0);
        shapes.push({ kind: 'rect', x: p.x - bl, y: p.y - bt, width: s.width + bl + br, height: s.height + bt + bb, fill: 'none', stroke: '#90a4ae', strokeWidth: 0.5, dash: [3, 2], layer: 'panels' });
        shapes.push({ kind: 'rect', x: p.x, y: p.y, ...s, fill: d.isDisabled ? '#eceff1' : 'none', stroke: d.isCriticalAlignmentPanel ? '#d84315' : '#455a64', strokeWidth: 1, layer: 'panels', id: `panel-${e.id}` });
        shapes.push({ kind: 'text', x: p.x + s.width / 2, y: p.y + s.height / 2, text: String(d.panelDescriptionOverride || d.panelNumber || ''), fontSize: 11, anchor: 'middle', fill: '#263238', layer: 'panels' });
        if (layers.dimensions) dimension(shapes, s.width, p.x + s.width / 2, p.y + s.height + 12, opts);
        break;
      }
      case 'calicoMuralSeam': {
        if (!layers.panelsAndSeams) break;
        const from = pt(d.from), to = pt(d.to);
        if (!from || !to) break;
        const thickness = Number(d.thickness ?? SPATIAL_DEFAULTS.seamThickness);
        const off = seamOffset({ alignment: d.alignment as 'left', alignmentMode: d.alignmentMode as 'standard', thickness, customAlignmentOffset: d.customAlignmentOffset as number });
        shapes.push({ kind: 'line', x1: from.x + off, y1: from.y, x2: to.x + off, y2: to.y, stroke: seamColor(thickness), strokeWidth: thickness, layer: 'seams', id: `seam-${e.id}` });
        break;
      }
      case 'calicoMismatchLine': {
        if (!layers.panelsAndSeams) break;
        const from = pt(d.from), to = pt(d.to);
        if (from && to) shapes.push({ kind: 'line', x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: '#c62828', strokeWidth: 1, dash: [6, 3], layer: 'seams', id: `mismatch-${e.id}` });
        break;
      }
      case 'calicoWallLabel': {
        const at = pt(d.customViewPosition) ?? p;
        if (at) shapes.push({ kind: 'text', x: at.x, y: at.y, text: String(d.title ?? SPATIAL_DEFAULTS.wallLabel.title), fontSize: 14, fill: '#263238', layer: 'annotations', id: `label-${e.id}` });
        break;
      }
      case 'line': {
        const from = pt(d.from), to = pt(d.to);
        if (from && to) shapes.push({ kind: 'line', x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: '#263238', strokeWidth: Number(d.size ?? SPATIAL_DEFAULTS.lineSize), layer: 'annotations', id: `entity-${e.id}` });
        break;
      }
    }
  }
  for (const t of input.productCanvasTexts ?? []) {
    if (t.customViewId === viewId) shapes.push({ kind: 'text', x: t.position.x, y: t.position.y, text: t.text, fontSize: 14, fill: '#263238', layer: 'annotations', id: `text-${t.id}` });
  }
  for (const l of input.productCanvasLines ?? []) {
    if (l.customViewId !== viewId || l.isTentative) continue;
    shapes.push({ kind: 'line', x1: l.from.x, y1: l.from.y, x2: l.to.x, y2: l.to.y, stroke: '#263238', strokeWidth: l.strokeWidth, markerStart: !!l.fromSymbol && l.fromSymbol !== 'none', markerEnd: !!l.toSymbol && l.toSymbol !== 'none', layer: 'annotations', id: `line-${l.id}` });
  }
  const box = opts.itemBox ?? { width: 120, height: 60 };
  for (const { item: i, x, y } of placedItems(input.productInstances ?? [], viewId, box)) {
    shapes.push({ kind: 'rect', x, y, width: box.width, height: box.height, fill: '#fff', stroke: '#455a64', strokeWidth: 1, layer: 'products', id: `item-${i.id}` });
    shapes.push({ kind: 'text', x: x + box.width / 2, y: y + box.height * 0.57, text: `${i.title || 'Item'} × ${i.quantity ?? 1}`, fontSize: box.height / 5, anchor: 'middle', fill: '#263238', layer: 'products' });
  }
  return shapes;
}

function bounds(shapes: SceneShape[], fallback: { width: number; height: number }) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const s of shapes) {
    if (s.kind === 'rect') xs.push(s.x, s.x + s.width), ys.push(s.y, s.y + s.height);
    else if (s.kind === 'line') xs.push(s.x1, s.x2), ys.push(s.y1, s.y2);
    else if (s.kind === 'polygon') s.points.forEach((p) => (xs.push(p.x), ys.push(p.y)));
    else xs.push(s.x), ys.push(s.y);
  }
  if (!xs.length) return { x: 0, y: 0, ...fallback };
  const pad = 20;
  const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad;
  return { x, y, width: Math.max(...xs) + pad - x, height: Math.max(...ys) + pad - y };
}

/** The scene cropped to what it draws (printed pages show the drawing, not the empty viewport around it). */
export function fitToContent(scene: Scene): Scene {
  return scene.shapes.length ? { ...scene, viewBox: bounds(scene.shapes, scene.viewBox) } : scene;
}

/** One description of a view (plan or custom view), for SVG export and printed pages. */
export function buildViewScene(input: SpatialSceneInput, view: { kind: 'plan' } | { kind: 'customView'; id: number }, opts: SceneOptions): Scene {
  if (view.kind === 'plan') {
    const shapes = planShapes(input, opts);
    return { title: 'Plan', viewBox: bounds(shapes, opts.viewportSize), shapes };
  }
  const title = input.archCustomViews?.find((v) => v.id === view.id)?.title ?? SPATIAL_DEFAULTS.viewportTitle;
  const shapes = customViewShapes(input, view.id, opts);
  // A viewport is its frame; anything drawn beyond it widens the picture.
  const b = bounds(shapes, opts.viewportSize);
  const x = Math.min(0, b.x), y = Math.min(0, b.y);
  return { title, viewBox: { x, y, width: Math.max(opts.viewportSize.width, b.x + b.width) - x, height: Math.max(opts.viewportSize.height, b.y + b.height) - y }, shapes };
}

/**
 * The Panel Layout: the enabled print panels, in the order given, laid out for printing in rows (at
 * least 90 wide, a row under 1400 with gaps of 50), each with its bleed outline, number or description
 * override, width and print notes.
 */
export function panelLayoutScene(title: string, panels: readonly EntityJson[], opts: Pick<SceneOptions, 'units' | 'precision'>): Scene {
  const sized = panels
    .filter((e) => e.type === 'calicoMuralPanel' && !(e.data as Obj).isDisabled)
    .map((e) => ({ e, size: sz((e.data as Obj).size) ?? SPATIAL_DEFAULTS.muralEntitySize }));
  const rows = panelLayoutRows(sized);
  const shapes: SceneShape[] = [];
  for (const p of rows.flat()) {
    const d = p.panel.e.data as Obj;
    const [bl, br, bt, bb] = [d.bleedLeft, d.bleedRight, d.bleedTop, d.bleedBottom].map((v) => Number(v ?? 0)) as [number, number, number, number];
    if (bl || br || bt || bb) shapes.push({ kind: 'rect', x: p.x - bl, y: p.y - bt, width: p.width + bl + br, height: p.height + bt + bb, fill: 'none', stroke: '#90a4ae', strokeWidth: 0.5, dash: [4, 3], layer: 'panels' });
    shapes.push({ kind: 'rect', x: p.x, y: p.y, width: p.width, height: p.height, fill: '#ffffff', stroke: d.isCriticalAlignmentPanel ? '#d84315' : '#455a64', strokeWidth: 1, layer: 'panels', id: `panel-${p.panel.e.id}` });
    const label = typeof d.panelDescriptionOverride === 'string' && d.panelDescriptionOverride ? d.panelDescriptionOverride : `Panel ${d.panelNumber ?? ''}`.trim();
    shapes.push({ kind: 'text', x: p.x + p.width / 2, y: p.y + p.height / 2, text: label, fontSize: 14, anchor: 'middle', fill: '#263238', layer: 'panels' });
    dimension(shapes, p.panel.size.width, p.x + p.width / 2, p.y - 6, { ...opts, viewportSize: { width: 0, height: 0 } });
    if (typeof d.panelPrintNotes === 'string' && d.panelPrintNotes) shapes.push({ kind: 'text', x: p.x + 4, y: p.y + p.height + bb + 14, text: d.panelPrintNotes, fontSize: 10, fill: '#37474f', layer: 'annotations' });
  }
  const all = rows.flat();
  const width = Math.max(100, ...all.map((p) => p.x + p.width)) + 20;
  const height = Math.max(100, ...all.map((p) => p.y + p.height)) + 40;
  return { title, viewBox: { x: -20, y: -30, width: width + 20, height: height + 30 }, shapes };
}
