import { describe, expect, it } from 'vitest';
import { instanceThumbnailUrl, invoiceOptionSwatch, mediumFileUrl, optionPicture, optionSwatch, productThumbnailUrl } from './thumbnails.ts';

/** Which picture shows (docs/decisions/0085-thumbnails-and-swatches.md), from the rules. */
describe('pictures of products and items', () => {
  it('a medium is served at /api/media/{id}/file', () => {
    expect(mediumFileUrl(12)).toBe('/api/media/12/file');
  });

  it('a product shows its thumbnail address, else its medium, else nothing', () => {
    expect(productThumbnailUrl({ thumbnailUrl: 'https://cdn.example/p.png', mediumId: 4 })).toBe('https://cdn.example/p.png');
    expect(productThumbnailUrl({ thumbnailUrl: null, mediumId: 4 })).toBe('/api/media/4/file');
    expect(productThumbnailUrl({ thumbnailUrl: '  ', mediumId: 4 })).toBe('/api/media/4/file');
    expect(productThumbnailUrl({ thumbnailUrl: null, mediumId: null })).toBeNull();
    expect(productThumbnailUrl(undefined)).toBeNull();
  });

  it("an item shows its own thumbnail, else its own medium, else its product's picture", () => {
    const product = { thumbnailUrl: null, mediumId: 4 };
    expect(instanceThumbnailUrl({ thumbnailUrl: '/own.png', mediumId: 9 }, product)).toBe('/own.png');
    expect(instanceThumbnailUrl({ thumbnailUrl: null, mediumId: 9 }, product)).toBe('/api/media/9/file');
    expect(instanceThumbnailUrl({}, product)).toBe('/api/media/4/file');
    expect(instanceThumbnailUrl({}, null)).toBeNull();
  });
});

describe('option swatches', () => {
  const shown = { noOptionThumbnails: 0 };
  it('a picture wins over a colour; a colour is a six-digit hex colour and nothing else', () => {
    expect(optionPicture({ thumbnailUrl: '/a.png', data: { swatchColor: '#112233' } })).toEqual({ kind: 'image', url: '/a.png' });
    expect(optionPicture({ thumbnailUrl: null, data: { swatchColor: '#112233' } })).toEqual({ kind: 'colour', color: '#112233' });
    for (const bad of ['red', '#123', 'url(x)', '#1122334', 12]) expect(optionPicture({ thumbnailUrl: null, data: { swatchColor: bad } })).toBeNull();
    expect(optionPicture({ thumbnailUrl: null, data: null })).toBeNull();
  });

  it('choosers show no swatch where the property has noOptionThumbnails', () => {
    const option = { thumbnailUrl: '/a.png', data: {} };
    expect(optionSwatch(shown, option)).toEqual({ kind: 'image', url: '/a.png' });
    expect(optionSwatch({ noOptionThumbnails: 1 }, option)).toBeNull();
    expect(optionSwatch({ noOptionThumbnails: 1 }, { thumbnailUrl: null, data: { swatchColor: '#112233' } })).toBeNull();
  });

  it('documents show a swatch only where the property has showThumbnailsOnInvoice (noOptionThumbnails aside)', () => {
    const option = { thumbnailUrl: null, data: { swatchColor: '#445566' } };
    expect(invoiceOptionSwatch({ showThumbnailsOnInvoice: 1 }, option)).toEqual({ kind: 'colour', color: '#445566' });
    expect(invoiceOptionSwatch({ showThumbnailsOnInvoice: 0 }, option)).toBeNull();
    expect(invoiceOptionSwatch(undefined, option)).toBeNull();
  });
});
