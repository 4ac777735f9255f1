/** What every renderer script gets: the item, its catalogue, the organisation's drawing config. */
import { findSelectionWithData, optionData, selectedOption, type TextMeasure } from '@cpq/domain';
import type { DimensionStyle } from './dimensions.ts';
import type { DrawInput, DrawOptions, SvgNode } from './types.ts';

export interface RenderContext extends DrawInput {
  options: DrawOptions;
  measureText: TextMeasure;
  warnings: string[];
}

/** A renderer's result, drawn in a 0..width × 0..height box (mm). */
export interface RenderResult {
  width: number;
  height: number;
  body: SvgNode[];
  /** Where the drawing reaches past the 0..width × 0..height box (e.g. an engraving wider than its plate). */
  reach?: { minX: number; maxX: number };
  /** Page px kept left of `reach.minX` (a label centred under a narrow part there). */
  marginLeftPx?: number;
  /** The size is a stand-in (not the product's): no width and height dimensions. */
  sizeUnknown?: boolean;
  /** Dimensions beyond the overall width and height, once the label scale is known. */
  extraDimensions?: (style: DimensionStyle) => SvgNode[];
  /** Labels on the drawing (always drawn), sized once the label scale is known: 12 px on the page. */
  annotations?: (style: DimensionStyle) => SvgNode[];
  /** The item's settings as the drawing's table lists them (when the options ask for the legend). */
  legend?: LegendRow[];
}

/** One line of a drawing's settings table: the setting's name and its value as shown. */
export interface LegendRow {
  label: string;
  value: string;
}

export type Renderer = (ctx: RenderContext) => RenderResult;

/** The selected option's data for a property (empty when none). */
export const dataOf = (ctx: RenderContext, propertyId: number | undefined): Record<string, unknown> =>
  propertyId === undefined ? {} : optionData(selectedOption(ctx.instance, ctx.catalogue, propertyId));

/** The title of the option chosen for a property (undefined when none, or not the property's). */
export function selectedTitle(ctx: RenderContext, propertyId: number | undefined): string | undefined {
  if (propertyId === undefined) return undefined;
  const id = ctx.instance.properties?.[String(propertyId)]?.optionId;
  const option = typeof id === 'number' ? ctx.catalogue.option(id) : undefined;
  return option && option.productPropertyId === propertyId ? option.title : undefined;
}

/** A number typed for a property (dimensions / number), or undefined. */
export function valueOf(ctx: RenderContext, propertyId: number | undefined): number | undefined {
  if (propertyId === undefined) return undefined;
  const raw = ctx.instance.properties?.[String(propertyId)]?.value;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseFloat(raw) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

export const stringData = (data: Record<string, unknown>, key: string): string | undefined => {
  const v = data[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** The product's overall size: its width / height properties, else a plate size option, else its fixed size. */
export function sizeOf(ctx: RenderContext): { width: number; height: number } | undefined {
  const ids = ctx.drawingConfig.sizePropertyIds?.[String(ctx.product.id)];
  if (ids) {
    const width = valueOf(ctx, ids.width);
    const height = valueOf(ctx, ids.height);
    if (width !== undefined && height !== undefined) return { width, height };
  }
  const plate = findSelectionWithData(ctx.product, ctx.instance, ctx.catalogue, ['width', 'height'] as const);
  if (plate) return { width: plate.data.width, height: plate.data.height };
  const fixed = ctx.drawingConfig.productSizes?.[String(ctx.product.id)];
  return fixed ? { width: fixed.width, height: fixed.height } : undefined;
}

/** Fills of the selected options that carry one, in property rank order. */
export function fillsInRankOrder(ctx: RenderContext): string[] {
  const out: string[] = [];
  for (const p of ctx.catalogue.propertiesOf(ctx.product.id)) {
    const fill = stringData(dataOf(ctx, p.id), 'fill');
    if (fill) out.push(fill);
  }
  return out;
}

/** The first selected option's fill, the finish colour of simple products. */
export const finishFill = (ctx: RenderContext, fallback: string): string => fillsInRankOrder(ctx)[0] ?? fallback;
