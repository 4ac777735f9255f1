/**
 * The canvas benchmark's baseline: the same viewport drawn by plain Konva, without the app (no React,
 * no react-konva, no portal). The scene is made from the order data the API gives the app (the
 * viewport's entities), with the primitives the app draws for them: a mural box (area, panel) as one
 * Konva shape whose scene function strokes the bleed outline, the rectangle, the panel number inside
 * and the width below (above for the area); a seam as a line in its thickness's colour. The page pans
 * and zooms the way the canvas does (wheel around the pointer, space + drag), so both pages get the
 * same input and draw the same pixels. The baseline is a picture (its layer does not listen: no hit
 * graph, the least Konva can do for the scene); a variant whose shapes listen (Konva draws their hit
 * graph with the scene, as it does for the app's clickable shapes) shows how much of the app's first
 * frame that is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EntityJson } from '@cpq/domain';
import { resolveRules } from '@cpq/plugin-sdk';
import { formatDimension, roundTo, seamColor, SPATIAL_DEFAULTS } from '@cpq/spatial';
import calico from '@cpq/org-1798';
import { ROOT } from './portal.ts';

/** The rules the canvas of 1798 draws with (units, a viewport's scale and size, zoom bounds). */
const RULES = resolveRules(calico).spatial;
/** Screen pixels per drawing unit in a viewport at zoom 1 (the canvas's `stageScale`). */
const BASE_SCALE = RULES.scale.customView ?? 2;

type Data = Record<string, unknown> & { position?: { x: number; y: number }; size?: { width: number; height: number } };

interface PlainBox {
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  stroke: string;
  bleed: { left: number; right: number; top: number; bottom: number } | null;
  label: { text: string; size: number } | null;
  dimension: { text: string; size: number; below: boolean } | null;
}

interface PlainLine {
  id: number;
  points: number[];
  stroke: string;
  strokeWidth: number;
}

/** What plain Konva draws, and where the app's stage was when it painted the scene (size, scale, position). */
export interface PlainScene {
  width: number;
  height: number;
  scale: number;
  x: number;
  y: number;
  frame: { width: number; height: number };
  boxes: PlainBox[];
  lines: PlainLine[];
  zoom: { min: number; max: number; wheelStep: number };
  /** The shapes listen (Konva draws their hit graph with the scene, so a click could find them); off: a picture only. */
  hits: boolean;
}

export interface StageBox {
  width: number;
  height: number;
  scale: number;
  x: number;
  y: number;
}

/** The viewport's entities as plain shapes; throws on an entity the baseline does not know how to draw (it would draw less than the app). */
export function plainScene(entities: readonly EntityJson[], stage: StageBox, hits = false): PlainScene {
  const dim = (v: number) => formatDimension(roundTo(v, 1), RULES.units);
  const boxes: PlainBox[] = [];
  const lines: PlainLine[] = [];
  for (const e of entities) {
    const d = e.data as Data;
    if (e.type === 'calicoMuralSeam') {
      const from = d.from as { x: number; y: number };
      const to = d.to as { x: number; y: number };
      const thickness = Number(d.thickness ?? 1);
      lines.push({ id: e.id, points: [from.x, from.y, to.x, to.y], stroke: seamColor(thickness), strokeWidth: thickness });
    } else if (e.type === 'calicoMuralArea' || e.type === 'calicoMuralPanel') {
      const panel = e.type === 'calicoMuralPanel';
      const size = d.size ?? SPATIAL_DEFAULTS.muralEntitySize;
      const at = d.position ?? { x: 0, y: 0 };
      const [l, r, t, b] = [d.bleedLeft, d.bleedRight, d.bleedTop, d.bleedBottom].map((v) => Number(v ?? 0)) as [number, number, number, number];
      boxes.push({
        id: e.id,
        x: at.x,
        y: at.y,
        width: size.width,
        height: size.height,
        stroke: panel ? '#455a64' : '#2e7d32',
        bleed: panel && (l || r || t || b) ? { left: l, right: r, top: t, bottom: b } : null,
        label: panel ? { text: String(d.panelNumber ?? ''), size: 12 / BASE_SCALE } : null,
        dimension: { text: dim(size.width), size: (size.width <= 5 ? 8 : 11) / BASE_SCALE, below: panel },
      });
    } else {
      throw new Error(`the plain Konva baseline does not draw ${e.type} entities`);
    }
  }
  return {
    ...stage,
    frame: { width: RULES.viewportSize.width / BASE_SCALE, height: RULES.viewportSize.height / BASE_SCALE },
    boxes,
    lines,
    zoom: { min: BASE_SCALE * RULES.zoom.min, max: BASE_SCALE * RULES.zoom.max, wheelStep: SPATIAL_DEFAULTS.zoom.wheelStep },
    hits,
  };
}

/**
 * The page's script (plain JavaScript: it runs in the browser as written). Konva is loaded; the
 * stage and an empty layer are made first, then the timed part: every shape is made and added, and
 * Konva draws the layer in its next animation frame, as it does when react-konva adds the app's nodes.
 */
const PAGE_SCRIPT = `
const S = window.__plainScene;
const box = document.getElementById('box');
const stage = new Konva.Stage({ container: box, width: S.width, height: S.height });
const layer = new Konva.Layer({ listening: S.hits });
stage.add(layer);
window.__canvasBench.watch(stage);
window.__canvasBench.drawStart = performance.now();
stage.scale({ x: S.scale, y: S.scale });
stage.position({ x: S.x, y: S.y });
function drawBox(ctx, shape) {
  const w = shape.width(), h = shape.height();
  const unit = 1 / (shape.getAbsoluteScale().x || 1);
  const bleed = shape.getAttr('bleed'), label = shape.getAttr('label'), dimension = shape.getAttr('dimension');
  if (bleed) {
    ctx.beginPath();
    ctx.rect(-bleed.left, -bleed.top, w + bleed.left + bleed.right, h + bleed.top + bleed.bottom);
    ctx.setAttr('strokeStyle', '#b0bec5');
    ctx.setAttr('lineWidth', unit);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.rect(0, 0, w, h);
  ctx.closePath();
  ctx.fillStrokeShape(shape);
  ctx.setAttr('textAlign', 'center');
  if (label && label.text) {
    ctx.setAttr('font', label.size + 'px Arial');
    ctx.setAttr('textBaseline', 'middle');
    ctx.setAttr('fillStyle', '#263238');
    ctx.fillText(label.text, w / 2, h / 2);
  }
  if (dimension) {
    ctx.setAttr('font', dimension.size + 'px Arial');
    ctx.setAttr('textBaseline', dimension.below ? 'top' : 'bottom');
    ctx.setAttr('fillStyle', '#37474f');
    ctx.fillText(dimension.text, w / 2, dimension.below ? h + (bleed ? bleed.bottom : 0) + 3 * unit : -3 * unit);
  }
}
layer.add(new Konva.Rect({ x: 0, y: 0, width: S.frame.width, height: S.frame.height, stroke: '#90a4ae', strokeWidth: 1, strokeScaleEnabled: false }));
for (const b of S.boxes) {
  layer.add(new Konva.Shape({
    id: 'entity-' + b.id, x: b.x, y: b.y, width: b.width, height: b.height, fill: 'rgba(0,0,0,0)', stroke: b.stroke, strokeWidth: 1.5,
    strokeScaleEnabled: false, perfectDrawEnabled: false, bleed: b.bleed, label: b.label, dimension: b.dimension, sceneFunc: drawBox,
  }));
}
for (const l of S.lines) layer.add(new Konva.Line({ id: 'entity-' + l.id, points: l.points, stroke: l.stroke, strokeWidth: l.strokeWidth }));
layer.batchDraw();

// Zoom around the pointer with the wheel, pan with space + drag: the canvas's controls.
stage.on('wheel', (e) => {
  e.evt.preventDefault();
  const p = stage.getPointerPosition();
  if (!p) return;
  const s = stage.scaleX();
  const next = Math.min(Math.max(s * (1 - e.evt.deltaY * S.zoom.wheelStep), S.zoom.min), S.zoom.max);
  const at = stage.position();
  const world = { x: (p.x - at.x) / s, y: (p.y - at.y) / s };
  stage.scale({ x: next, y: next });
  stage.position({ x: p.x - world.x * next, y: p.y - world.y * next });
  stage.batchDraw();
});
box.addEventListener('keydown', (e) => {
  if (e.key !== ' ') return;
  e.preventDefault();
  stage.draggable(true);
});
box.addEventListener('keyup', (e) => e.key === ' ' && stage.draggable(false));
`;

/** The whole baseline page: Konva (the portal's own copy, minified) inline, the scene, the drawing script. */
export function plainKonvaPage(scene: PlainScene): string {
  const konva = readFileSync(path.join(ROOT, 'node_modules', 'konva', 'konva.min.js'), 'utf8');
  // JSON inside a script element: no "</script>" can end it early.
  const json = JSON.stringify(scene).replace(/</g, '\\u003c');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Plain Konva</title>
<style>body { margin: 0; font-family: Arial, sans-serif; } #box { display: inline-block; outline: none; }</style></head>
<body><div id="box" tabindex="0" data-testid="plain-konva"></div>
<script>${konva}</script>
<script>window.__plainScene = ${json};</script>
<script>${PAGE_SCRIPT}</script></body></html>`;
}
