import { describe, expect, it } from 'vitest';
import { makeCatalogue, makeInstance, makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { visibleOptionRows } from './visibleOptions.ts';

const catalogue = makeCatalogue({
  products: [makeProduct({ id: 1, associations: productPropertiesOf([10, 11, 12, 13, 14]) })],
  productProperties: [
    makeProperty({ id: 10, title: 'Finish', rank: 1 }),
    makeProperty({ id: 11, title: 'Internal code', rank: 2, drawingVisibility: 'none' }),
    makeProperty({ id: 12, title: 'Width', rank: 3, type: 'number' }),
    makeProperty({ id: 13, title: 'Backlit', rank: 4, type: 'checkbox' }),
    makeProperty({ id: 14, title: 'Colour', rank: 5 }),
  ],
  productOptions: [makeOption({ id: 100, productPropertyId: 10, title: 'Satin Brass' }), makeOption({ id: 110, productPropertyId: 11, title: 'X-1' })],
});

describe('options listed on a drawing page', () => {
  it('lists only properties whose drawingVisibility is visible, in property order, with the option id', () => {
    const instance = makeInstance({ productId: 1, properties: { '10': { optionId: 100 }, '11': { optionId: 110 }, '12': { value: 82 }, '13': { value: 1 } } });
    expect(visibleOptionRows(instance, catalogue)).toEqual([
      { propertyId: 10, property: 'Finish', optionId: 100, value: 'Satin Brass', isError: false },
      { propertyId: 12, property: 'Width', optionId: null, value: '82', isError: false },
      { propertyId: 13, property: 'Backlit', optionId: null, value: 'Yes', isError: false },
    ]);
  });

  it('leaves out properties without a choice and shows ERROR for an option the catalogue lacks', () => {
    const instance = makeInstance({ productId: 1, properties: { '10': { optionId: null }, '14': { optionId: 999 }, '12': { value: '' } } });
    expect(visibleOptionRows(instance, catalogue)).toEqual([{ propertyId: 14, property: 'Colour', optionId: 999, value: 'ERROR', isError: true }]);
  });
});
