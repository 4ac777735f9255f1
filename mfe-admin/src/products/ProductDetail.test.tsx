// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { apiPost } from '@cpq/client';
import { navigateToUrl } from 'single-spa';
import ProductsScreen from './ProductsScreen.tsx';
import { fakeServer, product, storeFor } from './fakeServer.test-utils.ts';
import type { ProductRow } from './productRows.ts';

vi.mock('@cpq/client', async (orig) => ({ ...(await orig<typeof import('@cpq/client')>()), apiPost: vi.fn() }));
vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));

const keypad = product({
  id: 98,
  title: 'Crestnet Keypad',
  productCategoryId: 1,
  productPricingRuleId: 1,
  referenceCodes: { catalog: 'CN-KP' },
  associations: { productProperties: { '8': { disabledProductOptionIds: [203] }, '12': {} } },
});
const property = (id: number, title: string, archived: 0 | 1 = 0) => ({ id, orgId: 850, title, internalTitle: null, rank: id, archived, type: 'singleSelect' });
const option = (id: number, productPropertyId: number, title: string) => ({ id, orgId: 850, productPropertyId, title, rank: id, archived: 0 });

/** Shows product 98 (or what `stored` says); update answers the stored row with the props applied. */
function show(stored: ProductRow | null = keypad, handlers: Record<string, (b: any) => unknown> = {}, role = 'owner') {
  let row = stored;
  const server = fakeServer({
    '/api/resources/products/get': () => (row ? [row] : []),
    '/api/resources/productProperties/get': () => [property(8, 'Plate Size'), property(9, 'Collection'), property(12, 'Plate Finish'), property(13, 'Old', 1)],
    '/api/resources/productOptions/get': () => [option(200, 8, '1 Gang'), option(203, 8, '4 Gang'), option(217, 12, 'Polished Brass'), option(218, 12, 'Brushed Steel')],
    '/api/resources/productCategories/get': () => [{ id: 1, title: 'Keypads', archived: 0 }],
    '/api/resources/productPricingRules/get': () => [{ id: 1, title: 'Keypad base + finish' }],
    '/api/resources/products/update': (b) => (row = { ...row!, ...b.props }),
    ...handlers,
  });
  vi.mocked(apiPost).mockImplementation(server.apiPost as never);
  render(
    <Provider store={storeFor(role)}>
      <ProductsScreen id={98} />
    </Provider>,
  );
  return server;
}

/**
 * The page once loaded and its effects run: the fields copy the stored values in an effect, which
 * must not land after the test's typing (a person cannot type that fast).
 */
async function loaded() {
  const title = await screen.findByDisplayValue('Crestnet Keypad');
  await act(async () => undefined);
  return title;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('product detail', () => {
  it('shows the title to edit and the ID, and saves a new title', async () => {
    const server = show();
    const title = await loaded();
    expect(screen.getByText(/^ID 98/)).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Crestnet Keypad II' } });
    fireEvent.blur(title);
    await waitFor(() => expect(server.writes()).toEqual([{ path: '/api/resources/products/update', body: { where: { id: 98 }, props: { title: 'Crestnet Keypad II' } } }]));
    expect((await screen.findByText('All changes saved')).getAttribute('role')).toBe('status');
  });

  it('says what failed when a save is refused', async () => {
    show(keypad, {
      '/api/resources/products/update': () => {
        throw new Error('Title must be at most 255 characters.');
      },
    });
    const title = await loaded();
    fireEvent.change(title, { target: { value: 'X' } });
    fireEvent.blur(title);
    expect(await screen.findByText('Title could not be saved: Title must be at most 255 characters.')).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe('Crestnet Keypad');
  });

  it('archives and unarchives', async () => {
    const server = show();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'ARCHIVE' }));
    await screen.findByRole('button', { name: 'UNARCHIVE' });
    fireEvent.click(screen.getByRole('button', { name: 'UNARCHIVE' }));
    await screen.findByRole('button', { name: 'ARCHIVE' });
    expect(server.writes().map((c) => c.body)).toEqual([
      { where: { id: 98 }, props: { archived: 1 } },
      { where: { id: 98 }, props: { archived: 0 } },
    ]);
  });

  it('duplicates, asks whether to go to the copy, and goes there on yes only', async () => {
    const server = show(keypad, { '/api/resources/products/duplicate': () => product({ id: 301, title: 'Crestnet Keypad (copy)' }) });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(server.writes()).toEqual([{ path: '/api/resources/products/duplicate', body: { where: { id: 98 } } }]);
    expect(within(dialog).getByText('This product has been successfully duplicated. Would you like to be redirect to the new product?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(navigateToUrl).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Yes' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/admin/products/301');
  });

  it("'Select Properties' adds and removes properties, keeping the others' disabled options", async () => {
    const server = show();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Select Properties' }));
    const popup = await screen.findByTestId('select-properties');
    expect(within(within(popup).getByRole('list', { name: 'Applied properties' })).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Plate Size', 'Plate Finish']);
    // Archived properties are not offered.
    expect(within(popup).queryByText('Old')).toBeNull();
    fireEvent.click(within(popup).getByRole('button', { name: 'Add Collection' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    fireEvent.click(await within(popup).findByRole('button', { name: 'Remove Plate Finish' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes().map((c) => c.body.props)).toEqual([
      { associations: { productProperties: { '8': { disabledProductOptionIds: [203] }, '9': {}, '12': {} } } },
      { associations: { productProperties: { '8': { disabledProductOptionIds: [203] }, '9': {} } } },
    ]);
    await waitFor(() => expect(screen.queryByTestId('applied-property-12')).toBeNull());
    expect(screen.getByTestId('applied-property-9')).toBeTruthy();
  });

  it('disables an option for this product and enables another, even clicked in quick succession', async () => {
    const server = show();
    await loaded();
    const size = screen.getByTestId('applied-property-8');
    expect((within(size).getByLabelText('4 Gang') as HTMLInputElement).checked).toBe(false);
    // The second click comes before the first write is answered: it must not undo the first.
    fireEvent.click(within(screen.getByTestId('applied-property-12')).getByLabelText('Polished Brass'));
    fireEvent.click(within(size).getByLabelText('4 Gang'));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    await waitFor(() => expect((within(size).getByLabelText('4 Gang') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('Polished Brass') as HTMLInputElement).checked).toBe(false);
    expect(server.writes().map((c) => c.body.props.associations.productProperties)).toEqual([
      { '8': { disabledProductOptionIds: [203] }, '12': { disabledProductOptionIds: [217] } },
      { '8': {}, '12': { disabledProductOptionIds: [217] } },
    ]);
  });

  it('asks a whole number for the amount in stock of a stocked product', async () => {
    const server = show({ ...keypad, isStocked: 1, currentInventory: 240 });
    await loaded();
    const amount = screen.getByLabelText('Amount in stock');
    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.blur(amount);
    expect(screen.getByText('Enter a whole number.')).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(amount, { target: { value: ' -5 ' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(server.writes().map((c) => c.body.props)).toEqual([{ currentInventory: -5 }]));
  });

  it('hides the amount in stock of a product that is not stocked', async () => {
    show();
    await loaded();
    expect(screen.queryByLabelText('Amount in stock')).toBeNull();
  });

  it('saves SKU codes, category, pricing rule and visibility', async () => {
    const server = show();
    await loaded();
    const factory = screen.getByLabelText('Factory');
    fireEvent.change(factory, { target: { value: 'CNKP' } });
    fireEvent.blur(factory);
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '-1' } });
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Pricing rule'), { target: { value: '' } });
    await waitFor(() => expect(server.writes()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Product Visibility Level'), { target: { value: 'internal' } });
    await waitFor(() => expect(server.writes()).toHaveLength(4));
    expect(server.writes().map((c) => c.body.props)).toEqual([
      { referenceCodes: { catalog: 'CN-KP', factory: 'CNKP' } },
      { productCategoryId: -1 },
      { productPricingRuleId: null },
      { publishLevel: 'internal' },
    ]);
  });

  it('shows the visibility level picker to owners only', async () => {
    show(keypad, {}, 'member');
    await loaded();
    expect(screen.queryByLabelText('Product Visibility Level')).toBeNull();
  });

  it('saves the settings popup as one write of the changed fields', async () => {
    const server = show();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const popup = await screen.findByTestId('product-settings');
    fireEvent.click(within(popup).getByLabelText('Stocked product (keeps an amount in stock)'));
    fireEvent.change(within(popup).getByLabelText('Description'), { target: { value: 'Engraved keypad' } });
    // Emptied text is stored as null; untouched fields are not sent.
    fireEvent.change(within(popup).getByLabelText('Links'), { target: { value: '   ' } });
    fireEvent.click(within(popup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('product-settings')).toBeNull());
    expect(server.writes().map((c) => c.body.props)).toEqual([{ isStocked: 1, description: 'Engraved keypad' }]);
    expect(await screen.findByLabelText('Amount in stock')).toBeTruthy();
  });

  it('offers Export Prices only when the product has export settings', async () => {
    show();
    await loaded();
    expect(screen.queryByRole('button', { name: 'Export Prices' })).toBeNull();
    cleanup();
    show({ ...keypad, exportPriceData: { rowsData: [8], columnsData: [12] } });
    await loaded();
    expect(screen.getByRole('button', { name: 'Export Prices' })).toBeTruthy();
  });

  it('says so when the id is not a product of this organisation', async () => {
    show(null);
    expect(await screen.findByText('This product does not exist in this organisation, or it has been deleted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to products' }).getAttribute('href')).toBe('/admin/products');
  });
});
