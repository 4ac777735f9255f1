/**
 * The settings table a factory drawing carries beside the picture: every setting of the item (the
 * product's properties the drawing shows, in their rank order, and the item's notes) with its value,
 * lengths in the chosen units. Sized in page px like the dimension labels, so it reads the same
 * whatever the scale of the drawing.
 */
import { isSelectType, type TextMeasure } from '@cpq/domain';
import type { LegendRow, RenderContext } from './context.ts';
import { DIMENSION_FONT_PX, type DimensionStyle } from './dimensions.ts';
import { el } from './svg.ts';
import type { SvgNode } from './types.ts';
import { formatLength } from './units.ts';

/** What a setting without a value shows. */
export const NOT_SET = '—';
const FONT = 'Helvetica, Arial, sans-serif';
const MEASURE_FONT = 'Helvetica';
/** Page px: cell padding, line height, the widest a value runs before it wraps. */
const PAD_PX = 3;
const LINE_PX = 14;
const VALUE_MAX_PX = 230;
const LABEL_MAX_PX = 150;
const FONT_ALLOWANCE = 1.12;
const BOLD_ALLOWANCE = 1.22;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** The value of one property of the item as a person reads it ('' when none). */
function valueText(ctx: RenderContext, propertyId: number): string {
  const property = ctx.catalogue.property(propertyId);
  const sel = ctx.instance.properties?.[String(propertyId)];
  if (!property || !sel || typeof sel !== 'object') return '';
  if (isSelectType(property.type)) {
    const option = typeof sel.optionId === 'number' ? ctx.catalogue.option(sel.optionId) : undefined;
    return option && option.productPropertyId === propertyId ? option.title : '';
  }
  const raw = sel.value;
  if (property.type === 'dimensions') {
    const n = typeof raw === 'number' ? raw : Number.parseFloat(text(raw));
    return Number.isFinite(n) ? formatLength(n, ctx.options.units) : '';
  }
  if (property.type === 'checkbox') {
    if (text(raw) === '') return '';
    return raw === 1 || raw === '1' || raw === 'true' ? 'Yes' : 'No';
  }
  return [text(raw), ...(sel.text ?? []).map(text)].filter((s) => s !== '').join(' / ');
}

/** Every setting of the item the drawing shows, in the product's property order, then its notes. */
export function settingsLegend(ctx: RenderContext): LegendRow[] {
  const rows: LegendRow[] = [];
  for (const p of ctx.catalogue.propertiesOf(ctx.product.id)) {
    if (p.drawingVisibility === 'none') continue;
    rows.push({ label: p.title, value: valueText(ctx, p.id) || NOT_SET });
  }
  rows.push({ label: 'Notes', value: text(ctx.instance.notes) || NOT_SET });
  return rows;
}

/** Words into lines no wider than `max` px (a word longer than the line stands alone). */
function wrap(s: string, max: number, measure: (t: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * The table at (x, y) in drawing units: a heading, then one row per setting (label left, value right,
 * values wrapped). Returns its nodes and its size in drawing units.
 */
export function legendNodes(rows: readonly LegendRow[], at: { x: number; y: number }, style: DimensionStyle, measureText: TextMeasure): { node: SvgNode; width: number; height: number } {
  const px = 1 / style.pxPerUnit;
  const size = DIMENSION_FONT_PX;
  const measure = (t: string) => measureText(t, { family: MEASURE_FONT, sizePx: size });
  const labelLines = rows.map((r) => wrap(r.label, LABEL_MAX_PX, measure));
  const valueLines = rows.map((r) => wrap(r.value, VALUE_MAX_PX, measure));
  // Room for the browser's font, which may run wider than the Helvetica advances measured (bold labels more so).
  const labelW = Math.max(...labelLines.flat().map(measure), measure('Setting')) * BOLD_ALLOWANCE + 2 * PAD_PX;
  const valueW = Math.max(...valueLines.flat().map(measure), measure('Value')) * FONT_ALLOWANCE + 2 * PAD_PX;
  const width = labelW + valueW;
  const headH = LINE_PX + 2 * PAD_PX;
  const children: SvgNode[] = [];
  const t = (x: number, y: number, s: string, bold = false) =>
    el('text', { x: at.x + x * px, y: at.y + y * px, 'font-size': size * px, 'font-family': FONT, 'font-weight': bold ? 'bold' : undefined, fill: '#111827', 'dominant-baseline': 'hanging' }, [s]);
  const line = (x1: number, y1: number, x2: number, y2: number, w = 1) =>
    el('line', { x1: at.x + x1 * px, y1: at.y + y1 * px, x2: at.x + x2 * px, y2: at.y + y2 * px, stroke: '#374151', 'stroke-width': w * px });
  children.push(el('rect', { x: at.x, y: at.y, width: width * px, height: headH * px, fill: '#e5e7eb' }));
  children.push(t(PAD_PX, PAD_PX + 1, 'Setting', true), t(labelW + PAD_PX, PAD_PX + 1, 'Value', true));
  let y = headH;
  rows.forEach((r, i) => {
    const n = Math.max(labelLines[i]!.length, valueLines[i]!.length);
    const h = n * LINE_PX + 2 * PAD_PX;
    children.push(
      el('g', { class: 'legend-row', 'data-setting': r.label }, [
        line(0, y, width, y, 0.5),
        ...labelLines[i]!.map((s, k) => t(PAD_PX, y + PAD_PX + 1 + k * LINE_PX, s, true)),
        ...valueLines[i]!.map((s, k) => t(labelW + PAD_PX, y + PAD_PX + 1 + k * LINE_PX, s)),
      ]),
    );
    y += h;
  });
  children.push(el('rect', { x: at.x, y: at.y, width: width * px, height: y * px, fill: 'none', stroke: '#374151', 'stroke-width': px }));
  children.push(line(labelW, 0, labelW, y, 0.5));
  return { node: el('g', { class: 'legend' }, children), width: width * px, height: y * px };
}
