// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { resources } from '../common/adminApi.ts';
import { ownerSession, renderAdmin } from '../renderAdmin.test-utils.tsx';
import PropertiesScreen from './PropertiesScreen.tsx';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
vi.mock('../common/adminApi.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../common/adminApi.ts')>();
  return { ...actual, resources: { get: vi.fn(), create: vi.fn(), update: vi.fn(), destroy: vi.fn(), duplicate: vi.fn() } };
});

const api = vi.mocked(resources);
const base = {
  orgId: 850,
  archived: 0,
  internalTitle: null,
  isArray: 0,
  noOptionThumbnails: 1,
  isOrderLevel: 0,
  drawingVisibility: 'visible',
  invoiceVisibility: 'inline',
  showThumbnailsOnInvoice: 0,
  productOptionDataFields: [],
  data: {},
  productPropertyGroupId: null,
};
const PLATE_SIZE = {
  ...base,
  id: 8,
  title: 'Plate Size',
  rank: 1,
  type: 'singleSelect',
  internalTitle: 'Size',
  productOptionDataFields: [
    { key: 'gang', title: 'Gang', type: 'number' },
    { key: 'slim', title: 'Slim', type: 'boolean' },
  ],
};
const DOOR_WIDTH = { ...base, id: 141, title: 'Door Width', rank: 2, type: 'dimensions', data: { maxDimension: 1200, minDimension: 300, dimensionInterval: 10 } };
const OLD = { ...base, id: 15, title: 'Old finish', rank: 3, type: 'singleSelect', archived: 1 };
const OPTIONS = [
  { id: 81, orgId: 850, productPropertyId: 8, title: '1 Gang', rank: 1, archived: 0, publishLevel: 'all', data: { gang: 1, slim: true } },
  { id: 82, orgId: 850, productPropertyId: 8, title: '2 Gang', rank: 2, archived: 0, publishLevel: 'internal', data: { gang: 2 } },
  { id: 83, orgId: 850, productPropertyId: 8, title: '9 Gang', rank: 3, archived: 1, publishLevel: 'all', data: {} },
];
const GROUPS = [{ id: 1, orgId: 850, title: 'Plate', rank: 1, properties: {} }];

beforeEach(() => {
  const tables: Record<string, unknown[]> = { productProperties: [PLATE_SIZE, DOOR_WIDTH, OLD], productOptions: OPTIONS, productPropertyGroups: GROUPS };
  api.get.mockImplementation(async (key: string, where: Record<string, unknown>) => {
    const rows = (tables[key] ?? []) as Array<Record<string, unknown>>;
    return rows.filter((r) => Object.entries(where).every(([k, v]) => k === 'orgId' || r[k] === v)) as never;
  });
  // Answers the row as the server would after the update.
  api.update.mockImplementation(async (key: string, id: number, props: Record<string, unknown>) => {
    const row = (tables[key] as Array<Record<string, unknown>>).find((r) => r.id === id)!;
    return { ...row, ...props } as never;
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => (c.querySelector('input') as HTMLInputElement | null)?.value ?? c.textContent));

describe('properties list', () => {
  it('shows Rank, ID, Title and Internal Title of active properties, with a Status filter', async () => {
    renderAdmin(<PropertiesScreen id={null} />);
    await screen.findByText('Plate Size');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'ID', 'Title', 'Internal Title']);
    expect(bodyRows(screen.getByRole('table'))).toEqual([
      ['1', '8', 'Plate Size', 'Size'],
      ['2', '141', 'Door Width', ''],
    ]);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'archived' } });
    expect(bodyRows(screen.getByRole('table'))).toEqual([['3', '15', 'Old finish', '']]);
  });

  it('moves a property to a typed rank', async () => {
    renderAdmin(<PropertiesScreen id={null} />);
    const input = await screen.findByLabelText('Rank of Door Width');
    await userEvent.clear(input);
    await userEvent.type(input, '1{Enter}');
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('productProperties', 141, { rank: 1 }));
  });

  it("creates an 'Untitled Product Property' and opens it", async () => {
    api.create.mockResolvedValue({ id: 200 });
    renderAdmin(<PropertiesScreen id={null} />);
    await screen.findByText('Plate Size');
    await userEvent.click(screen.getByRole('button', { name: 'Add a property' }));
    expect(api.create).toHaveBeenCalledWith('productProperties', { orgId: 850, title: 'Untitled Product Property' });
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/admin/product-properties/200'));
  });
});

describe('property detail', () => {
  it('shows the title, the ID, and options with rank, ID, title and one column per data field', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Plate Size');
    expect(screen.getByText('ID 8')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('productOptions', { orgId: 850, productPropertyId: 8 });
    const table = screen.getByTestId('options-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'ID', 'Title', 'Gang', 'Slim']);
    expect(bodyRows(table)).toEqual([
      ['1', '81', '1 Gang', '1', 'Yes'],
      ['2', '82', '2 Gang', '2', ''],
    ]);
    fireEvent.change(screen.getByLabelText('Option Status'), { target: { value: 'all' } });
    expect(bodyRows(screen.getByTestId('options-table')).map((r) => r[1])).toEqual(['81', '82', '83']);
  });

  it('ranks options within their property', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    const input = await screen.findByLabelText('Rank of 2 Gang');
    await userEvent.clear(input);
    await userEvent.type(input, '9{Enter}');
    // Three options in the property (one archived): 9 clamps to 3.
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('productOptions', 82, { rank: 3 }));
  });

  it('shows maximum, minimum and step interval only for a dimensions property, and saves them', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    await screen.findByTestId('options-table');
    expect(screen.queryByLabelText('Maximum')).toBeNull();
    cleanup();

    renderAdmin(<PropertiesScreen id={141} />);
    const max = (await screen.findByLabelText('Maximum')) as HTMLInputElement;
    expect(max.value).toBe('1200');
    expect((screen.getByLabelText('Minimum') as HTMLInputElement).value).toBe('300');
    expect((screen.getByLabelText('Step interval') as HTMLInputElement).value).toBe('10');
    await userEvent.clear(max);
    await userEvent.type(max, '2400{Enter}');
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('productProperties', 141, { data: { maxDimension: 2400, minDimension: 300, dimensionInterval: 10 } }));
  });

  it('does not save an empty or negative dimension', async () => {
    renderAdmin(<PropertiesScreen id={141} />);
    const min = await screen.findByLabelText('Minimum');
    await userEvent.clear(min);
    fireEvent.blur(min);
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum must be a number.');
    const step = screen.getByLabelText('Step interval');
    await userEvent.clear(step);
    await userEvent.type(step, '-5');
    fireEvent.blur(step);
    expect((await screen.findByRole('alert')).textContent).toBe('Step interval cannot be negative.');
    expect(api.update).not.toHaveBeenCalled();
  });

  it('archives and unarchives the property', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: 'ARCHIVE' }));
    expect(api.update).toHaveBeenCalledWith('productProperties', 8, { archived: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'UNARCHIVE' }));
    expect(api.update).toHaveBeenLastCalledWith('productProperties', 8, { archived: 0 });
  });

  it('duplicates, then asks whether to go to the copy', async () => {
    api.duplicate.mockResolvedValue({ id: 300 });
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(api.duplicate).toHaveBeenCalledWith('productProperties', 8);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This property has been successfully duplicated. Would you like to be redirect to the new property?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    expect(navigateToUrl).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Go to the copy' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/admin/product-properties/300');
  });

  it('says why a duplicate failed and offers no redirect', async () => {
    api.duplicate.mockRejectedValue(new Error('Not found.'));
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not found.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('property settings', () => {
  it('saves the settings with the data fields and the group', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'text' } });
    fireEvent.change(within(dialog).getByLabelText('Invoice visibility'), { target: { value: 'column' } });
    fireEvent.change(within(dialog).getByLabelText('Property group'), { target: { value: '1' } });
    await userEvent.click(within(dialog).getByLabelText('Order level'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove data field 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add data field' }));
    await userEvent.type(within(dialog).getByLabelText('Key of data field 2'), 'width');
    await userEvent.type(within(dialog).getByLabelText('Title of data field 2'), 'Width (mm)');
    fireEvent.change(within(dialog).getByLabelText('Type of data field 2'), { target: { value: 'number' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.update).toHaveBeenCalledWith('productProperties', 8, {
      internalTitle: 'Size',
      type: 'text',
      isArray: 0,
      noOptionThumbnails: 1,
      isOrderLevel: 1,
      showThumbnailsOnInvoice: 0,
      drawingVisibility: 'visible',
      invoiceVisibility: 'column',
      productOptionDataFields: [
        { key: 'gang', title: 'Gang', type: 'number' },
        { key: 'width', title: 'Width (mm)', type: 'number' },
      ],
      productPropertyGroupId: 1,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The options table follows the saved data fields.
    expect(within(screen.getByTestId('options-table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'ID', 'Title', 'Gang', 'Width (mm)']);
  });

  it('refuses a data field without a key or with a key used twice', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add data field' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Every data field needs a key.');
    await userEvent.type(within(dialog).getByLabelText('Key of data field 3'), 'gang');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The key "gang" is used twice.');
    expect(api.update).not.toHaveBeenCalled();
  });
});

describe('options', () => {
  it("adds an 'Untitled Option' to the property and opens it", async () => {
    api.create.mockResolvedValue({ id: 90, orgId: 850, productPropertyId: 8, title: 'Untitled Option', rank: 4, archived: 0, publishLevel: 'all', data: {} });
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add option' }));
    expect(api.create).toHaveBeenCalledWith('productOptions', { orgId: 850, productPropertyId: 8, title: 'Untitled Option' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Option 90')).toBeTruthy();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Untitled Option');
  });

  it('edits title, publish level and data fields typed per field', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: '2 Gang' }));
    const dialog = screen.getByRole('dialog');
    const level = within(dialog).getByLabelText('Publish level') as HTMLSelectElement;
    expect([...level.options].map((o) => [o.value, o.text])).toEqual([
      ['all', 'All Users'],
      ['internal', 'Members'],
      ['admin', 'Owners'],
    ]);
    expect(level.value).toBe('internal');
    fireEvent.change(level, { target: { value: 'admin' } });
    const gang = within(dialog).getByLabelText('Gang') as HTMLInputElement;
    expect(gang.type).toBe('number');
    await userEvent.clear(gang);
    await userEvent.type(gang, '3');
    await userEvent.click(within(dialog).getByLabelText('Slim'));
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, '3 Gang');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.update).toHaveBeenCalledWith('productOptions', 82, { title: '3 Gang', publishLevel: 'admin', data: { gang: 3, slim: true } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyRows(screen.getByTestId('options-table'))[1]).toEqual(['2', '82', '3 Gang', '3', 'Yes']);
  });

  it('archives an option from its popup', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: '1 Gang' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ARCHIVE' }));
    expect(api.update).toHaveBeenCalledWith('productOptions', 81, { archived: 1 });
    expect(await within(screen.getByRole('dialog')).findByRole('button', { name: 'UNARCHIVE' })).toBeTruthy();
  });

  it('shows the data JSON editor only to platform administrators', async () => {
    renderAdmin(<PropertiesScreen id={8} />);
    await userEvent.click(await screen.findByRole('button', { name: '1 Gang' }));
    expect(within(screen.getByRole('dialog')).queryByLabelText('Data fields (JSON)')).toBeNull();
    cleanup();

    renderAdmin(<PropertiesScreen id={8} />, ownerSession(true));
    await userEvent.click(await screen.findByRole('button', { name: '1 Gang' }));
    const editor = within(screen.getByRole('dialog')).getByLabelText('Data fields (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual({ gang: 1, slim: true });
  });

  it('does not save invalid JSON and says why; saves valid JSON', async () => {
    renderAdmin(<PropertiesScreen id={8} />, ownerSession(true));
    await userEvent.click(await screen.findByRole('button', { name: '1 Gang' }));
    const dialog = screen.getByRole('dialog');
    const editor = within(dialog).getByLabelText('Data fields (JSON)');
    fireEvent.change(editor, { target: { value: '{"gang": 1,' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save JSON' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^Invalid JSON: /);
    fireEvent.change(editor, { target: { value: '[1, 2]' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save JSON' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The data must be a JSON object, like {"width": 86}.');
    expect(api.update).not.toHaveBeenCalled();

    fireEvent.change(editor, { target: { value: '{"gang": 4, "slim": false, "code": "G4"}' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save JSON' }));
    expect(api.update).toHaveBeenCalledWith('productOptions', 81, { data: { gang: 4, slim: false, code: 'G4' } });
    // The field inputs show the data saved as JSON.
    await waitFor(() => expect((within(dialog).getByLabelText('Gang') as HTMLInputElement).value).toBe('4'));
  });
});
