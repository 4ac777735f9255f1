/** Flush slab doors and shaker cabinet fronts: the panel at its size in its species, grain, hinges. */
import { dataOf, sizeOf, stringData, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';
import { hingeMarks, LAMELLA_DEFAULTS } from './doorPanel.ts';
import { settingsLegend } from '../legend.ts';
import { formatSize } from '../units.ts';

const FRONT_DEFAULT = { width: 600, height: 720 };
/** Shaker frame: stiles and rails this wide (mm), narrowed on small fronts. */
export const SHAKER_FRAME = 70;

function panel(ctx: RenderContext, fallback: { width: number; height: number }) {
  const size = sizeOf(ctx);
  if (!size) ctx.warnings.push(`No size given; drawn at the default ${formatSize(fallback.width, fallback.height, ctx.options.units)}.`);
  const { width, height } = size ?? fallback;
  const fill = ctx.catalogue.propertiesOf(ctx.product.id).map((p) => stringData(dataOf(ctx, p.id), 'fill')).find((f) => f !== undefined) ?? '#d8b98a';
  const hinge = stringData(dataOf(ctx, ctx.drawingConfig.lamella?.hingeSidePropertyId), 'hingeSide');
  const grain = stringData(dataOf(ctx, ctx.drawingConfig.lamella?.grainPropertyId), 'grainDirection') === 'horizontal' ? 'horizontal' : 'vertical';
  return { width, height, fill, hinge: hinge === 'left' || hinge === 'right' ? hinge : undefined, grain } as const;
}

function grainLines(x: number, y: number, w: number, h: number, direction: 'vertical' | 'horizontal'): SvgNode {
  const n = 12;
  const d =
    direction === 'vertical'
      ? Array.from({ length: n - 1 }, (_, i) => `M${(x + ((i + 1) * w) / n).toFixed(2)} ${y}v${h}`).join('')
      : Array.from({ length: n - 1 }, (_, i) => `M${x} ${(y + ((i + 1) * h) / n).toFixed(2)}h${w}`).join('');
  return el('path', { class: 'grain', d, stroke: '#8b6a3e', 'stroke-width': 0.8, 'stroke-opacity': 0.45, fill: 'none' });
}

export function renderSlabDoor(ctx: RenderContext): RenderResult {
  const p = panel(ctx, LAMELLA_DEFAULTS);
  const body: SvgNode[] = [
    el('rect', { class: 'panel', x: 0, y: 0, width: p.width, height: p.height, fill: p.fill, stroke: '#3f3f3f', 'stroke-width': 2 }),
    grainLines(0, 0, p.width, p.height, p.grain),
  ];
  if (p.hinge) {
    body.push(...hingeMarks(p.hinge, p.width, p.height));
    // The handle on the side away from the hinges, at 1000 mm (or mid-height on short doors).
    const hx = p.hinge === 'left' ? p.width - 60 : 60;
    body.push(el('circle', { class: 'handle', cx: hx, cy: Math.min(1000, p.height / 2), r: 22, fill: '#9ca3af', stroke: '#374151', 'stroke-width': 2 }));
  }
  return { width: p.width, height: p.height, body, legend: settingsLegend(ctx) };
}

export function renderCabinetFront(ctx: RenderContext): RenderResult {
  const p = panel(ctx, FRONT_DEFAULT);
  const frame = Math.min(SHAKER_FRAME, p.width / 5, p.height / 5);
  const inner = { x: frame, y: frame, w: p.width - 2 * frame, h: p.height - 2 * frame };
  const body: SvgNode[] = [
    el('rect', { class: 'panel', x: 0, y: 0, width: p.width, height: p.height, fill: p.fill, stroke: '#3f3f3f', 'stroke-width': 2 }),
    grainLines(0, 0, p.width, p.height, p.grain),
    el('rect', { class: 'recess', x: inner.x, y: inner.y, width: inner.w, height: inner.h, fill: p.fill, stroke: '#3f3f3f', 'stroke-width': 1.5 }),
    el('rect', { x: inner.x + 4, y: inner.y + 4, width: Math.max(0, inner.w - 8), height: Math.max(0, inner.h - 8), fill: 'none', stroke: '#5b4326', 'stroke-width': 0.8, 'stroke-opacity': 0.6 }),
  ];
  if (p.hinge) body.push(...hingeMarks(p.hinge, p.width, p.height));
  return { width: p.width, height: p.height, body, legend: settingsLegend(ctx) };
}
