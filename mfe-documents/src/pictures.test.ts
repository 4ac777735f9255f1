import { describe, expect, it } from 'vitest';
import type { CatalogueIndex } from '@cpq/domain';
import { makeCatalogue, makeOption, makePricingRule, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { documentCsvRows } from './csv.ts';
import { buildDocument, LINE_HEIGHT, PICTURE_SIZE, ROW_PADDING, type DocumentInput } from './model.ts';
import { documentInput, instance } from './fixtures.test-utils.ts';

/**
 * Pictures on the documents (docs/decisions/0085-thumbnails-and-swatches.md), from the rules: quotes and
 * invoices get a Picture column of each item's picture (its own, else its product's) when any item has
 * one; packing slips and factory sheets do not; option swatches (picture or colour) print under the
 * item only where the property has showThumbnailsOnInvoice.
 */
function catalogue(): CatalogueIndex {
  return makeCatalogue({
    products: [
      makeProduct({ id: 1, title: 'Keypad', productPricingRuleId: 1, mediumId: 5, associations: productPropertiesOf([10, 11]) }),
      makeProduct({ id: 2, title: 'Blank plate', productPricingRuleId: 1, associations: productPropertiesOf([10]) }),
    ],
    productProperties: [
      makeProperty({ id: 10, title: 'Colour', invoiceVisibility: 'inline', showThumbnailsOnInvoice: 1, noOptionThumbnails: 1 }),
      makeProperty({ id: 11, title: 'Finish', invoiceVisibility: 'inline', showThumbnailsOnInvoice: 0, noOptionThumbnails: 0 }),
    ],
    productOptions: [
      makeOption({ id: 100, productPropertyId: 10, title: 'Graphite', data: { swatchColor: '#3b3f45' } }),
      makeOption({ id: 101, productPropertyId: 10, title: 'Walnut', thumbnailUrl: '/api/media/9/file' }),
      makeOption({ id: 110, productPropertyId: 11, title: 'Brass', thumbnailUrl: '/api/media/8/file' }),
    ],
    productPricingRules: [makePricingRule({ id: 1, versions: { '1': { created: '2025-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 1000 }, operator: '+' }] } } })],
  });
}

function input(over: Partial<DocumentInput> = {}): DocumentInput {
  const instances = [
    instance(1, { properties: { '10': { optionId: 100 }, '11': { optionId: 110 } } }),
    instance(2, { productId: 1, thumbnailUrl: '/own.png', properties: { '10': { optionId: 101 } } } as never),
    instance(3, { productId: 2 }),
  ];
  return documentInput(catalogue(), instances, over);
}

describe('item pictures', () => {
  for (const mode of ['quote', 'invoice'] as const) {
    it(`a ${mode} has a Picture column after Qty: the item's own picture, else its product's, else none`, () => {
      const doc = buildDocument(input({ mode }));
      expect(doc.columns.slice(0, 3).map((c) => [c.key, c.label])).toEqual([['quantity', 'Qty'], ['picture', 'Picture'], ['item', 'Item']]);
      expect(doc.columns.find((c) => c.key === 'picture')!.width).toBe(52);
      expect(doc.rows.map((r) => r.picture)).toEqual(['/api/media/5/file', '/own.png', null]);
    });
  }

  it('a row is at least as tall as its picture', () => {
    const doc = buildDocument(input());
    // Item 3: only its title, but the column holds pictures of other rows; it has none, so it stays one line tall.
    expect(doc.rows[2]!.height).toBe(ROW_PADDING + LINE_HEIGHT);
    expect(doc.rows[1]!.height).toBeGreaterThanOrEqual(ROW_PADDING + PICTURE_SIZE);
  });

  it('no Picture column when no item has a picture, nor on a packing slip or factory sheet', () => {
    expect(buildDocument(input({ instances: [instance(3, { productId: 2 })] })).columns.map((c) => c.key)).not.toContain('picture');
    for (const mode of ['packingSlip', 'factory'] as const) {
      const doc = buildDocument(input({ mode }));
      expect(doc.columns.map((c) => c.key)).not.toContain('picture');
      expect(doc.rows.every((r) => r.picture === null)).toBe(true);
    }
  });
});

describe('option swatches', () => {
  it('print under the item where the property has showThumbnailsOnInvoice: a colour or a picture, named by the choice', () => {
    const doc = buildDocument(input());
    expect(doc.rows[0]!.thumbnails).toEqual([{ url: null, color: '#3b3f45', alt: 'Colour: Graphite' }]);
    expect(doc.rows[1]!.thumbnails).toEqual([{ url: '/api/media/9/file', color: null, alt: 'Colour: Walnut' }]);
  });

  it('do not print for a property without showThumbnailsOnInvoice, even with a picture and chips that show it', () => {
    const doc = buildDocument(input());
    expect(doc.rows[0]!.thumbnails.some((t) => t.url === '/api/media/8/file')).toBe(false);
  });
});

describe('the CSV', () => {
  it('has no Picture column (a picture is no text)', () => {
    const doc = buildDocument(input());
    expect(doc.columns.map((c) => c.key)).toContain('picture');
    const header = documentCsvRows(doc)[0]!;
    expect(header).not.toContain('Picture');
    expect(header.slice(0, 3)).toEqual(['Qty', 'Item', 'Options']);
  });
});
