import type { ProductGraphicJson } from '@cpq/domain';
import type { DrawInstance, DrawingConfig } from './types.ts';

/** An organisation without drawing rules: every product as a titled box, millimetres, no controls. */
export const DEFAULT_DRAWING_CONFIG: DrawingConfig = { renderers: {}, defaultUnits: 'mm', dimensionControls: false };

/**
 * The number shown with an item's drawing: the value of the organisation's instance-number property
 * for the product when present (numbers zero padded to 3 digits), else the item's rank, padded.
 */
export function instanceNumber(instance: DrawInstance, config: DrawingConfig): string {
  const propertyId = config.instanceNumberPropertyIds?.[String(instance.productId)];
  const raw = propertyId === undefined ? undefined : instance.properties?.[String(propertyId)]?.value;
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  const pad = (s: string) => (/^\d+$/.test(s) ? s.padStart(3, '0') : s);
  if (text !== '') return pad(text);
  return pad(String(instance.rank ?? 1));
}

/** Each product's graphic, by product id (the catalogue sends active graphics only; the first one wins). */
export function graphicsByProduct(graphics: readonly ProductGraphicJson[] | undefined): ReadonlyMap<number, ProductGraphicJson> {
  const out = new Map<number, ProductGraphicJson>();
  for (const g of graphics ?? []) if (typeof g.productId === 'number' && !g.archived && !out.has(g.productId)) out.set(g.productId, g);
  return out;
}
