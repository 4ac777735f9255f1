import type { ArchCustomViewJson, ArchElevationJson, ArchWallJson, EntityJson, ProductCanvasLineJson, ProductCanvasTextJson } from '@cpq/domain';
import { SPATIAL_DEFAULTS, type Point, type Rect } from './constants.ts';
import { formatDimension, dimensionFontPx, roundTo } from './dimensions.ts';
import { seamColor, seamOffset } from './seams.ts';
import { elevationViewBox, wallLength, wallOutline } from './walls.ts';
import { panelLayoutRows } from './panels.ts';
import { approximateMeasure, fitText, type Measure } from './textFit.ts';

export type SceneLayer = 'walls' | 'murals' | 'panels' | 'seams' | 'dimensions' | 'annotations' | 'products' | 'grid';
interface Style { stroke?: string; fill?: string; strokeWidth?: number; dash?: number[]; opacity?: number; layer: SceneLayer; id?: string }
export type SceneShape =
  | ({ kind: 'rect'; x: number; y: number; width: number; height: number } & Style)
  | ({ kind: 'line'; x1: number; y1: number; x2: number; y2: number; markerEnd?: boolean; markerStart?: boolean } & Style)
  | ({ kind: 'polygon'; points: Point[] } & Style)
  | ({ kind: 'text'; x: number; y: number; text: string; fontSize: number; anchor?: 'start' | 'middle' } & FittedLabel & Style)
  | ({ kind: 'image'; x: number; y: number; width: number; height: number; href: string; flipX?: boolean; flipY?: boolean; clip?: Rect } & Style);

/**
 * A text fitted into a box (see fitText): drawn as `lines` one `lineHeight` apart from the first
 * baseline at y; `box` is where the lines lie and `within` the id of the shape it must stay inside
 * ('page' for the page's edge), both written to the SVG so a test can check them.
 */
export interface FittedLabel { lines?: readonly string[]; lineHeight?: number; box?: Rect; within?: string }

/** What a mural option looks like on a drawing: its name and picture (none for the fallback option or an option without one). */
export interface MuralDesign { title: string; pictureUrl: string | null }

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
  /**
   * Screen (or paper) pixels one drawing unit is shown at: text sizes are given in pixels and divided
   * by it, so labels print at a readable size whatever the drawing's scale. 1 when not given.
   */
  pxPerUnit?: number;
  /** Measures a text's width (a canvas measure in a browser); the average glyph width when not given. */
  measure?: Measure;
  /** The design of a mural texture's option; without it textures are drawn as a plain fill. */
  muralDesign?: (optionId: number | null) => MuralDesign | null;
  /** Opacity of the mural pictures (the Installer Layout shows them lighter, under its panels and seams). */
  muralOpacity?: number;
}

/** Label sizes in pixels as printed: at most 12, shrunk to fit down to 7 (about 5 pt, still legible). */
export const LABEL_FONT_PX = { max: 12, min: 7 } as const;
/** Wall labels' and titles' size in pixels. */
const TITLE_FONT_PX = 14;
/** Baseline of a fitted line below its line's top, in ems: the glyphs (0.8 em up, 0.2 down) centred in a 1.2 em line. */
const BASELINE_EM = 0.9;

/**
 * A label fitted into a box (left-aligned from the box's left edge, or centred on it), drawn from the
 * box's top, or centred in it when `middle`; `within` names the shape it must stay inside.
 */
function fittedLabel(
  text: string,
  box: Rect,
  opts: SceneOptions,
  how: { anchor: 'start' | 'middle'; middle: boolean; maxHeight?: number; within: string; fill: string; layer: SceneLayer; id?: string; maxPx?: number; wholeWidth?: boolean },
): Extract<SceneShape, { kind: 'text' }> | null {
  const ppu = opts.pxPerUnit && opts.pxPerUnit > 0 ? opts.pxPerUnit : 1;
  const measure = opts.measure ?? approximateMeasure;
  const fit = fitText(text, { maxWidth: box.width, maxHeight: how.maxHeight, maxFontSize: (how.maxPx ?? LABEL_FONT_PX.max) / ppu, minFontSize: LABEL_FONT_PX.min / ppu, measure });
  if (!fit.lines.length) return null;
  const top = how.middle ? box.y + (box.height - fit.height) / 2 : box.y;
  const x = how.anchor === 'middle' ? box.x + box.width / 2 : box.x;
  const left = how.anchor === 'middle' ? x - fit.width / 2 : x;
  return {
    kind: 'text',
    x,
    y: top + fit.fontSize * BASELINE_EM,
    text,
    fontSize: fit.fontSize,
    anchor: how.anchor,
    lines: fit.lines,
    lineHeight: fit.lineHeight,
    // A canvas text's box is as wide as the text is on the canvas, however short its lines: the
    // drawing keeps its proportions whatever size its letters print at.
    box: { x: left, y: top, width: how.wholeWidth ? box.width : fit.width, height: fit.height },
    within: how.within,
    fill: how.fill,
    layer: how.layer,
    ...(how.id ? { id: how.id } : {}),
  };
}

/** The overlap of two boxes (null when they do not meet). */
function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const r = Math.min(a.x + a.width, b.x + b.width), btm = Math.min(a.y + a.height, b.y + b.height);
  return r > x && btm > y ? { x, y, width: r - x, height: btm - y } : null;
}

type Obj = Record<string, unknown>;
const pt = (v: unknown): Point | null => (v && typeof v === 'object' && typeof (v as Obj).x === 'number' && typeof (v as Obj).y === 'number' ? { x: (v as Point).x, y: (v as Point).y } : null);
const sz = (v: unknown) => (v && typeof v === 'object' && typeof (v as Obj).width === 'number' ? (v as { width: number; height: number }) : null);

function dimension(shapes: SceneShape[], value: number, x: number, y: number, opts: Pick<SceneOptions, 'units' | 'precision' | 'pxPerUnit'>) {
  const text = formatDimension(roundTo(value, opts.precision), opts.units);
  const ppu = opts.pxPerUnit && opts.pxPerUnit > 0 ? opts.pxPerUnit : 1;
  shapes.push({ kind: 'text', x, y, text, fontSize: dimensionFontPx(value) / ppu, anchor: 'middle', fill: '#37474f', layer: 'dimensions' });
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

/** A panel's number or description, fitted inside the panel (a little in from its edges). */
function panelLabelIn(panel: Rect, text: string, within: string, opts: SceneOptions) {
  const pad = Math.min(panel.width, panel.height) * 0.06;
  const inner = { x: panel.x + pad, y: panel.y + pad, width: panel.width - 2 * pad, height: panel.height - 2 * pad };
  return fittedLabel(text, inner, opts, { anchor: 'middle', middle: true, maxHeight: inner.height, within, fill: '#263238', layer: 'panels', maxPx: TITLE_FONT_PX });
}

/**
 * A mural texture: its option's picture, the size of the texture and clipped to its mural area (only
 * the area is printed), mirrored as the texture is; for the fallback option or an option without a
 * picture, the plain fill with the option's name.
 */
function textureShapes(shapes: SceneShape[], e: EntityJson, texture: Rect, inView: readonly EntityJson[], opts: SceneOptions) {
  const d = e.data as Obj;
  const optionId = typeof d.muralProductOptionId === 'number' ? d.muralProductOptionId : null;
  const design = opts.muralDesign?.(optionId) ?? null;
  const area = inView.find((a) => a.id === e.parentId && a.type === 'calicoMuralArea');
  const areaPos = area ? pt((area.data as Obj).position) : null;
  const areaSize = area ? sz((area.data as Obj).size) : null;
  const clip = areaPos && areaSize ? intersect(texture, { ...areaPos, ...areaSize }) : texture;
  if (!clip) return;
  const opacity = opts.muralOpacity;
  if (design?.pictureUrl && optionId !== SPATIAL_DEFAULTS.fallbackMuralOptionId) {
    shapes.push({ kind: 'image', ...texture, href: design.pictureUrl, flipX: d.flipX === true, flipY: d.flipY === true, clip, ...(opacity !== undefined ? { opacity } : {}), layer: 'murals', id: `texture-${e.id}` });
    return;
  }
  shapes.push({ kind: 'rect', ...clip, fill: '#a5d6a7', opacity: 0.6 * (opacity ?? 1), stroke: '#2e7d32', strokeWidth: 0.5, layer: 'murals', id: `texture-${e.id}` });
  // Named only where designs are known (printed pages); the SVG export keeps the plain fill.
  if (!opts.muralDesign) return;
  const name = design?.title ?? (optionId === null ? 'No mural design chosen' : `Mural option ${optionId}`);
  const label = fittedLabel(name, clip, opts, { anchor: 'middle', middle: true, maxHeight: clip.height, within: `texture-${e.id}`, fill: '#1b5e20', layer: 'murals', maxPx: TITLE_FONT_PX });
  if (label) shapes.push(label);
}

/** What a custom view shows: its mural entities, canvas texts and lines, and the items placed in it. */
function customViewShapes(input: SpatialSceneInput, viewId: number, opts: SceneOptions): SceneShape[] {
  const layers = opts.layers ?? { murals: true, panelsAndSeams: true, dimensions: true };
  // One screen / paper pixel in drawing units: offsets of labels are given in pixels too.
  const px = 1 / (opts.pxPerUnit && opts.pxPerUnit > 0 ? opts.pxPerUnit : 1);
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
          dimension(shapes, s.width, p.x + s.width / 2, p.y - 6 * px, opts);
          dimension(shapes, s.height, p.x - 18 * px, p.y + s.height / 2, opts);
        }
        break;
      case 'calicoMuralTexture':
        if (!layers.murals || !p || !s) break;
        textureShapes(shapes, e, { ...p, ...s }, inView, opts);
        break;
      case 'calicoMuralPanel': {
        if (!layers.panelsAndSeams || !p || !s) break;
        const bl = Number(d.bleedLeft ?? 0), br = Number(d.bleedRight ?? 0), bt = Number(d.bleedTop ?? 0), bb = Number(d.bleedBottom ?? 0);
        shapes.push({ kind: 'rect', x: p.x - bl, y: p.y - bt, width: s.width + bl + br, height: s.height + bt + bb, fill: 'none', stroke: '#90a4ae', strokeWidth: 0.5, dash: [3, 2], layer: 'panels' });
        shapes.push({ kind: 'rect', x: p.x, y: p.y, ...s, fill: d.isDisabled ? '#eceff1' : 'none', stroke: d.isCriticalAlignmentPanel ? '#d84315' : '#455a64', strokeWidth: 1, layer: 'panels', id: `panel-${e.id}` });
        const label = panelLabelIn({ x: p.x, y: p.y, ...s }, String(d.panelDescriptionOverride || (d.panelNumber ? `Panel ${d.panelNumber}` : '')), `panel-${e.id}`, opts);
        if (label) shapes.push(label);
        if (layers.dimensions) dimension(shapes, s.width, p.x + s.width / 2, p.y + s.height + 12 * px, opts);
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
        if (at) shapes.push({ kind: 'text', x: at.x, y: at.y, text: String(d.title ?? SPATIAL_DEFAULTS.wallLabel.title), fontSize: TITLE_FONT_PX * px, fill: '#263238', layer: 'annotations', id: `label-${e.id}` });
        break;
      }
      case 'line': {
        const from = pt(d.from), to = pt(d.to);
        if (from && to) shapes.push({ kind: 'line', x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: '#263238', strokeWidth: Number(d.size ?? SPATIAL_DEFAULTS.lineSize), layer: 'annotations', id: `entity-${e.id}` });
        break;
      }
    }
  }
  // The items first: the view's texts and lines are notes drawn over everything.
  const box = opts.itemBox ?? { width: 120, height: 60 };
  for (const { item: i, x, y } of placedItems(input.productInstances ?? [], viewId, box)) {
    shapes.push({ kind: 'rect', x, y, width: box.width, height: box.height, fill: '#fff', stroke: '#455a64', strokeWidth: 1, layer: 'products', id: `item-${i.id}` });
    const pad = box.height * 0.1;
    const inner = { x: x + pad, y: y + pad, width: box.width - 2 * pad, height: box.height - 2 * pad };
    const label = fittedLabel(`${i.title || 'Item'} × ${i.quantity ?? 1}`, inner, opts, { anchor: 'middle', middle: true, maxHeight: inner.height, within: `item-${i.id}`, fill: '#263238', layer: 'products' });
    if (label) shapes.push(label);
  }
  // Panels drawn on this page: a note written on a panel is an installer's instruction for that panel.
  const panels = layers.panelsAndSeams
    ? inView.flatMap((e) => {
        const p = e.type === 'calicoMuralPanel' ? pt((e.data as Obj).position) : null;
        const s = e.type === 'calicoMuralPanel' ? sz((e.data as Obj).size) : null;
        return p && s ? [{ id: e.id, x: p.x, y: p.y, ...s }] : [];
      })
    : [];
  for (const t of input.productCanvasTexts ?? []) {
    if (t.customViewId !== viewId) continue;
    // As on the canvas: the text's box starts at its position, as wide as its width, its words wrapped in
    // it; a text that starts on a panel stays inside that panel (wrapped to its right edge, shrunk to its
    // foot), so the instruction never reads across a joint.
    const width = t.width > 0 ? t.width : SPATIAL_DEFAULTS.canvasText.width;
    const on = panels.find((p) => t.position.x >= p.x && t.position.x < p.x + p.width && t.position.y >= p.y && t.position.y < p.y + p.height);
    const box = on ? { x: t.position.x, y: t.position.y, width: Math.min(width, on.x + on.width - t.position.x), height: 0 } : { x: t.position.x, y: t.position.y, width, height: 0 };
    const label = fittedLabel(t.text, box, opts, { anchor: 'start', middle: false, maxHeight: on ? on.y + on.height - t.position.y : undefined, within: on ? `panel-${on.id}` : 'page', fill: '#263238', layer: 'annotations', id: `text-${t.id}`, wholeWidth: true });
    if (label) shapes.push(label);
  }
  for (const l of input.productCanvasLines ?? []) {
    if (l.customViewId !== viewId || l.isTentative) continue;
    shapes.push({ kind: 'line', x1: l.from.x, y1: l.from.y, x2: l.to.x, y2: l.to.y, stroke: '#263238', strokeWidth: l.strokeWidth, markerStart: !!l.fromSymbol && l.fromSymbol !== 'none', markerEnd: !!l.toSymbol && l.toSymbol !== 'none', layer: 'annotations', id: `line-${l.id}` });
  }
  return shapes;
}

function bounds(shapes: SceneShape[], fallback: { width: number; height: number }, pad = 20) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const s of shapes) {
    if (s.kind === 'rect') xs.push(s.x, s.x + s.width), ys.push(s.y, s.y + s.height);
    else if (s.kind === 'image') {
      const c = s.clip ?? s;
      xs.push(c.x, c.x + c.width), ys.push(c.y, c.y + c.height);
    } else if (s.kind === 'text' && s.box) xs.push(s.box.x, s.box.x + s.box.width), ys.push(s.box.y, s.box.y + s.box.height);
    else if (s.kind === 'line') xs.push(s.x1, s.x2), ys.push(s.y1, s.y2);
    else if (s.kind === 'polygon') s.points.forEach((p) => (xs.push(p.x), ys.push(p.y)));
    else xs.push(s.x), ys.push(s.y);
  }
  if (!xs.length) return { x: 0, y: 0, ...fallback };
  const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad;
  return { x, y, width: Math.max(...xs) + pad - x, height: Math.max(...ys) + pad - y };
}

/** The scene cropped to what it draws, `pad` around it (printed pages show the drawing, not the empty viewport around it). */
export function fitToContent(scene: Scene, pad = 20): Scene {
  return scene.shapes.length ? { ...scene, viewBox: bounds(scene.shapes, scene.viewBox, pad) } : scene;
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
export function panelLayoutScene(title: string, panels: readonly EntityJson[], opts: Pick<SceneOptions, 'units' | 'precision' | 'pxPerUnit' | 'measure'>): Scene {
  const px = 1 / (opts.pxPerUnit && opts.pxPerUnit > 0 ? opts.pxPerUnit : 1);
  const full: SceneOptions = { ...opts, viewportSize: { width: 0, height: 0 } };
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
    const text = typeof d.panelDescriptionOverride === 'string' && d.panelDescriptionOverride ? d.panelDescriptionOverride : `Panel ${d.panelNumber ?? ''}`.trim();
    const label = panelLabelIn({ x: p.x, y: p.y, width: p.width, height: p.height }, text, `panel-${p.panel.e.id}`, full);
    if (label) shapes.push(label);
    dimension(shapes, p.panel.size.width, p.x + p.width / 2, p.y - bt - 6 * px, opts);
    // Print notes under the panel, wrapped to its width (bleeds included), three lines at most.
    if (typeof d.panelPrintNotes === 'string' && d.panelPrintNotes) {
      const box = { x: p.x - bl, y: p.y + p.height + bb + 4 * px, width: p.width + bl + br, height: 0 };
      const notes = fittedLabel(d.panelPrintNotes, box, full, { anchor: 'start', middle: false, maxHeight: 3 * 1.2 * LABEL_FONT_PX.max * px, within: 'page', fill: '#37474f', layer: 'annotations', maxPx: 10 });
      if (notes) shapes.push(notes);
    }
  }
  if (!shapes.length) return { title, viewBox: { x: -20, y: -30, width: 140, height: 160 }, shapes };
  return { title, viewBox: bounds(shapes, { width: 0, height: 0 }, 20 * px), shapes };
}
