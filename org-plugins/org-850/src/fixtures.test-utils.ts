/** A small 850 keypad catalogue for the plugin tests (mirrors the demo seed's ids). */
import type { CatalogueIndex, InstanceLike, Product, ProductOption, ProductProperty } from '@cpq/domain';
import { makeCatalogue, makeInstance, makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';

const prop = (id: number, title: string, type: ProductProperty['type'], rank: number): ProductProperty => makeProperty({ id, title, type, rank });
const opt = (id: number, productPropertyId: number, title: string, data: Record<string, unknown> = {}): ProductOption =>
  makeOption({ id, productPropertyId, title, data });
const product = (id: number, productCategoryId: number, propertyIds: number[]): Product =>
  makeProduct({ id, productCategoryId, associations: productPropertiesOf(propertyIds) });

export const PLATE = { p82x82: 200, p117x82: 201, p82x144: 202, p144x144: 203, p207x117: 204 };
export const LAYOUT = { r1c2: 212, r2c2: 213, r4c2: 214, r3c3: 215, r2c1: 216 };
export const BACK_BOX = { standard: 209, special: 1424 };

export const keypadCatalogue: CatalogueIndex = makeCatalogue({
  products: [product(98, 1, [8, 11, 7, 26, 27, 112, 10]), product(110, 2, [8, 11])],
  productProperties: [
    prop(8, 'Plate Size', 'singleSelect', 1),
    prop(11, 'Mechanism Layout', 'singleSelect', 5),
    prop(7, 'Mechanism Finish', 'singleSelect', 4),
    prop(10, 'Back Box', 'singleSelect', 6),
    prop(26, 'Engraving Type', 'singleSelect', 7),
    prop(27, 'Engravings', 'text', 8),
    prop(112, 'Engraving Text Below', 'text', 9),
  ],
  productOptions: [
    opt(PLATE.p82x82, 8, '1 Gang', { gang: 1, width: 82, height: 82 }),
    opt(PLATE.p117x82, 8, '2 Gang', { gang: 2, width: 117, height: 82 }),
    opt(PLATE.p82x144, 8, '1 Gang Tall', { gang: 1, width: 82, height: 144 }),
    opt(PLATE.p144x144, 8, '2 Gang Tall', { gang: 2, width: 144, height: 144 }),
    opt(PLATE.p207x117, 8, '3 Gang', { gang: 3, width: 207, height: 117 }),
    opt(LAYOUT.r1c2, 11, '2 Buttons', { layoutString: 'B,B', rows: 1, columns: 2 }),
    opt(LAYOUT.r2c2, 11, '4 Buttons', { layoutString: 'B,B,B,B', rows: 2, columns: 2 }),
    opt(LAYOUT.r4c2, 11, '8 Buttons', { layoutString: 'B,B,B,B,B,B,B,B', rows: 4, columns: 2 }),
    opt(LAYOUT.r3c3, 11, '9 Buttons', { layoutString: 'B,B,B,B,B,B,B,B,B', rows: 3, columns: 3 }),
    opt(LAYOUT.r2c1, 11, '2 Stacked', { layoutString: 'B,B', rows: 2, columns: 1 }),
    opt(22, 7, 'Satin Nickel'),
    opt(23, 7, 'Satin Brass'),
    opt(24, 7, 'Matched Antique Bronze'),
    opt(BACK_BOX.standard, 10, 'Single Gang Back Box', { backBoxProductId: 116 }),
    opt(BACK_BOX.special, 10, 'Tall Back Box 1424'),
  ],
});

export const keypad = (plate: number, layout: number, extra: InstanceLike['properties'] = {}, productId = 98): InstanceLike =>
  makeInstance({ productId, properties: { '8': { optionId: plate }, '11': { optionId: layout }, ...extra } });
