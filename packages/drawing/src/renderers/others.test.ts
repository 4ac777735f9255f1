import { makeCatalogue, makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { describe, expect, it } from 'vitest';
import { drawInstance } from '../draw.ts';
import type { DrawingConfig, DrawInput, SvgNode } from '../types.ts';
import { SHAKER_FRAME } from './door.ts';
import { FLOORING_SAMPLE, plankRows } from './flooring.ts';

const byClass = (n: SvgNode | string, cls: string): SvgNode[] =>
  typeof n === 'string' ? [] : [...(n.attrs.class === cls ? [n] : []), ...(n.children ?? []).flatMap((c) => byClass(c, cls))];

const catalogue = makeCatalogue({
  products: [
    makeProduct({ id: 120, title: 'Decora 2-Gang', associations: productPropertiesOf([12]) }),
    makeProduct({ id: 110, title: 'Floor Outlet', associations: productPropertiesOf([8, 12]) }),
    makeProduct({ id: 115, title: 'Lamp', associations: productPropertiesOf([12]) }),
    makeProduct({ id: 133, title: 'Flush Door', associations: productPropertiesOf([141, 142, 143, 147]) }),
    makeProduct({ id: 134, title: 'Shaker Front', associations: productPropertiesOf([151, 152]) }),
    makeProduct({ id: 130, title: 'Oak Plank', associations: productPropertiesOf([145]) }),
    makeProduct({ id: 170, title: 'Halden Pendant', associations: productPropertiesOf([]) }),
  ],
  productProperties: [8, 12, 141, 142, 143, 145, 147, 151, 152].map((id) => makeProperty({ id, type: [141, 142, 151, 152].includes(id) ? 'dimensions' : 'singleSelect' })),
  productOptions: [
    makeOption({ id: 201, productPropertyId: 8, data: { gang: 2, width: 144, height: 82 } }),
    makeOption({ id: 217, productPropertyId: 12, data: { fill: '#d4b26a' } }),
    makeOption({ id: 231, productPropertyId: 143, data: { fill: '#7a5236' } }),
    makeOption({ id: 243, productPropertyId: 147, data: { hingeSide: 'right' } }),
  ],
});
const config: DrawingConfig = {
  renderers: { '120': 'plate', '110': 'outlet', '115': 'lamp', '133': 'slabDoor', '134': 'cabinetFront', '130': 'flooring' },
  defaultUnits: 'mm',
  dimensionControls: false,
  productSizes: { '120': { width: 116, height: 115, gang: 2 }, '115': { width: 220, height: 420 } },
  sizePropertyIds: { '133': { width: 141, height: 142 }, '134': { width: 151, height: 152 } },
  lamella: { hingeSidePropertyId: 147 },
};
const input = (productId: number, properties: DrawInput['instance']['properties'], id = 5): DrawInput => ({
  product: catalogue.product(productId)!,
  instance: { id, productId, quantity: 1, properties },
  catalogue,
  drawingConfig: config,
});
const draw = (i: DrawInput, showDimensions = false) => drawInstance(i, { units: 'mm', showDimensions });

describe('plates and outlets', () => {
  it('draws a fixed-size plate with one Decora opening and two screws per gang, in its finish', () => {
    const d = draw(input(120, { '12': { optionId: 217 } }));
    expect(byClass(d.root, 'plate')[0]!.attrs).toMatchObject({ width: 116, height: 115, fill: '#d4b26a' });
    expect(byClass(d.root, 'opening')).toHaveLength(2);
    expect(byClass(d.root, 'screw')).toHaveLength(4);
  });

  it('draws an outlet from its plate-size option, a receptacle per gang', () => {
    const d = draw(input(110, { '8': { optionId: 201 } }));
    expect(byClass(d.root, 'plate')[0]!.attrs).toMatchObject({ width: 144, height: 82 });
    expect(byClass(d.root, 'opening')).toHaveLength(2);
  });
});

describe('doors and fronts', () => {
  it('draws a flush door at its size and species with hinges and the handle opposite', () => {
    const d = draw(input(133, { '141': { value: 820 }, '142': { value: '2040' }, '143': { optionId: 231 }, '147': { optionId: 243 } }));
    expect(byClass(d.root, 'panel')[0]!.attrs).toMatchObject({ width: 820, height: 2040, fill: '#7a5236' });
    expect(byClass(d.root, 'hinge').every((h) => Number(h.attrs.x) + Number(h.attrs.width) === 820)).toBe(true);
    expect(byClass(d.root, 'handle')[0]!.attrs).toMatchObject({ cx: 60, cy: 1000 });
  });

  it('draws a shaker front with its recessed panel inside a 70 mm frame, narrower on small fronts', () => {
    const big = draw(input(134, { '151': { value: 600 }, '152': { value: 720 } }));
    expect(byClass(big.root, 'recess')[0]!.attrs).toMatchObject({ x: SHAKER_FRAME, y: SHAKER_FRAME, width: 600 - 140, height: 720 - 140 });
    // 200 wide: frame min(70, 200 / 5 = 40).
    const small = draw(input(134, { '151': { value: 200 }, '152': { value: 720 } }));
    expect(byClass(small.root, 'recess')[0]!.attrs).toMatchObject({ x: 40, width: 120 });
  });
});

describe('flooring', () => {
  it('lays plank rows 180 mm wide with joints inside the sample, the same for the same item', () => {
    const rows = plankRows(5);
    expect(rows).toHaveLength(Math.ceil(FLOORING_SAMPLE.height / FLOORING_SAMPLE.plankWidth));
    for (const joints of rows) {
      expect(joints.every((x) => x > 0 && x < FLOORING_SAMPLE.width)).toBe(true);
      // Planks at least 400 mm long between joints of a row.
      joints.slice(1).forEach((x, i) => expect(x - joints[i]!).toBeGreaterThanOrEqual(FLOORING_SAMPLE.minPlank - 1));
    }
    expect(plankRows(5)).toEqual(rows);
    expect(plankRows(6)).not.toEqual(rows);
    expect(byClass(draw(input(130, {})).root, 'sample')[0]!.attrs).toMatchObject({ width: 1200, height: 800 });
  });
});

describe('lamp and generic', () => {
  it('draws a lamp at its size in its finish', () => {
    const d = draw(input(115, { '12': { optionId: 217 } }));
    expect(byClass(d.root, 'shade')[0]!.attrs.fill).toBe('#d4b26a');
    expect(byClass(d.root, 'base')).toHaveLength(1);
  });

  it('draws a product without a script as a titled box, with no dimensions when its size is not known', () => {
    const d = draw(input(170, {}), true);
    expect(byClass(d.root, 'generic')).toHaveLength(1);
    expect(JSON.stringify(d.root)).toContain('Halden Pendant');
    expect(JSON.stringify(d.root)).toContain('Size not given');
    expect(byClass(d.root, 'dimension')).toEqual([]);
  });
});
