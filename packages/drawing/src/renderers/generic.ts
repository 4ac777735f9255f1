/** Any product without a script of its own: a titled box (unfilled: its graphic shows through), with the product's size when it is known. */
import { sizeOf, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';

const UNKNOWN_SIZE = { width: 200, height: 120 };

export function renderGeneric(ctx: RenderContext): RenderResult {
  const size = sizeOf(ctx);
  const { width, height } = size ?? UNKNOWN_SIZE;
  const font = Math.max(4, Math.min(width, height) / 10);
  const lines = [ctx.instance.title?.trim() || ctx.product.title];
  if (ctx.instance.title?.trim() && ctx.instance.title.trim() !== ctx.product.title) lines.push(ctx.product.title);
  if (!size) lines.push('Size not given');
  return {
    width,
    height,
    sizeUnknown: !size,
    body: [
      el('rect', { class: 'generic', x: 0, y: 0, width, height, fill: 'none', stroke: '#374151', 'stroke-width': Math.max(0.4, font / 12) }),
      el(
        'text',
        { x: width / 2, 'font-size': font, 'font-family': 'Helvetica, Arial, sans-serif', 'text-anchor': 'middle', fill: '#111827' },
        lines.map((line, i) => el('tspan', { x: width / 2, y: height / 2 + (i - (lines.length - 1) / 2) * font * 1.3 + font * 0.35, 'font-size': i === 0 ? font : font * 0.75 }, [line])),
      ),
    ],
  };
}
