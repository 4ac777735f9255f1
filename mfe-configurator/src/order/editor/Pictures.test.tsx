// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import type { Catalogue } from '@cpq/client';
import { CatalogueIndex, catalogueSnapshotFromRows, measureTextServer } from '@cpq/domain';
import { DEFAULT_RULES, engineHooks } from '@cpq/plugin-sdk';
import { makeOption, makeProduct, makeProperty, productPropertiesOf } from '@cpq/test-utils';
import { OrderEditor } from './OrderEditor.tsx';
import { ProductPicker } from './ItemDialogs.tsx';
import { data, fakeWrites, item, openProperty, order, org, resetEditorEachTest, storeFor } from './fixtures.test-utils.ts';
import type { EditorEngine } from './itemViews.ts';
import type { Instance } from './writes.ts';

/**
 * Pictures in the editor (docs/decisions/0085-thumbnails-and-swatches.md), from the rules: option chips
 * show the option's picture, else its colour, unless the property has noOptionThumbnails; a cart row
 * shows the item's own picture, else its product's (thumbnail address, else medium); the add-item
 * picker shows each product's picture. Pictures are decorative beside their titles (alt="").
 */
vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, orderData: vi.fn(), updatePreferences: vi.fn() } };
});

const properties = [
  makeProperty({ id: 10, title: 'Finish', rank: 1, noOptionThumbnails: 0 }),
  makeProperty({ id: 11, title: 'Size', rank: 2, noOptionThumbnails: 1 }),
];
const options = [
  makeOption({ id: 100, productPropertyId: 10, title: 'Nickel', rank: 1, thumbnailUrl: '/api/media/31/file', data: { swatchColor: '#aaaaaa' } }),
  makeOption({ id: 101, productPropertyId: 10, title: 'Graphite', rank: 2, data: { swatchColor: '#3b3f45' } }),
  makeOption({ id: 102, productPropertyId: 10, title: 'Plain', rank: 3 }),
  // Pictures a property without option thumbnails never shows.
  makeOption({ id: 110, productPropertyId: 11, title: 'Small', rank: 1, thumbnailUrl: '/api/media/40/file' }),
  makeOption({ id: 111, productPropertyId: 11, title: 'Large', rank: 2, data: { swatchColor: '#000000' } }),
];
const products = [
  makeProduct({ id: 1, title: 'Keypad', rank: 1, mediumId: 5, associations: productPropertiesOf([10, 11]) }),
  makeProduct({ id: 2, title: 'Plate', rank: 2, thumbnailUrl: 'https://cdn.example/plate.png', mediumId: 6, associations: productPropertiesOf([11]) }),
  makeProduct({ id: 3, title: 'Blank', rank: 3, associations: productPropertiesOf([11]) }),
];
const rows = { products, productProperties: properties, productOptions: options, productRules: [], productPricingRules: [], productOptionClassifiers: [] };
const catalogue = { orgId: 850, version: 1, pricingIsHidden: false, ...rows, productCategories: [], productPropertyGroups: [], media: [], productGraphics: [] } as unknown as Catalogue;
const engine: EditorEngine = { catalogue: new CatalogueIndex(catalogueSnapshotFromRows(rows as never)), hooks: engineHooks(DEFAULT_RULES), measureText: measureTextServer, now: new Date('2026-01-01T00:00:00Z') };

function show(items: Instance[]) {
  render(
    <Provider store={storeFor('owner')}>
      <OrderEditor order={order()} data={data(items)} catalogue={catalogue} engine={engine} org={org('owner')} rules={DEFAULT_RULES} employee pricingHidden={false} writes={fakeWrites(items)} saveDebounceMs={0} />
    </Provider>,
  );
  return userEvent.setup();
}

resetEditorEachTest();

describe('option chips', () => {
  it('show the option picture, else its colour, else nothing; decorative beside the title', async () => {
    const user = show([item({ id: 1, title: 'Hall' })]);
    await openProperty(user, 10);
    const nickel = screen.getByTestId('option-100');
    const picture = within(nickel).getByTestId('thumbnail');
    expect(picture.getAttribute('src')).toBe('/api/media/31/file');
    expect(picture.getAttribute('alt')).toBe('');
    expect(within(nickel).queryByTestId('swatch-colour')).toBeNull();
    expect(nickel).toHaveProperty('textContent', 'Nickel');
    const graphite = within(screen.getByTestId('option-101')).getByTestId('swatch-colour');
    expect(graphite.style.backgroundColor).toBe('rgb(59, 63, 69)');
    expect(graphite.getAttribute('aria-hidden')).toBe('true');
    const plain = screen.getByTestId('option-102');
    expect(within(plain).queryByTestId('thumbnail')).toBeNull();
    expect(within(plain).queryByTestId('swatch-colour')).toBeNull();
  });

  it('show no swatch where the property has noOptionThumbnails', async () => {
    const user = show([item({ id: 1, title: 'Hall' })]);
    await openProperty(user, 11);
    for (const id of [110, 111]) {
      const chip = screen.getByTestId(`option-${id}`);
      expect(within(chip).queryByTestId('thumbnail')).toBeNull();
      expect(within(chip).queryByTestId('swatch-colour')).toBeNull();
    }
  });
});

describe('cart rows', () => {
  it("show the item's own picture, else its product's thumbnail address, else its product's medium, else none", () => {
    show([
      item({ id: 1, title: 'Own', productId: 1, thumbnailUrl: '/own.png' } as Partial<Instance> & { id: number }),
      item({ id: 2, title: 'From medium', productId: 1 }),
      item({ id: 3, title: 'From address', productId: 2 }),
      item({ id: 4, title: 'Nothing', productId: 3 }),
    ]);
    const src = (id: number) => within(screen.getByTestId(`item-row-${id}`)).queryByTestId('thumbnail')?.getAttribute('src') ?? null;
    expect([src(1), src(2), src(3), src(4)]).toEqual(['/own.png', '/api/media/5/file', 'https://cdn.example/plate.png', null]);
    expect(within(screen.getByTestId('item-row-2')).getByTestId('thumbnail').getAttribute('alt')).toBe('');
  });
});

describe('the add-item picker', () => {
  it("shows each product's picture beside its name", () => {
    render(<ProductPicker products={products} onPick={() => {}} onClose={() => {}} />);
    const src = (id: number) => within(screen.getByTestId(`pick-product-${id}`)).queryByTestId('thumbnail')?.getAttribute('src') ?? null;
    expect([src(1), src(2), src(3)]).toEqual(['/api/media/5/file', 'https://cdn.example/plate.png', null]);
  });
});
