import { describe, expect, it } from 'vitest';
import type { OrderDataProductOrder } from '@cpq/domain';
import { backBoxLines, backBoxQuoteBody, backBoxQuoteTitle } from './backBoxes.ts';

// The demo catalogue's back-box options: 209 → product 116, 210 → product 117, 211 names none.
const options = [
  { id: 209, productPropertyId: 10, data: { backBoxProductId: 116 } },
  { id: 210, productPropertyId: 10, data: { backBoxProductId: 117 } },
  { id: 211, productPropertyId: 10, data: {} },
  { id: 22, productPropertyId: 7, data: { backBoxProductId: 116 } }, // another property: not a back box
  { id: 300, productPropertyId: 10, data: { backBoxProductId: 98 } }, // names a keypad, not a back box
];
const products = [
  { id: 116, productCategoryId: 5 },
  { id: 117, productCategoryId: 5 },
  { id: 118, productCategoryId: 6 },
  { id: 98, productCategoryId: 1 },
];
const item = (quantity: number, props: Record<string, { optionId: number }>) => ({ quantity, properties: props });

describe('back boxes of an order', () => {
  it('sums the quantities per back-box product named by the selected back-box option', () => {
    const items = [item(2, { '10': { optionId: 209 } }), item(3, { '10': { optionId: 210 } }), item(4, { '10': { optionId: 209 } })];
    expect(backBoxLines(items, options, products)).toEqual([
      { productId: 116, quantity: 6 },
      { productId: 117, quantity: 3 },
    ]);
  });
  it('ignores items without a back box, options naming none or a product that is not a back box, and other properties', () => {
    const items = [item(1, {}), item(5, { '10': { optionId: 211 } }), item(2, { '7': { optionId: 22 } }), item(7, { '10': { optionId: 300 } })];
    expect(backBoxLines(items, options, products)).toEqual([]);
  });
  it('leaves out an archived back-box product', () => {
    expect(backBoxLines([item(1, { '10': { optionId: 209 } })], options, [{ id: 116, productCategoryId: 5, archived: 1 }])).toEqual([]);
  });
});

describe('the back-box quote', () => {
  const order = {
    id: 9, orgId: 850, orgSpecificId: 12, title: 'Harbour View Residence', userId: 1, type: 'standalone', productId: null, productCategoryId: 1,
    archived: 0, isStocked: 0, disableSalesTax: 0, involvedUsers: {}, created: '', lastUpdated: '', statusData: {},
    phone: '2075550100', firmName: 'Harbour Builders', deliveryAddress: { city: 'Portland', zip: '04101' }, primaryNote: 'employee note', trackingNumber: 'TRK1', email: null,
  } as unknown as OrderDataProductOrder;

  it('is titled "{title} - Back Boxes", a stocked standalone order in category 5 with the contact fields copied', () => {
    const body = backBoxQuoteBody(order, [{ productId: 116, quantity: 6 }]);
    expect(body).toEqual({
      productOrderProps: {
        orgId: 850, title: 'Harbour View Residence - Back Boxes', productCategoryId: 5, isStocked: 1, type: 'standalone',
        phone: '2075550100', firmName: 'Harbour Builders', deliveryAddress: { city: 'Portland', zip: '04101' },
      },
      propsSets: [{ productId: 116, quantity: 6 }],
    });
  });
  it('shortens a long source title so the suffix fits in 255 characters', () => {
    const t = backBoxQuoteTitle('x'.repeat(300));
    expect(t).toHaveLength(255);
    expect(t.endsWith(' - Back Boxes')).toBe(true);
  });
});
