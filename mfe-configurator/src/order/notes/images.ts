import type { MediumJson } from '@cpq/domain';

export interface ProductImage {
  id: number;
  src: string;
  alt: string;
}

const isOn = (v: unknown) => v === 1 || v === true;

/**
 * The images of a product among the catalogue's media: image rows associated with the product that
 * have a stored file and a web address (http/https). A row without a file gives nothing, never a
 * broken image.
 */
export function productImages(media: readonly MediumJson[] | undefined, productId: number | undefined): ProductImage[] {
  if (!media || productId === undefined) return [];
  const out: ProductImage[] = [];
  for (const m of media) {
    if (m.type !== 'image' || !isOn(m.hasFile) || !m.associations?.products?.[String(productId)]) continue;
    const src = m.presignedUrl ?? '';
    if (!/^https?:\/\//i.test(src)) continue;
    out.push({ id: m.id, src, alt: m.title?.trim() || '' });
  }
  return out;
}
