/**
 * Which picture shows for a product, an item and an option (docs/decisions/0085-thumbnails-and-swatches.md).
 * One home for the fallback order, so the home page, the order page, the cart, the documents and the
 * admin lists agree.
 */

/** The address a medium's picture is served at: the session decides who may see it (members of its organisation). */
export const mediumFileUrl = (mediumId: number): string => `/api/media/${mediumId}/file`;

const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const mediumUrl = (id: unknown): string | null => (typeof id === 'number' && Number.isInteger(id) && id > 0 ? mediumFileUrl(id) : null);

/** A product's picture: its thumbnail address, else its medium's picture, else none. */
export function productThumbnailUrl(product: { thumbnailUrl?: string | null; mediumId?: number | null } | null | undefined): string | null {
  if (!product) return null;
  return nonEmpty(product.thumbnailUrl) ?? mediumUrl(product.mediumId);
}

/** An item's picture: its own thumbnail, else its own medium's picture, else its product's picture. */
export function instanceThumbnailUrl(
  instance: { thumbnailUrl?: string | null; mediumId?: number | null },
  product: { thumbnailUrl?: string | null; mediumId?: number | null } | null | undefined,
): string | null {
  return nonEmpty(instance.thumbnailUrl) ?? mediumUrl(instance.mediumId) ?? productThumbnailUrl(product);
}

/** A colour swatch is a six-digit hex colour in option.data.swatchColor; anything else is no colour. */
export const SWATCH_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export type OptionSwatch = { kind: 'image'; url: string } | { kind: 'colour'; color: string };

/** An option's own swatch, whatever its property says: its thumbnail picture, else its colour (option.data.swatchColor), else none. */
export function optionPicture(option: { thumbnailUrl?: string | null; data?: unknown } | null | undefined): OptionSwatch | null {
  if (!option) return null;
  const url = nonEmpty(option.thumbnailUrl);
  if (url) return { kind: 'image', url };
  const color = (option.data as { swatchColor?: unknown } | null | undefined)?.swatchColor;
  return typeof color === 'string' && SWATCH_COLOR_PATTERN.test(color) ? { kind: 'colour', color } : null;
}

/** The swatch a chooser shows next to an option: none when its property has noOptionThumbnails, else the option's picture. */
export function optionSwatch(
  property: { noOptionThumbnails?: number | boolean | null } | null | undefined,
  option: { thumbnailUrl?: string | null; data?: unknown } | null | undefined,
): OptionSwatch | null {
  if (!property || property.noOptionThumbnails) return null;
  return optionPicture(option);
}

/** The swatch a quote or invoice shows next to a chosen option: only where its property has showThumbnailsOnInvoice. */
export function invoiceOptionSwatch(
  property: { showThumbnailsOnInvoice?: number | boolean | null } | null | undefined,
  option: { thumbnailUrl?: string | null; data?: unknown } | null | undefined,
): OptionSwatch | null {
  if (!property || !property.showThumbnailsOnInvoice) return null;
  return optionPicture(option);
}
