/**
 * Product graphic nodes → SVG. A node with a condition exists only while that property has that
 * option selected (its children too). Props may be numbers, strings or "=formulas" (formula.ts).
 * Ids a graphic defines (gradients, masks, shadows) are prefixed per drawing so several drawings on
 * one page do not take each other's definitions; url(#id) references are rewritten to match.
 */
import type { ProductGraphicNode } from '@cpq/domain';
import { dimensionNode, shortDimensionNode, type DimensionStyle } from './dimensions.ts';
import { evaluateProp, type FormulaScope } from './formula.ts';
import { el } from './svg.ts';
import type { DrawInstance, SvgNode } from './types.ts';

export interface GraphicContext {
  instance: DrawInstance;
  scope: FormulaScope;
  warnings: string[];
  /** Prefix for ids defined by the graphic (unique per drawing). */
  idPrefix: string;
  dimensions: DimensionStyle | null;
  /** Where drawn nodes reach (group translations applied), so the drawing can make room for them. */
  bounds?: Bounds;
  /** Translation of the enclosing groups; definitions (masks) pass none and are not measured. */
  offset?: { x: number; y: number } | null;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function reach(ctx: GraphicContext, x: number, y: number, w: number, h: number): void {
  const b = ctx.bounds;
  const o = ctx.offset === undefined ? { x: 0, y: 0 } : ctx.offset;
  if (!b || !o) return;
  b.minX = Math.min(b.minX, o.x + x);
  b.minY = Math.min(b.minY, o.y + y);
  b.maxX = Math.max(b.maxX, o.x + x + w);
  b.maxY = Math.max(b.maxY, o.y + y + h);
}

/** A node is present when it has no condition or its property has the condition's option selected. */
export function nodeIsPresent(node: ProductGraphicNode, instance: DrawInstance): boolean {
  if (!node.condition) return true;
  return instance.properties?.[String(node.condition.productPropertyId)]?.optionId === node.condition.productOptionId;
}

const NUMERIC_PROPS = new Set([
  'x', 'y', 'z', 'width', 'height', 'depth', 'r', 'radius', 'rx', 'ry', 'cx', 'cy', 'x1', 'y1', 'x2', 'y2', 'fx', 'fy',
  'strokeWidth', 'opacity', 'fillOpacity', 'fontSize', 'dx', 'dy', 'blur', 'offset', 'rotation', 'value', 'length',
]);

/** Evaluated props of a node: formulas resolved, numbers where numbers are expected. */
function evalProps(node: ProductGraphicNode, ctx: GraphicContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node.props ?? {})) {
    const numeric = NUMERIC_PROPS.has(k);
    const r = evaluateProp(v, ctx.scope, ctx.warnings, numeric ? 'number' : 'any');
    out[k] = numeric && typeof r === 'string' ? Number.parseFloat(r) || 0 : r;
  }
  return out;
}

const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Paint values: colours pass; url(#id) points at this drawing's prefixed definitions. */
function paint(v: unknown, ctx: GraphicContext): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  return s.replace(/url\(#([A-Za-z0-9_-]+)\)/g, (_, id: string) => `url(#${ctx.idPrefix}${id})`);
}
const ref = (v: unknown, ctx: GraphicContext): string | undefined => {
  const s = str(v);
  if (!s) return undefined;
  return s.startsWith('url(') ? paint(s, ctx) : `url(#${ctx.idPrefix}${s.replace(/^#/, '')})`;
};
const localId = (p: Record<string, unknown>, node: ProductGraphicNode, ctx: GraphicContext): string =>
  `${ctx.idPrefix}${String(str(p.id) ?? node.id).replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Presentation attributes common to shapes. */
function style(p: Record<string, unknown>, ctx: GraphicContext): Record<string, string | number | undefined> {
  return {
    fill: paint(p.fill, ctx),
    stroke: paint(p.stroke ?? p.strokeColor, ctx),
    'stroke-width': p.strokeWidth === undefined ? undefined : num(p.strokeWidth),
    opacity: p.opacity === undefined ? undefined : num(p.opacity, 1),
    'fill-opacity': p.fillOpacity === undefined ? undefined : num(p.fillOpacity, 1),
    mask: p.mask === undefined ? undefined : ref(p.mask, ctx),
    filter: p.filter === undefined ? undefined : ref(p.filter, ctx),
    transform: p.rotation === undefined ? undefined : `rotate(${num(p.rotation)})`,
  };
}

interface GradientStop {
  offset?: unknown;
  color?: unknown;
  opacity?: unknown;
}

/**
 * Points a path passes through or is pulled towards (end and control points; arcs by their end
 * points): enough to make room for it, not an exact bounding box.
 */
export function pathPoints(d: string): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MLHVCSQTAZmlhvcsqtaz])([^MLHVCSQTAZmlhvcsqtaz]*)/g)) {
    const n = (args!.match(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? []).map(Number);
    const rel = cmd === cmd!.toLowerCase();
    const c = cmd!.toUpperCase();
    if (c === 'Z') continue;
    if (c === 'H' || c === 'V') {
      for (const v of n) {
        if (c === 'H') x = rel ? x + v : v;
        else y = rel ? y + v : v;
        out.push({ x, y });
      }
      continue;
    }
    // Arcs: 7 numbers, the last two the end point; others: coordinate pairs.
    const step = c === 'A' ? 7 : 2;
    for (let i = 0; i + step <= n.length; i += step) {
      const [px, py] = c === 'A' ? [n[i + 5]!, n[i + 6]!] : [n[i]!, n[i + 1]!];
      const pt = rel ? { x: x + px, y: y + py } : { x: px, y: py };
      out.push(pt);
      // The pen moves to the last pair of a segment (curves: every pair is pushed, the pen ends on the last).
      if (c === 'A' || c === 'M' || c === 'L' || c === 'T' || (i + step) % (c === 'C' ? 6 : c === 'S' || c === 'Q' ? 4 : 2) === 0) {
        x = pt.x;
        y = pt.y;
      }
    }
  }
  return out;
}

function renderNode(node: ProductGraphicNode, ctx: GraphicContext): SvgNode | null {
  if (!nodeIsPresent(node, ctx.instance)) return null;
  const p = evalProps(node, ctx);
  const children = () => renderNodes(node.children ?? [], ctx);
  const title = node.title ? { 'data-title': node.title } : {};
  switch (node.type) {
    case 'rect':
      reach(ctx, num(p.x), num(p.y), Math.max(0, num(p.width)), Math.max(0, num(p.height)));
      return el('rect', { ...title, x: num(p.x), y: num(p.y), width: Math.max(0, num(p.width)), height: Math.max(0, num(p.height)), rx: p.rx === undefined ? undefined : num(p.rx), ...style(p, ctx) });
    case 'cube':
      // 2D: the front face.
      reach(ctx, num(p.x), num(p.y), Math.max(0, num(p.width)), Math.max(0, num(p.height)));
      return el('rect', { ...title, class: 'cube', x: num(p.x), y: num(p.y), width: Math.max(0, num(p.width)), height: Math.max(0, num(p.height)), ...style(p, ctx) });
    case 'circle': {
      const [cx, cy, r] = [num(p.cx ?? p.x), num(p.cy ?? p.y), Math.max(0, num(p.r ?? p.radius))];
      reach(ctx, cx - r, cy - r, 2 * r, 2 * r);
      return el('circle', { ...title, cx, cy, r, ...style(p, ctx) });
    }
    case 'ellipse': {
      const [cx, cy, rx, ry] = [num(p.cx ?? p.x), num(p.cy ?? p.y), Math.max(0, num(p.rx ?? num(p.width) / 2)), Math.max(0, num(p.ry ?? num(p.height) / 2))];
      reach(ctx, cx - rx, cy - ry, 2 * rx, 2 * ry);
      return el('ellipse', { ...title, cx, cy, rx, ry, ...style(p, ctx) });
    }
    case 'text':
      return el(
        'text',
        {
          ...title,
          x: num(p.x),
          y: num(p.y),
          'font-size': num(p.fontSize, 4),
          'font-family': str(p.fontFamily) ?? 'Helvetica, Arial, sans-serif',
          'text-anchor': str(p.align) === 'center' ? 'middle' : str(p.align) === 'right' ? 'end' : str(p.anchor),
          ...style({ fill: '#222', ...p }, ctx),
        },
        [String(p.text ?? p.content ?? '')],
      );
    case 'image': {
      const href = str(p.href ?? p.url ?? p.src);
      // Only images served by the portal or inline data: a drawing must not fetch from elsewhere.
      if (!href || !(/^data:image\/(png|jpe?g);/.test(href) || href.startsWith('/'))) return null;
      reach(ctx, num(p.x), num(p.y), Math.max(0, num(p.width)), Math.max(0, num(p.height)));
      return el('image', { ...title, x: num(p.x), y: num(p.y), width: Math.max(0, num(p.width)), height: Math.max(0, num(p.height)), href, preserveAspectRatio: 'xMidYMid meet', opacity: p.opacity === undefined ? undefined : num(p.opacity, 1) });
    }
    case 'path': {
      const d = str(p.d ?? p.data);
      if (d) for (const pt of pathPoints(d)) reach(ctx, pt.x, pt.y, 0, 0);
      return d ? el('path', { ...title, d, ...style({ fill: 'none', ...p }, ctx) }) : null;
    }
    case 'group': {
      const o = ctx.offset === undefined ? { x: 0, y: 0 } : ctx.offset;
      const inner = { ...ctx, offset: o && { x: o.x + num(p.x), y: o.y + num(p.y) } };
      return el(
        'g',
        { ...title, ...style(p, ctx), transform: `translate(${num(p.x)} ${num(p.y)})${p.rotation === undefined ? '' : ` rotate(${num(p.rotation)})`}` },
        renderNodes(node.children ?? [], inner),
      );
    }
    case 'mask':
      return el('defs', {}, [el('mask', { id: localId(p, node, ctx), maskUnits: 'userSpaceOnUse' }, renderNodes(node.children ?? [], { ...ctx, offset: null }))]);
    case 'gradients': {
      const radial = str(p.kind) === 'radial' || str(p.gradientType) === 'radial';
      const stops = (Array.isArray(p.stops) ? (p.stops as GradientStop[]) : []).map((s) =>
        el('stop', { offset: num(s.offset), 'stop-color': str(s.color) ?? '#000', 'stop-opacity': s.opacity === undefined ? undefined : num(s.opacity, 1) }),
      );
      const geometry = radial
        ? { cx: num(p.cx, 0.5), cy: num(p.cy, 0.5), r: num(p.r, 0.5) }
        : { x1: num(p.x1, 0), y1: num(p.y1, 0), x2: num(p.x2, 1), y2: num(p.y2, 0) };
      return el('defs', {}, [el(radial ? 'radialGradient' : 'linearGradient', { id: localId(p, node, ctx), ...geometry }, stops)]);
    }
    case 'dropShadow': {
      const id = localId(p, node, ctx);
      return el('g', { filter: `url(#${id})` }, [
        el('defs', {}, [
          el('filter', { id, x: '-20%', y: '-20%', width: '140%', height: '140%' }, [
            el('feDropShadow', { dx: num(p.dx, 1), dy: num(p.dy, 1), stdDeviation: num(p.blur, 1), 'flood-color': str(p.color) ?? '#000', 'flood-opacity': num(p.opacity, 0.35) }),
          ]),
        ]),
        ...children(),
      ]);
    }
    case 'dimension': {
      if (!ctx.dimensions) return null;
      const a = { x: num(p.x1 ?? p.x), y: num(p.y1 ?? p.y) };
      const b = { x: num(p.x2, a.x + num(p.width)), y: num(p.y2, a.y + num(p.height)) };
      return dimensionNode(a, b, ctx.dimensions, { offset: p.offset === undefined ? undefined : num(p.offset), label: str(p.label), length: p.value === undefined ? undefined : num(p.value) });
    }
    case 'shortDimension': {
      if (!ctx.dimensions) return null;
      return shortDimensionNode({ x: num(p.x), y: num(p.y) }, num(p.value ?? p.length), ctx.dimensions, str(p.label));
    }
  }
}

export function renderNodes(nodes: readonly ProductGraphicNode[], ctx: GraphicContext): SvgNode[] {
  const out: SvgNode[] = [];
  for (const n of nodes) {
    const r = renderNode(n, ctx);
    if (r) out.push(r);
  }
  return out;
}

/** The graphic's nodes as one group (its top-level group's translate kept). */
export const renderGraphic = (nodes: readonly ProductGraphicNode[], ctx: GraphicContext): SvgNode => el('g', { class: 'product-graphic' }, renderNodes(nodes, ctx));
