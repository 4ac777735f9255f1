/**
 * Any product without a script of its own: a titled box (unfilled: its graphic shows through), with the
 * product's size when it is known. When a chosen option has a picture (a mural's design), the box shows
 * that picture, named, instead: it says more about the item than the product's stand-in graphic.
 */
import { optionPicture, selectedOption, type ProductOption } from '@cpq/domain';
import { sizeOf, type RenderContext, type RenderResult } from '../context.ts';
import { el } from '../svg.ts';
import type { SvgNode } from '../types.ts';

const UNKNOWN_SIZE = { width: 200, height: 120 };
/** The mural option that stands for "no design chosen" (its pattern is not the customer's choice). */
const FALLBACK_MURAL_OPTION_ID = 990;

/**
 * The first of the product's properties, in rank order, whose chosen option has a picture of its own
 * (not the fallback option, nor a property that shows no option pictures), with that picture.
 */
export function chosenPicture(ctx: RenderContext): { option: ProductOption; url: string } | null {
  for (const property of ctx.catalogue.propertiesOf(ctx.product.id)) {
    if (property.noOptionThumbnails) continue;
    const option = selectedOption(ctx.instance, ctx.catalogue, property.id);
    if (!option || option.id === FALLBACK_MURAL_OPTION_ID || (option.data as { fallback?: unknown } | null)?.fallback === true) continue;
    const picture = optionPicture(option);
    // Served by the portal or inline only: a drawing does not fetch from elsewhere (as graphics' images).
    if (picture?.kind === 'image' && (picture.url.startsWith('/') || /^data:image\/(png|jpe?g);/.test(picture.url))) return { option, url: picture.url };
  }
  return null;
}

export function renderGeneric(ctx: RenderContext): RenderResult {
  const size = sizeOf(ctx);
  const { width, height } = size ?? UNKNOWN_SIZE;
  const font = Math.max(4, Math.min(width, height) / 10);
  const lines = [ctx.instance.title?.trim() || ctx.product.title];
  if (ctx.instance.title?.trim() && ctx.instance.title.trim() !== ctx.product.title) lines.push(ctx.product.title);
  const picture = chosenPicture(ctx);
  if (picture) lines.push(picture.option.title);
  if (!size) lines.push('Size not given');
  const outline = el('rect', { class: 'generic', x: 0, y: 0, width, height, fill: 'none', stroke: '#374151', 'stroke-width': Math.max(0.4, font / 12) });
  if (!picture) {
    return {
      width,
      height,
      sizeUnknown: !size,
      body: [
        outline,
        el(
          'text',
          { x: width / 2, 'font-size': font, 'font-family': 'Helvetica, Arial, sans-serif', 'text-anchor': 'middle', fill: '#111827' },
          lines.map((line, i) => el('tspan', { x: width / 2, y: height / 2 + (i - (lines.length - 1) / 2) * font * 1.3 + font * 0.35, 'font-size': i === 0 ? font : font * 0.75 }, [line])),
        ),
      ],
    };
  }
  // The picture fills the box (cut to it, not stretched), over a white ground that hides the stand-in
  // graphic; the names sit on a light band along the bottom.
  const captionFont = font * 0.6;
  const band = captionFont * (1.3 * lines.length + 0.5);
  const caption: SvgNode = el(
    'text',
    { x: width / 2, 'font-size': captionFont, 'font-family': 'Helvetica, Arial, sans-serif', 'text-anchor': 'middle', fill: '#111827' },
    lines.map((line, i) => el('tspan', { x: width / 2, y: height - band + captionFont * (1.3 * i + 1.1), 'font-weight': i === 0 ? 'bold' : undefined }, [line])),
  );
  return {
    width,
    height,
    sizeUnknown: !size,
    body: [
      el('rect', { x: 0, y: 0, width, height, fill: '#ffffff' }),
      el('image', { class: 'chosen-picture', href: picture.url, x: 0, y: 0, width, height, preserveAspectRatio: 'xMidYMid slice', 'data-option-id': picture.option.id }, [el('title', {}, [picture.option.title])]),
      el('rect', { x: 0, y: height - band, width, height: band, fill: '#ffffff', 'fill-opacity': 0.85 }),
      caption,
      outline,
    ],
  };
}
