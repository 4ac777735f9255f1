import { el } from './svg.ts';
import type { DrawingUnits, SvgNode } from './types.ts';
import { mmToInches } from '@cpq/domain';
import { formatLength } from './units.ts';

/** Distance of a dimension line from what it measures, in screen px. */
export const DIMENSION_EXTENSION_PX = 30;
/**
 * Label size in px of the page the drawing is shown or printed on, whatever the drawing's scale: 12 px
 * is 9 pt on paper (96 px per inch), the least a shop drawing is read at. Every label is drawn at
 * 12 px / pxPerUnit drawing units, so a 2000 mm door shrunk onto a page keeps readable numbers
 * (decision 0102: the requirements' 8 / 11 px gave 6 and 8 pt labels on the printed set).
 */
export const DIMENSION_FONT_PX = 12;
/** Dimensions of 5 or less in the shown unit: the same size (a smaller one is not readable in print). */
export const DIMENSION_FONT_SMALL_PX = DIMENSION_FONT_PX;
export const DIMENSION_COLOR = '#1d4ed8';

export interface DimensionStyle {
  units: DrawingUnits;
  pxPerUnit: number;
}

export const dimensionFontPx = (mm: number, units: DrawingUnits): number =>
  (units === 'in' ? mmToInches(mm) : mm) <= 5 ? DIMENSION_FONT_SMALL_PX : DIMENSION_FONT_PX;

/**
 * A dimension between two points: extension lines out to a dimension line `offset` away on the
 * left of the direction from a to b (negative: the other side), end ticks and the length label.
 */
export function dimensionNode(
  a: { x: number; y: number },
  b: { x: number; y: number },
  style: DimensionStyle,
  opts: { offset?: number; label?: string; length?: number } = {},
): SvgNode {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const length = opts.length ?? len;
  const px = 1 / style.pxPerUnit;
  const offset = opts.offset ?? DIMENSION_EXTENSION_PX * px;
  // Unit normal on the left of a→b (y down): (dy, -dx).
  const nx = len === 0 ? 0 : dy / len;
  const ny = len === 0 ? -1 : -dx / len;
  const a2 = { x: a.x + nx * offset, y: a.y + ny * offset };
  const b2 = { x: b.x + nx * offset, y: b.y + ny * offset };
  const over = 4 * px * Math.sign(offset || 1);
  const gap = 3 * px * Math.sign(offset || 1);
  const tick = 4 * px;
  const ux = len === 0 ? 1 : dx / len;
  const uy = len === 0 ? 0 : dy / len;
  const stroke = { stroke: DIMENSION_COLOR, 'stroke-width': px, fill: 'none' };
  const fontPx = dimensionFontPx(length, style.units);
  const mid = { x: (a2.x + b2.x) / 2 + nx * (gap + 2 * px), y: (a2.y + b2.y) / 2 + ny * (gap + 2 * px) };
  let angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (angle >= 90 || angle < -90) angle += 180;
  if (angle > 180) angle -= 360;
  // The label sits on the far side of the line: 'hanging' when the text's up points back at it.
  const theta = (angle * Math.PI) / 180;
  const side = Math.sign(offset || 1);
  const upDotSide = Math.sin(theta) * nx * side - Math.cos(theta) * ny * side;
  // Ticks: short 45° slashes across the dimension line at both ends.
  const slash = (p: { x: number; y: number }) =>
    el('line', { x1: p.x - (ux - nx) * tick * 0.7, y1: p.y - (uy - ny) * tick * 0.7, x2: p.x + (ux - nx) * tick * 0.7, y2: p.y + (uy - ny) * tick * 0.7, ...stroke });
  return el('g', { class: 'dimension' }, [
    el('line', { x1: a.x + nx * gap, y1: a.y + ny * gap, x2: a2.x + nx * over, y2: a2.y + ny * over, ...stroke }),
    el('line', { x1: b.x + nx * gap, y1: b.y + ny * gap, x2: b2.x + nx * over, y2: b2.y + ny * over, ...stroke }),
    el('line', { x1: a2.x, y1: a2.y, x2: b2.x, y2: b2.y, ...stroke }),
    slash(a2),
    slash(b2),
    el(
      'text',
      {
        x: mid.x,
        y: mid.y,
        'font-size': fontPx * px,
        'font-family': 'Helvetica, Arial, sans-serif',
        fill: DIMENSION_COLOR,
        'text-anchor': 'middle',
        'dominant-baseline': upDotSide >= 0 ? 'auto' : 'hanging',
        transform: angle !== 0 ? `rotate(${angle.toFixed(3)} ${mid.x.toFixed(3)} ${mid.y.toFixed(3)})` : undefined,
      },
      [opts.label ?? formatLength(length, style.units)],
    ),
  ]);
}

/** A compact label: the length alone, no lines. */
export function shortDimensionNode(at: { x: number; y: number }, length: number, style: DimensionStyle, label?: string): SvgNode {
  const px = 1 / style.pxPerUnit;
  return el(
    'text',
    { class: 'short-dimension', x: at.x, y: at.y, 'font-size': dimensionFontPx(length, style.units) * px, 'font-family': 'Helvetica, Arial, sans-serif', fill: DIMENSION_COLOR, 'text-anchor': 'middle' },
    [label ?? formatLength(length, style.units)],
  );
}

/**
 * Width below and height right of a w × h box at (x, y): the margins a drawing adds for them
 * (in drawing units), so callers can size the whole drawing.
 */
export function boxDimensions(box: { x: number; y: number; width: number; height: number }, style: DimensionStyle): SvgNode[] {
  return [
    // Left to right along the bottom: the left normal points up (y down), so a negative offset goes below.
    dimensionNode({ x: box.x, y: box.y + box.height }, { x: box.x + box.width, y: box.y + box.height }, style, { offset: -DIMENSION_EXTENSION_PX / style.pxPerUnit }),
    dimensionNode({ x: box.x + box.width, y: box.y }, { x: box.x + box.width, y: box.y + box.height }, style),
  ];
}

/** Room a dimension takes beside the box: extension plus the label (in drawing units). */
export const dimensionMargin = (pxPerUnit: number): number => (DIMENSION_EXTENSION_PX + DIMENSION_FONT_PX + 10) / pxPerUnit;
