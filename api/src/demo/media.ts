/**
 * The demo catalogue's pictures (docs/decisions/0086-demo-pictures.md): small PNG files drawn for it
 * (scripts/draw-demo-pictures.mjs, committed in ./pictures), stored as media of their organisation and
 * shown as the thumbnails of categories, products and options. A thumbnail names its medium's address
 * (mediumFileUrl), which the session guards like any catalogue read.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mediumFileUrl } from '@cpq/domain';
import type { MediaStorage } from '../adapters/storage/types.ts';
import { REPO_ROOT } from '../config.ts';

type Row = Record<string, unknown>;

// From the repository root, not this module's address: the compiled server runs from api/dist.
const PICTURES_DIR = path.join(REPO_ROOT, 'api', 'src', 'demo', 'pictures');

interface DemoPicture {
  id: number;
  orgId: number;
  /** File name in ./pictures, without .png. */
  file: string;
  caption: string;
  categories?: number[];
  products?: number[];
  options?: number[];
}

/** Ids 1 and 2 are the media the demo always had (the Crestnet keypad, the Birch Forest design), now with their files. */
const PICTURES: DemoPicture[] = [
  { id: 1, orgId: 850, file: 'product-crestnet-keypad', caption: 'Crestnet keypad, satin brass', products: [98] },
  { id: 2, orgId: 1798, file: 'mural-birch-forest', caption: 'Birch Forest mural', options: [991] },
];
let next = 3;
const add = (orgId: number, file: string, caption: string, to: Omit<DemoPicture, 'id' | 'orgId' | 'file' | 'caption'>) => PICTURES.push({ id: next++, orgId, file, caption, ...to });

// Lumen & Brass (850)
add(850, 'category-keypads', 'Keypads', { categories: [1] });
add(850, 'category-floor-outlets', 'Floor outlets', { categories: [2] });
add(850, 'category-wall-outlets', 'Wall outlets', { categories: [3] });
add(850, 'category-reading-lamps', 'Reading lamps', { categories: [4] });
add(850, 'category-back-boxes', 'Back boxes', { categories: [5] });
add(850, 'category-samples', 'Finish samples', { categories: [6] });
add(850, 'category-decora-plates', 'Decora cover plates', { categories: [13] });
add(850, 'product-classique-keypad', 'Classique keypad, satin nickel', { products: [99] });
add(850, 'product-damier-keypad', 'Damier keypad, matte black', { products: [100] });
add(850, 'product-solaris-keypad', 'Solaris prototype keypad', { products: [101] });
add(850, 'product-ellipse-keypad', 'Ellipse keypad', { products: [102] });
add(850, 'product-flush-floor-outlet', 'Flush floor outlet', { products: [110] });
add(850, 'product-popup-floor-outlet', 'Pop-up floor outlet', { products: [111] });
add(850, 'product-duplex-outlet-plate', 'Duplex outlet plate', { products: [113] });
add(850, 'product-usb-c-wall-outlet', 'USB-C wall outlet', { products: [114] });
add(850, 'product-swing-arm-lamp', 'Swing-arm reading lamp', { products: [115] });
add(850, 'product-single-back-box', 'Single gang back box', { products: [116] });
add(850, 'product-double-back-box', 'Double gang back box', { products: [117] });
add(850, 'product-finish-sample-kit', 'Finish sample kit', { products: [118] });
add(850, 'product-engraving-sample-plate', 'Engraving sample plate', { products: [119] });
add(850, 'product-decora-1-gang', 'Decora 1-gang cover plate', { products: [120] });
add(850, 'product-decora-2-gang', 'Decora 2-gang cover plate', { products: [121] });
add(850, 'product-bedside-lamp', 'Bedside reading lamp', { products: [122] });
add(850, 'finish-satin-nickel', 'Satin nickel finish', { options: [22] });
add(850, 'finish-satin-brass', 'Satin brass finish', { options: [23] });
add(850, 'finish-antique-bronze', 'Matched antique bronze finish', { options: [24] });
add(850, 'finish-custom-paint', 'Matched custom paint', { options: [25] });
add(850, 'finish-polished-brass', 'Polished brass plate', { options: [217] });
add(850, 'finish-brushed-steel', 'Brushed steel plate', { options: [218] });
add(850, 'finish-matte-black', 'Matte black plate', { options: [219] });
add(850, 'finish-oiled-bronze', 'Oiled bronze plate', { options: [220] });
// Nordvik Millwork (1053)
add(1053, 'category-flooring', 'Flooring', { categories: [8] });
add(1053, 'category-slab-doors', 'Slab doors', { categories: [20] });
add(1053, 'category-cabinet-fronts', 'Cabinet fronts', { categories: [21] });
add(1053, 'product-oak-plank-flooring', 'Oak plank flooring', { products: [130] });
add(1053, 'product-walnut-herringbone', 'Walnut herringbone', { products: [131] });
add(1053, 'product-ash-chevron', 'Ash chevron', { products: [132] });
add(1053, 'product-lamella-slab-door', 'Lamella slab door, white oak', { products: [104] });
add(1053, 'product-flush-slab-door', 'Flush slab door, smoked oak', { products: [133] });
add(1053, 'product-lamella-cabinet-front', 'Lamella cabinet front, walnut', { products: [105] });
add(1053, 'product-shaker-cabinet-front', 'Shaker cabinet front', { products: [134] });
add(1053, 'product-acoustic-slat-panel', 'Acoustic slat panel', { products: [106] });
add(1053, 'species-white-oak', 'White oak veneer', { options: [230] });
add(1053, 'species-american-walnut', 'American walnut veneer', { options: [231] });
add(1053, 'species-smoked-oak', 'Smoked oak veneer', { options: [232] });
add(1053, 'species-fumed-larch', 'Fumed larch veneer', { options: [233] });
add(1053, 'species-european-oak', 'European oak flooring', { options: [236] });
add(1053, 'species-walnut', 'Walnut flooring', { options: [237] });
add(1053, 'species-ash', 'Ash flooring', { options: [238] });
add(1053, 'floor-finish-natural-oil', 'Natural oil finish', { options: [239] });
add(1053, 'floor-finish-matt-lacquer', 'Matt lacquer finish', { options: [240] });
add(1053, 'floor-finish-white-wash', 'White wash finish', { options: [241] });
// Halden (1392)
add(1392, 'category-lights', 'Lights', { categories: [14] });
add(1392, 'category-doors', 'Doors', { categories: [16] });
add(1392, 'product-halden-pendant', 'Halden pendant', { products: [170] });
add(1392, 'product-halden-sconce', 'Halden wall sconce', { products: [171] });
add(1392, 'product-track-spot', 'Track spot', { products: [172] });
add(1392, 'product-interior-panel-door', 'Interior panel door', { products: [174] });
add(1392, 'product-barn-door', 'Barn door', { products: [175] });
// Overture (1450)
add(1450, 'category-overture', 'Overture', { categories: [18] });
add(1450, 'product-overture-control-panel', 'Overture control panel', { products: [180] });
add(1450, 'product-overture-touchscreen', 'Overture touchscreen', { products: [181] });
add(1450, 'product-overture-sensor', 'Overture presence sensor', { products: [182] });
// Calico Murals (1798)
add(1798, 'category-murals', 'Murals', { categories: [30] });
add(1798, 'category-mural-samples', 'Mural samples', { categories: [31] });
add(1798, 'product-custom-wall-mural', 'Custom wall mural', { products: [190] });
add(1798, 'product-panoramic-mural', 'Panoramic mural', { products: [191] });
add(1798, 'product-mural-swatch-set', 'Mural swatch set', { products: [192] });
add(1798, 'mural-coastal-fog', 'Coastal Fog mural', { options: [992] });
add(1798, 'mural-fallback', 'Fallback mural pattern', { options: [990] });

/** A picture's storage key: fixed for the file (so storing it again writes the same key), in the storage's key form. */
const storageKeyOf = (p: DemoPicture) => `${p.orgId}/${createHash('sha256').update(`demo-picture:${p.file}`).digest('hex').slice(0, 32)}.png`;

/** Catalogue rows of one table whose demo pictures are media: id → the medium's address. */
function thumbnailsFor(kind: 'categories' | 'products' | 'options'): Map<number, string> {
  const out = new Map<number, string>();
  for (const p of PICTURES) for (const id of p[kind] ?? []) out.set(id, mediumFileUrl(p.id));
  return out;
}
export const categoryThumbnails = thumbnailsFor('categories');
export const productThumbnails = thumbnailsFor('products');
export const optionThumbnails = thumbnailsFor('options');
/** Products show their medium (product.mediumId): the media library's own link. */
export const productMedia = new Map<number, number>(PICTURES.flatMap((p) => (p.products ?? []).map((id) => [id, p.id] as [number, number])));

/** The media rows, as an upload of the organisation's owner would have made them. */
export async function demoMediaRows(uploaderOf: (orgId: number) => number | null): Promise<Row[]> {
  return Promise.all(
    PICTURES.map(async (p) => {
      const { size } = await fs.stat(path.join(PICTURES_DIR, `${p.file}.png`));
      const ids = (list?: number[]) => (list?.length ? Object.fromEntries(list.map((id) => [String(id), true])) : undefined);
      const associations = Object.fromEntries(
        Object.entries({ products: ids(p.products), productOptions: ids(p.options) }).filter(([, v]) => v !== undefined),
      );
      return {
        id: p.id,
        orgId: p.orgId,
        type: 'image',
        title: p.caption,
        fileName: p.file,
        fileExtension: 'png',
        uploaderId: uploaderOf(p.orgId),
        hasFile: 1,
        associations,
        storageKey: storageKeyOf(p),
        contentType: 'image/png',
        byteSize: size,
      };
    }),
  );
}

/** Puts the demo pictures' files in the media storage (those already there are left as they are). */
export async function storeDemoPictures(storage: MediaStorage): Promise<void> {
  for (const p of PICTURES) {
    const key = storageKeyOf(p);
    if (await storage.get(key)) continue;
    await storage.put(key, await fs.readFile(path.join(PICTURES_DIR, `${p.file}.png`)), 'image/png');
  }
}
