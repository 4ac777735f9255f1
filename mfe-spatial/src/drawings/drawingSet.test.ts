import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAWING_CONFIG, toSvgString, type Drawing } from '@cpq/drawing';
import type { OrderDataProductInstance, ProductGraphicJson } from '@cpq/domain';
import { makeCatalogue, makeProduct } from '@cpq/test-utils';
import { DRAWING_HEIGHT_PX, drawInstances, layOutPages, type DrawnInstance } from './drawingSet.ts';

const drawing = (width: number, height: number): Drawing => ({ width, height, root: { tag: 'g', attrs: {} }, warnings: [], pxPerUnit: 1 });
const item = (id: number, d: Drawing | null): DrawnInstance => ({ id, number: String(id).padStart(3, '0'), title: `Item ${id}`, quantity: 1, notes: '', drawing: d, options: [] });

describe('pages of a drawings set', () => {
  const keypads = [1, 2, 3, 4, 5].map((id) => item(id, drawing(82, 144)));

  it('INDIVIDUAL: one portrait letter page per instance at 3.78 px/mm', () => {
    const layout = layOutPages(keypads, 'individual', 'ledger');
    expect(layout.size.name).toBe('letterPortrait');
    expect(layout.pages.map((p) => p.map((x) => x.drawn.id))).toEqual([[1], [2], [3], [4], [5]]);
    // 144 mm × 3.78 = 544 px: fits the 460 px drawing area only when reduced to 460 / 144 px/mm.
    expect(layout.pages[0]![0]!.scale).toBeCloseTo(DRAWING_HEIGHT_PX / 144, 10);
  });

  it('INDIVIDUAL keeps 3.78 px/mm for a drawing that fits', () => {
    const layout = layOutPages([item(1, drawing(82, 82))], 'individual', 'ledger');
    expect(layout.pages[0]![0]!.scale).toBe(3.78);
  });

  it('MULTIPLE: ledger pages of up to 4 instances at 2.5 px/mm, landscape letter where the organisation prints on letter', () => {
    const layout = layOutPages(keypads, 'multiple', 'ledger');
    expect(layout.size.name).toBe('ledger');
    expect(layout.pages.map((p) => p.map((x) => x.drawn.id))).toEqual([[1, 2, 3, 4], [5]]);
    expect(layout.pages[0]![0]!.scale).toBe(2.5);
    expect(layOutPages(keypads, 'multiple', 'letter').size.name).toBe('letterLandscape');
  });

  it('keeps an item without a drawing in the set', () => {
    const layout = layOutPages([item(1, null), item(2, drawing(82, 82))], 'multiple', 'ledger');
    expect(layout.pages.map((p) => p.map((x) => x.drawn.id))).toEqual([[1, 2]]);
  });
});

describe('drawing the instances of an order', () => {
  const catalogue = makeCatalogue({ products: [makeProduct({ id: 1, title: 'Panel' })] });
  const instance = { id: 5, orgId: 850, productOrderId: 1, productId: 1, title: 'Hall', quantity: 1, rank: 1, properties: {} } as OrderDataProductInstance;
  const graphic = (archived: 0 | 1): ProductGraphicJson => ({ id: 9, productId: 1, title: 'Frame', archived, nodes: [{ id: 'g', type: 'rect', props: { x: 0, y: 0, width: 10, height: 10, fill: '#123456' } }] });
  const svgOf = (graphics: ProductGraphicJson[]) => {
    const [drawn] = drawInstances([instance], catalogue, graphics, DEFAULT_DRAWING_CONFIG, { units: 'mm', setMode: 'multiple', showDimensions: false }, 'ledger');
    return toSvgString(drawn!.drawing!);
  };

  it("draws the product's graphic as the base of its drawing (an archived one is not drawn)", () => {
    expect(svgOf([graphic(0)])).toContain('#123456');
    expect(svgOf([graphic(1)])).not.toContain('#123456');
    expect(svgOf([])).not.toContain('#123456');
  });
});

describe('labels at the scale a drawing is shown at', () => {
  it('a 2000 mm door with its settings table is drawn for the scale its page shows it at (so its labels are 12 px there)', () => {
    const catalogue = makeCatalogue({ products: [makeProduct({ id: 1, title: 'Door' })] });
    const door = { id: 5, orgId: 1053, productOrderId: 1, productId: 1, title: 'D-1', quantity: 1, rank: 1, properties: {} } as OrderDataProductInstance;
    // Lamella renderer without sizes: the 600 × 2000 mm default door, its edge, dimensions and table in page px.
    const config = { ...DEFAULT_DRAWING_CONFIG, renderers: { '1': 'lamella' as const } };
    for (const setMode of ['multiple', 'individual'] as const) {
      const drawn = drawInstances([door], catalogue, [], config, { units: 'mm', setMode, showDimensions: true }, 'ledger');
      const shownAt = layOutPages(drawn, setMode, 'ledger').pages[0]![0]!.scale;
      expect(shownAt).toBeLessThan(0.25);
      expect(drawn[0]!.drawing!.pxPerUnit / shownAt).toBeLessThan(1.005);
    }
  });
});
