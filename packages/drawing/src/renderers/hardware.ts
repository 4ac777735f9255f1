/**
 * A door's hardware as its elevation shows it: hinge plates (as many as chosen) on the hinge side and
 * the dashed swing lines, or the slide arrow of a sliding door (no hinges); the handle and the lock on
 * the edge away from the hinges, 1000 mm above the floor; the panel's edge at its thickness beside the
 * door, with its dimension. Labels are sized in page px (12 px), like the dimensions.
 */
import { dataOf, selectedTitle, stringData, valueOf, type RenderContext, type RenderResult } from '../context.ts';
import { DIMENSION_FONT_PX, dimensionNode, DIMENSION_EXTENSION_PX, type DimensionStyle } from '../dimensions.ts';
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';
import { hingeCount, hingeMarks, LAMELLA_DEFAULTS } from './doorPanel.ts';

export type Opening = 'swing' | 'slide';
export type HandleKind = 'none' | 'bar' | 'recessed' | 'lever';
export type LockKind = 'none' | 'privacy' | 'keyed';

export interface DoorHardware {
  opening: Opening;
  hingeSide?: 'left' | 'right';
  /** Hinges drawn: 0 for a sliding door or a door without a hinge side. */
  hinges: number;
  handle: HandleKind;
  lock: LockKind;
  /** The option titles, for the labels. */
  handleTitle?: string;
  lockTitle?: string;
  /** Panel thickness (mm): the item's, else the door panel default (67). */
  thickness: number;
}

/** Room between the panel's edge view and the door (mm): clear of the frame and the floor line. */
export const EDGE_GAP = 250;
/** The handle's centre sits this far above the floor (mm); on doors under 1400 mm, at mid-height. */
export const HANDLE_HEIGHT = 1000;
/** The lock sits this far below the handle (mm). */
export const LOCK_BELOW_HANDLE = 130;
const HANDLE_INSET = 70;
const INK = '#374151';
const METAL = '#9ca3af';

const oneOf = <T extends string>(v: string | undefined, all: readonly T[], fallback: T): T => (all as readonly string[]).includes(v ?? '') ? (v as T) : fallback;

/** The hardware of the item from the organisation's door properties (option data), with the defaults. */
export function doorHardware(ctx: RenderContext, height: number): DoorHardware {
  const cfg = ctx.drawingConfig.lamella ?? {};
  const opening = oneOf(stringData(dataOf(ctx, cfg.openingPropertyId), 'opening'), ['swing', 'slide'] as const, 'swing');
  const side = stringData(dataOf(ctx, cfg.hingeSidePropertyId), 'hingeSide');
  const hingeSide = opening === 'swing' && (side === 'left' || side === 'right') ? side : undefined;
  const chosen = Number(dataOf(ctx, cfg.hingeCountPropertyId).hingeCount);
  const hinges = hingeSide ? (Number.isInteger(chosen) && chosen > 0 ? chosen : hingeCount(height)) : 0;
  const handle = oneOf(stringData(dataOf(ctx, cfg.handlePropertyId), 'handle'), ['none', 'bar', 'recessed', 'lever'] as const, 'none');
  const lock = oneOf(stringData(dataOf(ctx, cfg.lockPropertyId), 'lock'), ['none', 'privacy', 'keyed'] as const, 'none');
  const t = valueOf(ctx, cfg.thicknessPropertyId);
  return {
    opening,
    hingeSide,
    hinges,
    handle,
    lock,
    handleTitle: selectedTitle(ctx, cfg.handlePropertyId),
    lockTitle: selectedTitle(ctx, cfg.lockPropertyId),
    thickness: t !== undefined && t > 0 ? t : LAMELLA_DEFAULTS.thickness,
  };
}

/** Where the handle (and the lock under it) sit: the edge away from the hinges (a sliding door's right edge). */
export function handlePoint(hw: DoorHardware, width: number, height: number): { x: number; y: number; side: 'left' | 'right' } {
  const side = hw.hingeSide === 'right' ? 'left' : 'right';
  const inset = Math.min(HANDLE_INSET, width / 4);
  return { x: side === 'left' ? inset : width - inset, y: height > 1400 ? height - HANDLE_HEIGHT : height / 2, side };
}

function handleShape(kind: HandleKind, at: { x: number; y: number; side: 'left' | 'right' }): SvgNode[] {
  const metal = { fill: METAL, stroke: INK, 'stroke-width': 1.5 };
  if (kind === 'bar') return [el('rect', { x: at.x - 12, y: at.y - 150, width: 24, height: 300, rx: 12, ...metal })];
  if (kind === 'recessed') return [el('rect', { x: at.x - 20, y: at.y - 80, width: 40, height: 160, rx: 10, fill: '#4b5563', stroke: INK, 'stroke-width': 1.5 })];
  if (kind === 'lever') {
    // The lever points back towards the hinges, as a lever handle is fitted.
    const dir = at.side === 'right' ? -1 : 1;
    return [el('circle', { cx: at.x, cy: at.y, r: 26, ...metal }), el('rect', { x: dir > 0 ? at.x : at.x - 140, y: at.y - 10, width: 140, height: 20, rx: 10, ...metal })];
  }
  return [];
}

function lockShape(kind: LockKind, at: { x: number; y: number }): SvgNode[] {
  if (kind === 'none') return [];
  const rose = el('circle', { cx: at.x, cy: at.y, r: 22, fill: METAL, stroke: INK, 'stroke-width': 1.5 });
  // Keyed: a keyhole; privacy: the thumb-turn's bar.
  const mark =
    kind === 'keyed'
      ? el('path', { d: `M${at.x} ${at.y - 10}a5 5 0 1 1 0.01 0ZM${at.x - 3} ${at.y - 5}h6l2 14h-10Z`, fill: INK })
      : el('rect', { x: at.x - 14, y: at.y - 4, width: 28, height: 8, rx: 3, fill: INK });
  return [rose, mark];
}

/** The slide arrow of a sliding door: both ways along its track, a third of the way down. */
function slideArrow(width: number, height: number): SvgNode {
  const y = height * 0.3;
  const x0 = width * 0.2;
  const x1 = width * 0.8;
  const head = Math.min(40, width * 0.06);
  return el('path', {
    class: 'slide-arrow',
    d: `M${x0} ${y}H${x1}M${x1 - head} ${y - head * 0.6}L${x1} ${y}L${x1 - head} ${y + head * 0.6}M${x0 + head} ${y - head * 0.6}L${x0} ${y}L${x0 + head} ${y + head * 0.6}`,
    fill: 'none',
    stroke: INK,
    'stroke-width': 4,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
}

/** A label at (x, y) in drawing units, 12 px on the page, with a white halo so it reads over the veneer. */
export function labelNode(cls: string, x: number, y: number, text: string, style: DimensionStyle, anchor: 'start' | 'middle' | 'end' = 'middle', rotate = 0): SvgNode {
  const px = 1 / style.pxPerUnit;
  return el(
    'text',
    {
      class: cls,
      x,
      y,
      'font-size': DIMENSION_FONT_PX * px,
      'font-family': 'Helvetica, Arial, sans-serif',
      'font-weight': 'bold',
      fill: '#111827',
      stroke: '#ffffff',
      'stroke-width': 3 * px,
      'paint-order': 'stroke',
      'text-anchor': anchor,
      'dominant-baseline': 'middle',
      transform: rotate ? `rotate(${rotate} ${x} ${y})` : undefined,
    },
    [text],
  );
}

/**
 * The hardware added to a door panel's drawing (width × height, fill of its species): body nodes in
 * mm, the labels and the thickness dimension once the label scale is known, and how far left the
 * edge view reaches.
 */
export function drawHardware(hw: DoorHardware, width: number, height: number, fill: string): Pick<RenderResult, 'annotations' | 'extraDimensions' | 'reach' | 'marginLeftPx'> & { body: SvgNode[] } {
  const body: SvgNode[] = [];
  if (hw.opening === 'slide') body.push(slideArrow(width, height));
  else if (hw.hingeSide && hw.hinges > 0) body.push(...hingeMarks(hw.hingeSide, width, height, hw.hinges));
  const h = handlePoint(hw, width, height);
  const lockAt = { x: h.x, y: Math.min(height - 30, h.y + (hw.handle === 'bar' ? 150 + LOCK_BELOW_HANDLE / 2 : LOCK_BELOW_HANDLE)) };
  body.push(el('g', { class: 'handle', 'data-handle': hw.handle }, handleShape(hw.handle, h)));
  body.push(el('g', { class: 'lock', 'data-lock': hw.lock }, lockShape(hw.lock, lockAt)));
  // The edge view: the panel seen from its side, as thick as the panel, beside the door.
  const edgeX = -EDGE_GAP - hw.thickness;
  body.push(el('rect', { class: 'edge', x: edgeX, y: 0, width: hw.thickness, height, fill, stroke: '#3f3f3f', 'stroke-width': 1.5 }));

  const annotations = (style: DimensionStyle): SvgNode[] => {
    const px = 1 / style.pxPerUnit;
    const inward = h.side === 'right' ? -1 : 1;
    const anchor = h.side === 'right' ? 'end' : 'start';
    const out: SvgNode[] = [labelNode('edge-label', -EDGE_GAP + 14 * px, height / 2, 'Edge', style, 'middle', -90)];
    // Beside the handle, clear of it: a lever reaches 140 mm towards the hinges, a pull 20 mm.
    const clear = hw.handle === 'lever' ? 150 : 30;
    if (hw.handle !== 'none' && hw.handleTitle) out.push(labelNode('handle-label', h.x + inward * (clear + 6 * px), h.y - (hw.handle === 'lever' ? 16 * px : 0), hw.handleTitle, style, anchor));
    if (hw.lock !== 'none' && hw.lockTitle) out.push(labelNode('lock-label', lockAt.x + inward * (40 + 6 * px), lockAt.y + 16 * px, hw.lockTitle, style, anchor));
    if (hw.opening === 'slide') out.push(labelNode('opening-label', width / 2, height * 0.3 - 16 * px, 'Sliding', style));
    else if (hw.hingeSide && hw.hinges > 0) {
      const x = hw.hingeSide === 'left' ? 24 + 4 * px : width - 24 - 4 * px;
      out.push(labelNode('hinge-label', x, height * 0.1 + 70 + 14 * px, `${hw.hinges} hinges`, style, hw.hingeSide === 'left' ? 'start' : 'end'));
    }
    return out;
  };
  const extraDimensions = (style: DimensionStyle): SvgNode[] => [
    dimensionNode({ x: edgeX, y: height }, { x: -EDGE_GAP, y: height }, style, { offset: -DIMENSION_EXTENSION_PX / style.pxPerUnit }),
  ];
  // Half the thickness label's width is left of the edge: kept on the page.
  return { body, annotations, extraDimensions, reach: { minX: edgeX, maxX: width }, marginLeftPx: 30 };
}
