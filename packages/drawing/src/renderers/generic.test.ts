import { describe, expect, it } from 'vitest';
import { makeCatalogue, makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { drawInstance } from '../draw.ts';
import type { DrawingConfig, SvgNode } from '../types.ts';

// The demo's murals: product 190 with its design (property 190: 990 the fallback, 991 Birch Forest with a
// picture, 992 Coastal Fog without) and its substrate (property 191, 993 with a picture of its own), and
// the product's stand-in graphic (hills).
const catalogue = makeCatalogue({
  products: [makeProduct({ id: 190, orgId: 1798, title: 'Custom Wall Mural', productCategoryId: 30, associations: productPropertiesOf([190, 191]) })],
  productProperties: [makeProperty({ id: 190, orgId: 1798, type: 'singleSelect', rank: 1, title: 'Mural Design', noOptionThumbnails: 0 }), makeProperty({ id: 191, orgId: 1798, type: 'singleSelect', rank: 2, title: 'Substrate', noOptionThumbnails: 1 })],
  productOptions: [
    makeOption({ id: 990, productPropertyId: 190, title: 'Fallback Mural', thumbnailUrl: '/api/media/70/file', data: { fallback: true } }),
    makeOption({ id: 991, productPropertyId: 190, title: 'Birch Forest', thumbnailUrl: '/api/media/2/file' }),
    makeOption({ id: 992, productPropertyId: 190, title: 'Coastal Fog' }),
    makeOption({ id: 993, productPropertyId: 191, title: 'Commercial vinyl', thumbnailUrl: '/api/media/80/file' }),
    makeOption({ id: 994, productPropertyId: 190, title: 'Elsewhere', thumbnailUrl: 'https://example.com/x.png' }),
  ],
});
const config: DrawingConfig = { renderers: {}, defaultUnits: 'mm', dimensionControls: false };
const hills = { id: 15, orgId: 1798, productId: 190, title: 'Mural', archived: 0, nodes: [{ id: 'hills', type: 'path', title: 'Hills', props: { d: 'M0 110L50 60L90 90L140 40L200 100V120H0Z', fill: '#a7c4a0' }, children: [] }] };
const draw = (design: number) =>
  drawInstance(
    { product: catalogue.product(190)!, instance: { id: 1, productId: 190, title: 'North wall mural', quantity: 1, properties: { '190': { optionId: design }, '191': { optionId: 993 } } }, catalogue, graphic: hills as never, drawingConfig: config },
    { units: 'mm', showDimensions: false },
  );
const all = (n: SvgNode | string, tag: string): SvgNode[] => (typeof n === 'string' ? [] : [...(n.tag === tag ? [n] : []), ...(n.children ?? []).flatMap((c) => all(c, tag))]);
const texts = (n: SvgNode) => all(n, 'tspan').map((t) => t.children?.join(''));

describe('the item preview of a product without a script', () => {
  it('shows the chosen design’s picture over the stand-in graphic, with its name', () => {
    const d = draw(991);
    const images = all(d.root, 'image');
    expect(images.map((i) => i.attrs.href)).toEqual(['/api/media/2/file']);
    expect(images[0]!.attrs).toMatchObject({ x: 0, y: 0, width: 200, height: 120, preserveAspectRatio: 'xMidYMid slice' });
    expect(texts(d.root)).toEqual(['North wall mural', 'Custom Wall Mural', 'Birch Forest', 'Size not given']);
    // Drawn after (over) the hills, on a white ground.
    const order = JSON.stringify(d.root);
    expect(order.indexOf('"href":"/api/media/2/file"')).toBeGreaterThan(order.indexOf('M0 110L50 60'));
  });
  it('the fallback design, a design without a picture or one from elsewhere: the titled box as before', () => {
    for (const design of [990, 992, 994]) {
      const d = draw(design);
      expect(all(d.root, 'image')).toEqual([]);
      expect(texts(d.root)).toEqual(['North wall mural', 'Custom Wall Mural', 'Size not given']);
    }
  });
});
