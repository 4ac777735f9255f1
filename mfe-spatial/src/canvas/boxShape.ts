import type Konva from 'konva';

/** What a mural box (area, texture, panel) shows besides its rectangle. */
export interface BoxExtras {
  /** The print bleed around a panel. */
  bleed: { left: number; right: number; top: number; bottom: number } | null;
  /** Centred inside: a panel's number or description. */
  label: { text: string; size: number } | null;
  /** Centred above (or below, for a panel, as printed: the area's width is above): the width as a dimension. */
  dimension: { text: string; size: number; below?: boolean } | null;
}

const FONT = 'Arial';

/**
 * Draws a mural box as one Konva shape: bleed outline, rectangle (the shape's own fill and stroke),
 * label and dimension. One node instead of four per panel keeps 500 panels inside a frame's budget.
 */
export function drawBox(ctx: Konva.Context, shape: Konva.Shape, extras: BoxExtras): void {
  const w = shape.width();
  const h = shape.height();
  const unit = 1 / (shape.getAbsoluteScale().x || 1);
  if (extras.bleed) {
    const b = extras.bleed;
    ctx.beginPath();
    ctx.rect(-b.left, -b.top, w + b.left + b.right, h + b.top + b.bottom);
    ctx.setAttr('strokeStyle', '#b0bec5');
    ctx.setAttr('lineWidth', unit);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.rect(0, 0, w, h);
  ctx.closePath();
  ctx.fillStrokeShape(shape);
  ctx.setAttr('textAlign', 'center');
  if (extras.label?.text) {
    ctx.setAttr('font', `${extras.label.size}px ${FONT}`);
    ctx.setAttr('textBaseline', 'middle');
    ctx.setAttr('fillStyle', '#263238');
    ctx.fillText(extras.label.text, w / 2, h / 2);
  }
  if (extras.dimension) {
    ctx.setAttr('font', `${extras.dimension.size}px ${FONT}`);
    ctx.setAttr('textBaseline', extras.dimension.below ? 'top' : 'bottom');
    ctx.setAttr('fillStyle', '#37474f');
    ctx.fillText(extras.dimension.text, w / 2, extras.dimension.below ? h + (extras.bleed?.bottom ?? 0) + 3 * unit : -3 * unit);
  }
}

/** What the pointer hits: the rectangle only. */
export function hitBox(ctx: Konva.Context, shape: Konva.Shape): void {
  ctx.beginPath();
  ctx.rect(0, 0, shape.width(), shape.height());
  ctx.closePath();
  ctx.fillStrokeShape(shape);
}
