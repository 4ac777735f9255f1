import { measureTextServer } from '@cpq/domain';
import type { Renderer, RenderContext } from './context.ts';
import { boxDimensions, dimensionMargin, type DimensionStyle } from './dimensions.ts';
import { formulaScope } from './formula.ts';
import { legendNodes } from './legend.ts';
import { renderGraphic, type Bounds } from './graphic.ts';
import { renderCabinetFront, renderSlabDoor } from './renderers/door.ts';
import { renderFlooring } from './renderers/flooring.ts';
import { renderGeneric } from './renderers/generic.ts';
import { renderKeypad } from './renderers/keypad.ts';
import { renderLamella } from './renderers/lamella.ts';
import { renderLamp } from './renderers/lamp.ts';
import { renderOutlet, renderPlate } from './renderers/plate.ts';
import { el } from './svg.ts';
import type { Drawing, DrawInput, DrawOptions, RendererKind } from './types.ts';

/** The script of each renderer kind. */
export const RENDERERS: Readonly<Record<RendererKind, Renderer>> = {
  keypad: renderKeypad,
  lamella: renderLamella,
  generic: renderGeneric,
  plate: renderPlate,
  outlet: renderOutlet,
  lamp: renderLamp,
  slabDoor: renderSlabDoor,
  cabinetFront: renderCabinetFront,
  flooring: renderFlooring,
};

/** CSS px per mm: the client-mode drawing scale (96 dpi). */
export const CLIENT_PX_PER_MM = 3.78;
/** Without a scale, dimension labels are sized for a drawing about this many px across. */
const NOMINAL_DRAWING_PX = 400;
/** White space around everything, in screen px. */
const PAD_PX = 4;

/** Page px between the drawing and its settings table. */
const LEGEND_GAP_PX = 24;

/**
 * Screen (page) px per drawing unit: the caller's scale; else the one that shows the drawing
 * `fitHeightPx` tall with its px-sized margins (dimensions, padding); else about 400 px across.
 */
function scaleFor(options: DrawOptions, w: number, h: number, showDimensions: boolean): number {
  if (options.pxPerUnit && options.pxPerUnit > 0) return options.pxPerUnit;
  if (options.fitHeightPx && options.fitHeightPx > 0) {
    const fixedPx = 2 * PAD_PX + (showDimensions ? dimensionMargin(1) : 0);
    const room = options.fitHeightPx - fixedPx;
    if (room > 0) return Math.min(CLIENT_PX_PER_MM, room / h);
  }
  return Math.min(CLIENT_PX_PER_MM, NOMINAL_DRAWING_PX / Math.max(w, h));
}

export const rendererFor = (input: Pick<DrawInput, 'product' | 'drawingConfig'>): RendererKind =>
  input.drawingConfig.renderers[String(input.product.id)] ?? 'generic';

/**
 * The drawing of one configured item: the organisation's renderer script for the product, over the
 * product's graphic (when it has one), with width and height dimensions when asked. Pure and
 * deterministic: the same input draws the same tree.
 */
export function drawInstance(input: DrawInput, options: DrawOptions): Drawing {
  const warnings: string[] = [];
  const ctx: RenderContext = { ...input, options, measureText: options.measureText ?? measureTextServer, warnings };
  const result = RENDERERS[rendererFor(input)](ctx);
  const w = Math.max(result.width, 1);
  const h = Math.max(result.height, 1);
  const showDimensions = options.showDimensions && !result.sizeUnknown;
  const pxPerUnit = scaleFor(options, w, h, showDimensions);
  const style: DimensionStyle = { units: options.units, pxPerUnit };
  const pad = PAD_PX / pxPerUnit;
  const margin = showDimensions ? dimensionMargin(pxPerUnit) : 0;

  const layers = [];
  // The graphic may reach past the product (a bevel, a door frame): the drawing makes room for it.
  const bounds: Bounds = { minX: Math.min(0, result.reach?.minX ?? 0) - (result.marginLeftPx ?? 0) / pxPerUnit, minY: 0, maxX: Math.max(w, result.reach?.maxX ?? w), maxY: h };
  if (input.graphic && !input.graphic.archived && input.graphic.nodes.length > 0) {
    const idPrefix = `d${String(input.instance.id ?? 'x').replace(/[^A-Za-z0-9_-]/g, '_')}-`;
    layers.push(
      renderGraphic(input.graphic.nodes, {
        instance: input.instance,
        // width and height: the size the product is drawn at (the renderer's, with its fallbacks), so a
        // bevel or frame follows the product even before a size option is chosen.
        scope: { ...formulaScope(input.instance, input.catalogue), width: result.width, height: result.height },
        warnings,
        idPrefix,
        dimensions: showDimensions ? style : null,
        bounds,
      }),
    );
  }
  layers.push(el('g', { class: 'product' }, result.body));
  if (showDimensions) {
    layers.push(el('g', { class: 'dimensions' }, [...boxDimensions({ x: 0, y: 0, width: w, height: h }, style), ...(result.extraDimensions?.(style) ?? [])]));
  }
  if (result.annotations) layers.push(el('g', { class: 'annotations' }, result.annotations(style)));
  let right = Math.max(bounds.maxX, w + margin);
  let bottom = Math.max(bounds.maxY, h + margin);
  const settingsTable = Boolean(options.legend && result.legend?.length);
  if (options.legend && result.legend?.length) {
    // The settings table right of the drawing (and its height dimension), top-aligned with it.
    const legend = legendNodes(result.legend, { x: right + LEGEND_GAP_PX / pxPerUnit, y: bounds.minY }, style, ctx.measureText);
    layers.push(legend.node);
    right += LEGEND_GAP_PX / pxPerUnit + legend.width;
    bottom = Math.max(bottom, bounds.minY + legend.height);
  }
  const left = pad - bounds.minX;
  const top = pad - bounds.minY;
  return {
    width: right - bounds.minX + 2 * pad,
    height: bottom - bounds.minY + 2 * pad,
    root: el('g', { transform: `translate(${left.toFixed(3)} ${top.toFixed(3)})` }, layers),
    warnings,
    pxPerUnit,
    settingsTable,
  };
}
