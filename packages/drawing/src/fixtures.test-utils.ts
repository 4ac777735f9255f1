/** Small catalogues for the drawing tests (mirroring the demo ids) and the two organisations' configs. */
import type { InstanceLike, ProductOption, ProductProperty } from '@cpq/domain';
import { makeCatalogue, makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import type { DrawInput, DrawingConfig, DrawInstance } from './types.ts';

const prop = (id: number, type: ProductProperty['type'], rank: number, orgId = 850): ProductProperty => makeProperty({ id, type, rank, orgId });
const opt = (id: number, productPropertyId: number, data: Record<string, unknown> = {}): ProductOption => makeOption({ id, productPropertyId, data });

export const PLATE = { g1: 200, g2: 201, g3: 202, tall: 203 };
export const LAYOUT = { b2stacked: 212, b4: 213, b6: 214, toggleSquare: 215, mixed: 216, ports: 221, twelve: 222 };

export const catalogue = makeCatalogue({
  products: [
    makeProduct({ id: 98, title: 'Crestnet Keypad', productCategoryId: 1, associations: productPropertiesOf([8, 12, 11, 7, 27, 112]) }),
    makeProduct({ id: 104, orgId: 1053, title: 'Lamella Slab Door', productCategoryId: 20, associations: productPropertiesOf([141, 142, 304, 143, 144, 310, 147, 305, 306, 307, 308, 309, 161, 300, 301, 302, 303]) }),
    makeProduct({ id: 190, orgId: 1798, title: 'Custom Wall Mural', productCategoryId: 30, associations: productPropertiesOf([]) }),
  ],
  productProperties: [
    prop(8, 'singleSelect', 1),
    prop(12, 'singleSelect', 3),
    prop(7, 'singleSelect', 4),
    prop(11, 'singleSelect', 5),
    prop(27, 'text', 8),
    prop(112, 'text', 9),
    prop(141, 'dimensions', 1, 1053),
    prop(142, 'dimensions', 2, 1053),
    prop(143, 'singleSelect', 3, 1053),
    prop(144, 'singleSelect', 4, 1053),
    prop(147, 'singleSelect', 5, 1053),
    prop(300, 'singleSelect', 10, 1053),
    prop(301, 'number', 11, 1053),
    prop(302, 'dimensions', 12, 1053),
    prop(303, 'singleSelect', 13, 1053),
    // The demo's door settings (titles as the settings table shows them).
    { ...prop(304, 'dimensions', 3, 1053), title: 'Panel Thickness' },
    { ...prop(310, 'singleSelect', 4, 1053), title: 'Veneer Profile' },
    { ...prop(305, 'singleSelect', 6, 1053), title: 'Opening' },
    { ...prop(306, 'singleSelect', 7, 1053), title: 'Hinges' },
    { ...prop(307, 'singleSelect', 8, 1053), title: 'Handle' },
    { ...prop(308, 'singleSelect', 8, 1053), title: 'Lock' },
    { ...prop(309, 'text', 8, 1053), title: 'Hardware Notes' },
    { ...prop(161, 'text', 9, 1053), title: 'Door Unit Number' },
  ],
  productOptions: [
    opt(PLATE.g1, 8, { gang: 1, width: 82, height: 82 }),
    opt(PLATE.g2, 8, { gang: 2, width: 144, height: 82 }),
    opt(PLATE.g3, 8, { gang: 3, width: 207, height: 82 }),
    opt(PLATE.tall, 8, { gang: 4, width: 207, height: 144 }),
    opt(LAYOUT.b2stacked, 11, { layoutString: 'B,B', rows: 2, columns: 1 }),
    opt(LAYOUT.b4, 11, { layoutString: 'B,B,B,B', rows: 2, columns: 2 }),
    opt(LAYOUT.b6, 11, { layoutString: 'B,B,B,B,B,B', rows: 3, columns: 2 }),
    opt(LAYOUT.toggleSquare, 11, { layoutString: 'T,S', rows: 1, columns: 2 }),
    opt(LAYOUT.mixed, 11, { layoutString: 'B, uc ,RJ4', rows: 1, columns: 3 }),
    opt(LAYOUT.ports, 11, { layoutString: 'RB,RW,2RB,2RW,RJ4,RJ1,UA,UC,H,C,CP,SP,MB,MT,ZZ', rows: 3, columns: 5 }),
    opt(LAYOUT.twelve, 11, { layoutString: 'B,B,B,B,B,B,B,B,B,B,B,B', rows: 3, columns: 4 }),
    opt(22, 7, { fill: '#b8b5ad' }),
    opt(217, 12, { fill: '#d4b26a' }),
    opt(219, 12, { fill: '#1f1f1f' }),
    opt(230, 143, { fill: '#dcc39a' }),
    opt(234, 144, { grainDirection: 'vertical' }),
    opt(235, 144, { grainDirection: 'horizontal' }),
    opt(242, 147, { hingeSide: 'left' }),
    opt(243, 147, { hingeSide: 'right' }),
    opt(310, 300, { lamellaWidthMode: 'quantity' }),
    opt(311, 300, { lamellaWidthMode: 'width' }),
    opt(312, 303, { alignment: 'center' }),
    opt(313, 303, { alignment: 'left' }),
    opt(314, 303, { alignment: 'right' }),
    opt(315, 303, { alignment: 'random' }),
    { ...opt(320, 305, { opening: 'swing' }), title: 'Swing' },
    { ...opt(321, 305, { opening: 'slide' }), title: 'Slide' },
    ...[2, 3, 4, 5].map((n) => ({ ...opt(320 + n, 306, { hingeCount: n }), title: `${n} Hinges` })),
    { ...opt(326, 307, { handle: 'none' }), title: 'No Handle' },
    { ...opt(327, 307, { handle: 'bar' }), title: 'Bar Pull' },
    { ...opt(329, 307, { handle: 'lever' }), title: 'Lever Handle' },
    { ...opt(330, 308, { lock: 'none' }), title: 'No Lock' },
    { ...opt(332, 308, { lock: 'keyed' }), title: 'Keyed Lock' },
    { ...opt(334, 310, { veneerProfile: 'vGroove' }), title: 'V-Groove' },
  ],
});

export const config850: DrawingConfig = {
  renderers: { '98': 'keypad' },
  defaultUnits: 'mm',
  dimensionControls: true,
  engravings: { engravingsPropertyId: 27, belowTextPropertyId: 112, showFit: true },
  keypad: { plateFinishPropertyId: 12, mechanismFinishPropertyId: 7 },
};

export const config1053: DrawingConfig = {
  renderers: { '104': 'lamella' },
  defaultUnits: 'mm',
  dimensionControls: false,
  sizePropertyIds: { '104': { width: 141, height: 142 } },
  lamella: {
    widthModePropertyId: 300, lamellaCountPropertyId: 301, lamellaWidthPropertyId: 302, alignmentPropertyId: 303, grainPropertyId: 144, hingeSidePropertyId: 147,
    thicknessPropertyId: 304, openingPropertyId: 305, hingeCountPropertyId: 306, handlePropertyId: 307, lockPropertyId: 308,
  },
};

export function keypadInput(properties: InstanceLike['properties'], extra: Partial<DrawInstance> = {}): DrawInput {
  return {
    product: catalogue.product(98)!,
    instance: { id: 7, productId: 98, quantity: 1, title: 'Living room', properties, ...extra },
    catalogue,
    drawingConfig: config850,
  };
}

export function doorInput(properties: InstanceLike['properties'], id: number | string = 41, notes?: string): DrawInput {
  return {
    product: catalogue.product(104)!,
    instance: { id, productId: 104, quantity: 1, title: 'D-101', properties, notes },
    catalogue,
    drawingConfig: config1053,
  };
}
