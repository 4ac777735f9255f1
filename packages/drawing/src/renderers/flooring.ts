/**
 * Flooring: a 1200 × 800 mm sample of planks (180 mm wide) in staggered lengths. The joints come
 * from a PRNG seeded by the item id, so an item always shows the same sample.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { finishFill, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';
import { seedOf } from './lamella.ts';

export const FLOORING_SAMPLE = { width: 1200, height: 800, plankWidth: 180, minPlank: 400, maxPlank: 1200 };

/** Plank rows: each row's joints (x positions), planks between minPlank and maxPlank long. */
export function plankRows(seed: number | string): number[][] {
  const rng = xoroshiro128plus(seedOf(seed));
  const { width, height, plankWidth, minPlank, maxPlank } = FLOORING_SAMPLE;
  const rows: number[][] = [];
  for (let y = 0; y < height; y += plankWidth) {
    // Each row starts part-way along a plank so joints do not line up.
    const joints: number[] = [];
    let x = -uniformFloat64(rng) * minPlank;
    while (true) {
      x += minPlank + uniformFloat64(rng) * (maxPlank - minPlank);
      if (x >= width) break;
      if (x > 0) joints.push(Math.round(x));
    }
    rows.push(joints);
  }
  return rows;
}

export function renderFlooring(ctx: RenderContext): RenderResult {
  const { width, height, plankWidth } = FLOORING_SAMPLE;
  const fill = finishFill(ctx, '#c8a878');
  const body: SvgNode[] = [el('rect', { class: 'sample', x: 0, y: 0, width, height, fill, stroke: '#3f3f3f', 'stroke-width': 2 })];
  const d: string[] = [];
  plankRows(ctx.instance.id ?? 0).forEach((joints, r) => {
    const y = r * plankWidth;
    if (r > 0) d.push(`M0 ${y}H${width}`);
    for (const x of joints) d.push(`M${x} ${y}v${Math.min(plankWidth, height - y)}`);
  });
  body.push(el('path', { class: 'plank-joints', d: d.join(''), stroke: '#5b4326', 'stroke-width': 1.5, fill: 'none' }));
  return { width, height, body };
}
