/** Lamps: a swing-arm lamp in its finish (base, stem, arm, shade), sized to the product. */
import { finishFill, sizeOf, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';

const FALLBACK = { width: 220, height: 420 };

export function renderLamp(ctx: RenderContext): RenderResult {
  const { width: w, height: h } = sizeOf(ctx) ?? FALLBACK;
  const fill = finishFill(ctx, '#b59a5b');
  const line = { stroke: '#3f3f3f', 'stroke-width': Math.max(0.5, w / 200) };
  const stem = w * 0.18;
  return {
    width: w,
    height: h,
    body: [
      el('rect', { class: 'base', x: stem - w * 0.15, y: h * 0.94, width: w * 0.3, height: h * 0.06, rx: 2, fill, ...line }),
      el('rect', { class: 'stem', x: stem - w * 0.015, y: h * 0.35, width: w * 0.03, height: h * 0.6, fill, ...line }),
      el('path', { class: 'arm', d: `M${stem} ${h * 0.36}L${w * 0.78} ${h * 0.2}`, fill: 'none', ...line, 'stroke-width': w * 0.025, stroke: fill }),
      el('circle', { class: 'joint', cx: stem, cy: h * 0.36, r: w * 0.03, fill, ...line }),
      el('path', { class: 'shade', d: `M${w * 0.62} ${h * 0.34}L${w * 0.7} ${h * 0.16}H${w * 0.9}L${w * 0.98} ${h * 0.34}Z`, fill, ...line }),
    ],
  };
}
