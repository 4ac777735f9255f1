/** A keypad like organisation 850's for the engravings tests: plate size (8), layout (11), engravings (27), text below (112). */
import { CatalogueIndex, catalogueSnapshotFromRows, measureTextServer, type InstanceProperties } from '@cpq/domain';
import { makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { DEFAULT_RULES, engineHooks, type PluginRules } from '@cpq/plugin-sdk';
import type { Catalogue } from '@cpq/client';
import type { DrawingConfig } from '@cpq/drawing';
import type { EditorEngine } from '../editor/itemViews.ts';
import { item } from '../editor/fixtures.test-utils.ts';
import type { Instance } from '../editor/writes.ts';

export const PLATE_82 = 200;
export const LAYOUT_1x2 = 212;
export const LAYOUT_3x2 = 214;

const rows = {
  products: [makeProduct({ id: 98, title: 'Crestnet Keypad', productCategoryId: 1, associations: productPropertiesOf([8, 11, 27, 112]) })],
  productProperties: [
    makeProperty({ id: 8, type: 'singleSelect', rank: 1, title: 'Plate Size' }),
    makeProperty({ id: 11, type: 'singleSelect', rank: 2, title: 'Mechanism Layout' }),
    makeProperty({ id: 27, type: 'text', rank: 3, title: 'Engravings', isArray: 1 }),
    makeProperty({ id: 112, type: 'text', rank: 4, title: 'Engraving Text Below', isArray: 1 }),
  ],
  productOptions: [
    makeOption({ id: PLATE_82, productPropertyId: 8, title: '82 × 82', data: { gang: 1, width: 82, height: 82 } }),
    makeOption({ id: LAYOUT_1x2, productPropertyId: 11, title: '2 Buttons', data: { layoutString: 'B,B', rows: 1, columns: 2 } }),
    makeOption({ id: LAYOUT_3x2, productPropertyId: 11, title: '6 Buttons', data: { layoutString: 'B,B,B,B,B,B', rows: 3, columns: 2 } }),
  ],
  productRules: [],
  productPricingRules: [],
  productOptionClassifiers: [],
};

export const keypadCatalogue = new CatalogueIndex(catalogueSnapshotFromRows(rows as never));

/** The same catalogue as the API answers it to the order page. */
export const keypadCatalogueResponse = { orgId: 850, version: 1, pricingIsHidden: false, productCategories: [], productPropertyGroups: [], media: [], productGraphics: [], ...rows } as unknown as Catalogue;

export const keypadDrawings: DrawingConfig & { engravings: NonNullable<DrawingConfig['engravings']> } = {
  renderers: { '98': 'keypad' },
  defaultUnits: 'mm',
  dimensionControls: true,
  engravings: { engravingsPropertyId: 27, belowTextPropertyId: 112, showFit: true },
};

export const keypadRules: PluginRules = { ...DEFAULT_RULES, drawings: keypadDrawings };

export const keypadEngine = (pluginRules: PluginRules = keypadRules): EditorEngine => ({
  catalogue: keypadCatalogue,
  hooks: engineHooks(pluginRules),
  measureText: measureTextServer,
  now: new Date('2026-01-01T00:00:00Z'),
});

export const keypad = (layout: number | null, extra: InstanceProperties = {}): Instance =>
  item({ id: 5, productId: 98, title: 'Hall', properties: { '8': { optionId: PLATE_82 }, ...(layout !== null ? { '11': { optionId: layout } } : {}), ...extra } });
