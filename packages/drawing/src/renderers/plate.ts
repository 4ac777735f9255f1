/**
 * Cover plates and outlets: a plate of the product's size (plate-size option or fixed size) in its
 * finish, with Decora openings per gang (plates) or a duplex receptacle per gang (outlets). An outlet
 * with a mechanism layout is drawn like a keypad. Floor outlets may be round.
 */
import { findSelectionWithData } from '@cpq/domain';
import { finishFill, sizeOf, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';
import { formatSize } from '../units.ts';
import { renderKeypad, SCREW_RADIUS } from './keypad.ts';
import { mechanismShape } from './mechanisms.ts';

/** A Decora opening (mm). */
export const DECORA_OPENING = { width: 33.3, height: 66.7 };
const FALLBACK = { width: 70, height: 115 };

function gangOf(ctx: RenderContext): number {
  const plate = findSelectionWithData(ctx.product, ctx.instance, ctx.catalogue, ['gang'] as const);
  const fixed = ctx.drawingConfig.productSizes?.[String(ctx.product.id)];
  return Math.max(1, Math.trunc(plate?.data.gang ?? fixed?.gang ?? 1));
}

function plateBase(ctx: RenderContext, opening: (cx: number, cy: number) => SvgNode[]): RenderResult {
  const size = sizeOf(ctx);
  if (!size) ctx.warnings.push(`No size known for ${ctx.product.title}; drawn as ${formatSize(FALLBACK.width, FALLBACK.height, ctx.options.units)}.`);
  const { width, height } = size ?? FALLBACK;
  const fill = finishFill(ctx, '#d9d9d6');
  const gang = gangOf(ctx);
  const round = ctx.drawingConfig.productSizes?.[String(ctx.product.id)]?.shape === 'round';
  const body: SvgNode[] = [
    round
      ? el('ellipse', { class: 'plate', cx: width / 2, cy: height / 2, rx: width / 2, ry: height / 2, fill, stroke: '#3f3f3f', 'stroke-width': 0.4 })
      : el('rect', { class: 'plate', x: 0, y: 0, width, height, rx: 1.5, fill, stroke: '#3f3f3f', 'stroke-width': 0.4 }),
  ];
  for (let g = 0; g < gang; g++) {
    const cx = (width * (g + 0.5)) / gang;
    body.push(el('g', { class: 'opening' }, opening(cx, height / 2)));
    if (!round) {
      for (const cy of [height / 2 - DECORA_OPENING.height / 2 - 6, height / 2 + DECORA_OPENING.height / 2 + 6]) {
        body.push(el('circle', { class: 'screw', cx, cy, r: SCREW_RADIUS, fill, stroke: '#3f3f3f', 'stroke-width': 0.3 }));
      }
    }
  }
  return { width, height, body };
}

export const renderPlate = (ctx: RenderContext): RenderResult =>
  plateBase(ctx, (cx, cy) => [
    el('rect', { x: cx - DECORA_OPENING.width / 2, y: cy - DECORA_OPENING.height / 2, width: DECORA_OPENING.width, height: DECORA_OPENING.height, rx: 1, fill: '#ffffff', stroke: '#3f3f3f', 'stroke-width': 0.4 }),
  ]);

export function renderOutlet(ctx: RenderContext): RenderResult {
  if (findSelectionWithData(ctx.product, ctx.instance, ctx.catalogue, ['rows', 'columns'] as const)) return renderKeypad(ctx);
  const receptacle = mechanismShape('RW');
  return plateBase(ctx, (cx, cy) => [el('g', { transform: `translate(${cx.toFixed(3)} ${cy.toFixed(3)})` }, [el('title', {}, [receptacle.title]), ...receptacle.draw('#ffffff')])]);
}
