/**
 * Lamella panels (doors and cabinet fronts of veneer strips): the panel from its width and height,
 * lamellas across the width by count or by lamella width, aligned centre / left / right / random,
 * grain hatch, and the hinge side.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { dataOf, sizeOf, stringData, valueOf, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';
import { formatSize } from '../units.ts';
import { settingsLegend } from '../legend.ts';
import { LAMELLA_DEFAULTS } from './doorPanel.ts';
import { doorHardware, drawHardware } from './hardware.ts';

// The panel defaults and hinge marks live in doorPanel.ts, shared with the hardware and slab-door
// drawings (which this file draws with), so no two renderers import each other.
export { hingeCount, hingeMarks, LAMELLA_DEFAULTS } from './doorPanel.ts';
/** Random alignment moves the seams at most this far (mm) either way from the centred position. */
export const RANDOM_ALIGNMENT_TOLERANCE = 50;

export type LamellaAlignment = 'center' | 'left' | 'right' | 'random';
export type LamellaWidthMode = 'quantity' | 'width';

export interface LamellaLayoutInput {
  panelWidth: number;
  mode: LamellaWidthMode;
  /** Quantity mode: how many equal lamellas. */
  count?: number;
  /** Width mode: the nominal lamella width (mm). */
  lamellaWidth?: number;
  alignment: LamellaAlignment;
  /** Random alignment: the instance id (same id → same seams). */
  seed: number | string;
}

export interface LamellaLayout {
  /** Lamellas as drawn, clipped to the panel, left to right. */
  lamellas: { x: number; width: number }[];
  /** Nominal lamella width. */
  lamellaWidth: number;
  /** Where the first full-width lamella pattern starts left of the panel edge (mm, 0 = flush left). */
  offset: number;
  /** Random alignment only: how far the seams moved from the centred position (|shift| ≤ tolerance). */
  shift: number;
}

/** A 32-bit seed from an instance id (FNV-1a over its text). */
export function seedOf(id: number | string): number {
  let h = 0x811c9dc5;
  for (const ch of String(id)) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

export function layoutLamellas(input: LamellaLayoutInput): LamellaLayout {
  const W = input.panelWidth;
  if (input.mode === 'quantity') {
    const n = Math.max(1, Math.round(input.count ?? 1));
    const lw = W / n;
    return { lamellas: Array.from({ length: n }, (_, i) => ({ x: i * lw, width: lw })), lamellaWidth: lw, offset: 0, shift: 0 };
  }
  const lw = input.lamellaWidth && input.lamellaWidth > 0 ? input.lamellaWidth : LAMELLA_DEFAULTS.lamellaWidth;
  // The count of the rule: ceil(width / lamella width) (a hair of tolerance for float noise).
  const n = Math.ceil(W / lw - 1e-9);
  const overflow = n * lw - W;
  const centred = overflow / 2;
  let offset = 0;
  let shift = 0;
  if (input.alignment === 'right') offset = overflow;
  else if (input.alignment === 'center') offset = centred;
  else if (input.alignment === 'random') {
    const u = uniformFloat64(xoroshiro128plus(seedOf(input.seed)));
    shift = (2 * u - 1) * RANDOM_ALIGNMENT_TOLERANCE;
    offset = centred + shift;
  }
  const lamellas: { x: number; width: number }[] = [];
  const first = Math.floor(offset / lw);
  for (let k = first; k * lw - offset < W; k++) {
    const x0 = Math.max(0, k * lw - offset);
    const x1 = Math.min(W, (k + 1) * lw - offset);
    if (x1 - x0 > 1e-9) lamellas.push({ x: x0, width: x1 - x0 });
  }
  return { lamellas, lamellaWidth: lw, offset, shift };
}

const ALIGNMENTS: readonly LamellaAlignment[] = ['center', 'left', 'right', 'random'];

/** Grain lines of one lamella: three along its length (vertical) or across every ~height/16 (horizontal). */
function grain(x: number, width: number, height: number, direction: 'vertical' | 'horizontal'): SvgNode {
  const s = { stroke: '#8b6a3e', 'stroke-width': 0.8, 'stroke-opacity': 0.55, fill: 'none' };
  if (direction === 'vertical') {
    const d = [0.25, 0.5, 0.75].map((f) => `M${(x + width * f).toFixed(2)} 0V${height}`).join('');
    return el('path', { class: 'grain', d, ...s });
  }
  const step = height / 16;
  const d = Array.from({ length: 15 }, (_, i) => `M${x.toFixed(2)} ${((i + 1) * step).toFixed(2)}h${width.toFixed(2)}`).join('');
  return el('path', { class: 'grain', d, ...s });
}

export function renderLamella(ctx: RenderContext): RenderResult {
  const cfg = ctx.drawingConfig.lamella ?? {};
  const size = sizeOf(ctx);
  if (!size) ctx.warnings.push(`No size given; drawn at the default ${formatSize(LAMELLA_DEFAULTS.width, LAMELLA_DEFAULTS.height, ctx.options.units)}.`);
  const width = size?.width ?? LAMELLA_DEFAULTS.width;
  const height = size?.height ?? LAMELLA_DEFAULTS.height;
  const modeData = stringData(dataOf(ctx, cfg.widthModePropertyId), 'lamellaWidthMode');
  const count = valueOf(ctx, cfg.lamellaCountPropertyId);
  const lamellaWidth = valueOf(ctx, cfg.lamellaWidthPropertyId);
  const mode: LamellaWidthMode = modeData === 'quantity' || modeData === 'width' ? modeData : count !== undefined && lamellaWidth === undefined ? 'quantity' : 'width';
  const alignData = stringData(dataOf(ctx, cfg.alignmentPropertyId), 'alignment');
  const alignment = ALIGNMENTS.find((a) => a === alignData) ?? 'center';
  const layout = layoutLamellas({ panelWidth: width, mode, count, lamellaWidth, alignment, seed: ctx.instance.id ?? 0 });
  const grainDirection = stringData(dataOf(ctx, cfg.grainPropertyId), 'grainDirection') === 'horizontal' ? 'horizontal' : 'vertical';
  const fill = ctx.catalogue.propertiesOf(ctx.product.id).map((p) => stringData(dataOf(ctx, p.id), 'fill')).find((f) => f !== undefined) ?? '#d8b98a';

  const body: SvgNode[] = [el('rect', { class: 'panel', x: 0, y: 0, width, height, fill, stroke: '#3f3f3f', 'stroke-width': 2 })];
  for (const l of layout.lamellas) {
    body.push(el('g', { class: 'lamella' }, [el('rect', { x: l.x, y: 0, width: l.width, height, fill, stroke: '#5b4326', 'stroke-width': 1 }), grain(l.x, l.width, height, grainDirection)]));
  }
  const hardware = drawHardware(doorHardware(ctx, height), width, height, fill);
  body.push(...hardware.body);
  const { body: _, ...drawn } = hardware;
  return { width, height, body, ...drawn, legend: settingsLegend(ctx) };
}
