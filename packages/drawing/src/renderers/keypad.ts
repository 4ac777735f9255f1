/**
 * Keypads (and plates and outlets with a mechanism layout): the plate from the plate-size option
 * (width, height, gang), mechanisms from the layout string in rows × columns, screws, and the
 * engravings above and below each mechanism.
 */
import {
  DEFAULT_ENGRAVING_FONT,
  ENGRAVING_MAX_LINES,
  engravingFits,
  findSelectionWithData,
  mechanismSpacing,
  readEngravings,
  type FitStatus,
  type ResolvedEngraving,
} from '@cpq/domain';
import { dataOf, fillsInRankOrder, stringData, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';
import { engravingSymbol } from '../symbols.ts';
import type { SvgNode } from '../types.ts';
import { formatSize } from '../units.ts';
import { isKnownMechanism, layoutCodes, mechanismShape } from './mechanisms.ts';

export const SCREW_RADIUS = 3.3;
/** Screw centres sit this far inside the top and bottom edges. */
const SCREW_INSET = 7;
/** Engravings keep this far from the plate edge and from their mechanism. */
const EDGE_MARGIN = 3;
const TEXT_GAP = 1.5;
const BUTTON_WIDTH = mechanismShape('B').width;
const LINE_HEIGHT = 1.2;
export const FIT_COLOURS: Readonly<Record<FitStatus, string | null>> = { ok: null, soft: '#d97706', over: '#dc2626' };
export const DEFAULT_PLATE = { width: 82, height: 82, gang: 1 };

export interface MechanismPlacement {
  index: number;
  code: string;
  x: number;
  y: number;
  width: number;
  height: number;
  row: number;
  column: number;
}

/**
 * Mechanism centres: row by row in `columns` columns, columns `spacing` apart (the fit rule's
 * spacing, narrowed when the plate is too small for it), rows spread evenly between the screw zones.
 */
export function placeMechanisms(codes: readonly string[], plate: { width: number; height: number }, rows: number, columns: number): MechanismPlacement[] {
  const cols = Math.max(1, Math.trunc(columns));
  const rowCount = Math.max(1, Math.trunc(rows), Math.ceil(codes.length / cols));
  // Narrowed only when the outer mechanisms (a button's width) would leave the plate.
  const span = plate.width - 2 * EDGE_MARGIN - BUTTON_WIDTH;
  const spacing = cols > 1 ? Math.min(mechanismSpacing(plate.width, cols), span / (cols - 1)) : 0;
  const usable = plate.height - 2 * (SCREW_INSET + SCREW_RADIUS);
  const rowStep = rowCount > 1 ? usable / rowCount : 0;
  return codes.map((code, index) => {
    const row = Math.floor(index / cols);
    const column = index % cols;
    const shape = mechanismShape(code);
    return {
      index,
      code,
      row,
      column,
      x: plate.width / 2 + (column - (cols - 1) / 2) * spacing,
      y: plate.height / 2 + (row - (rowCount - 1) / 2) * rowStep,
      width: shape.width,
      height: shape.height,
    };
  });
}

/** Relative luminance of a #rrggbb colour (0 dark .. 1 light); unknown colours count as light. */
function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return 1;
  const n = Number.parseInt(m[1]!, 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}

/**
 * Vertical room for an engraving: from the mechanism's edge to the plate edge (first or last row) or
 * to half-way to the next row's mechanism in that direction.
 */
function verticalRoom(m: MechanismPlacement, all: readonly MechanismPlacement[], location: 'above' | 'below', plateHeight: number): number {
  const edge = location === 'above' ? m.y - m.height / 2 : m.y + m.height / 2;
  const others = all.filter((o) => o.column === m.column && (location === 'above' ? o.row === m.row - 1 : o.row === m.row + 1));
  if (others.length === 0) return location === 'above' ? edge - EDGE_MARGIN : plateHeight - EDGE_MARGIN - edge;
  const o = others[0]!;
  const otherEdge = location === 'above' ? o.y + o.height / 2 : o.y - o.height / 2;
  return Math.abs(edge - otherEdge) / 2;
}

function engravingNode(
  e: ResolvedEngraving,
  m: MechanismPlacement,
  room: number,
  colour: string,
  status: FitStatus,
  warnings: string[],
): SvgNode {
  const size = e.entry.fontSize ?? DEFAULT_ENGRAVING_FONT.sizeMm;
  const lineHeight = size * LINE_HEIGHT;
  const where = `${e.location} mechanism ${m.index + 1}`;
  const attrs = { class: 'engraving', 'data-mechanism': m.index, 'data-location': e.location, 'data-fit': status };
  const symbol = engravingSymbol(e.entry.symbol);
  if (symbol) {
    const s = size * 1.4;
    const top = e.location === 'above' ? m.y - m.height / 2 - TEXT_GAP - s : m.y + m.height / 2 + TEXT_GAP;
    return el('g', { ...attrs, color: colour, transform: `translate(${(m.x - s / 2).toFixed(3)} ${top.toFixed(3)}) scale(${(s / 24).toFixed(4)})` }, [
      el('title', {}, [symbol.title]),
      symbol.svg,
    ]);
  }
  let lines = e.lines.slice(0, ENGRAVING_MAX_LINES);
  if (e.lines.length > ENGRAVING_MAX_LINES) warnings.push(`The engraving ${where} has ${e.lines.length} lines; only the first ${ENGRAVING_MAX_LINES} are drawn.`);
  if (lines.length > 1 && lines.length * lineHeight + TEXT_GAP > room) {
    lines = lines.slice(0, 1);
    warnings.push(`The engraving ${where} has room for one line only; the first line is drawn.`);
  }
  const baselines =
    e.location === 'above'
      ? lines.map((_, k) => m.y - m.height / 2 - TEXT_GAP - size * 0.22 - (lines.length - 1 - k) * lineHeight)
      : lines.map((_, k) => m.y + m.height / 2 + TEXT_GAP + size * 0.78 + k * lineHeight);
  return el(
    'text',
    {
      ...attrs,
      x: m.x,
      'font-size': size,
      'font-family': e.entry.fontFamily || DEFAULT_ENGRAVING_FONT.family,
      'text-anchor': 'middle',
      fill: colour,
    },
    lines.map((line, k) => el('tspan', { x: m.x, y: baselines[k]! }, [line])),
  );
}

export function renderKeypad(ctx: RenderContext): RenderResult {
  const { product, instance, catalogue, drawingConfig: config, warnings } = ctx;
  const plateSel = findSelectionWithData(product, instance, catalogue, ['width', 'height'] as const);
  if (!plateSel) warnings.push(`No plate size chosen; drawn as ${formatSize(DEFAULT_PLATE.width, DEFAULT_PLATE.height, ctx.options.units)}.`);
  const plate = {
    width: plateSel?.data.width ?? DEFAULT_PLATE.width,
    height: plateSel?.data.height ?? DEFAULT_PLATE.height,
    gang: Math.max(1, Math.trunc(Number(plateSel?.option.data && (plateSel.option.data as Record<string, unknown>).gang) || DEFAULT_PLATE.gang)),
  };
  const fills = fillsInRankOrder(ctx);
  const plateFill = stringData(dataOf(ctx, config.keypad?.plateFinishPropertyId), 'fill') ?? fills[0] ?? '#d9d9d6';
  const mechanismFill = stringData(dataOf(ctx, config.keypad?.mechanismFinishPropertyId), 'fill') ?? fills[1] ?? plateFill;

  const layout = findSelectionWithData(product, instance, catalogue, ['rows', 'columns'] as const);
  const layoutString = layout ? stringData(layout.option.data as Record<string, unknown>, 'layoutString') : undefined;
  const rows = Math.max(1, Math.trunc(layout?.data.rows ?? 1));
  const columns = Math.max(1, Math.trunc(layout?.data.columns ?? 1));
  const codes = layoutString ? layoutCodes(layoutString) : layout ? Array.from({ length: rows * columns }, () => 'B') : [];
  for (const code of new Set(codes)) if (!isKnownMechanism(code)) warnings.push(`Unknown mechanism code "${code}" in the layout; drawn as an outline.`);
  const placed = placeMechanisms(codes, plate, rows, columns);

  const body: SvgNode[] = [
    el('rect', { class: 'plate', x: 0, y: 0, width: plate.width, height: plate.height, rx: 1.5, fill: plateFill, stroke: '#3f3f3f', 'stroke-width': 0.4 }),
  ];
  for (let g = 0; g < plate.gang; g++) {
    const x = (plate.width * (g + 0.5)) / plate.gang;
    for (const y of [SCREW_INSET, plate.height - SCREW_INSET]) {
      body.push(
        el('g', { class: 'screw' }, [
          el('circle', { cx: x, cy: y, r: SCREW_RADIUS, fill: plateFill, stroke: '#3f3f3f', 'stroke-width': 0.3 }),
          el('path', { d: `M${(x - SCREW_RADIUS * 0.6).toFixed(3)} ${y}h${(SCREW_RADIUS * 1.2).toFixed(3)}`, stroke: '#3f3f3f', 'stroke-width': 0.3 }),
        ]),
      );
    }
  }
  for (const m of placed) {
    const shape = mechanismShape(m.code);
    body.push(el('g', { class: 'mechanism', 'data-code': m.code, transform: `translate(${m.x.toFixed(3)} ${m.y.toFixed(3)})` }, [el('title', {}, [shape.title]), ...shape.draw(mechanismFill)]));
  }

  const ids = config.engravings;
  const reach = { minX: 0, maxX: plate.width };
  if (ids && placed.length > 0) {
    const engravings = readEngravings(instance, ids).filter((e) => {
      if (e.mechanismIndex < placed.length) return true;
      warnings.push(`An engraving for mechanism ${e.mechanismIndex + 1} is not drawn: the layout has ${placed.length} mechanisms.`);
      return false;
    });
    const fits = engravingFits(engravings, { columns, mechanismCount: placed.length, spacing: mechanismSpacing(plate.width, columns) }, ctx.measureText);
    const plain = luminance(plateFill) < 0.4 ? '#f5f5f5' : '#1f1f1f';
    for (const fit of fits) {
      const x = placed[fit.engraving.mechanismIndex]!.x;
      reach.minX = Math.min(reach.minX, x - fit.width / 2);
      reach.maxX = Math.max(reach.maxX, x + fit.width / 2);
      const e = fit.engraving;
      const m = placed[e.mechanismIndex]!;
      const status: FitStatus = ids.showFit ? fit.status : 'ok';
      const colour = FIT_COLOURS[status] ?? e.entry.color ?? plain;
      body.push(engravingNode(e, m, verticalRoom(m, placed, e.location, plate.height), colour, status, warnings));
    }
  }
  return { width: plate.width, height: plate.height, body, reach };
}
