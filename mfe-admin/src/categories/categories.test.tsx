// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resources } from '../common/adminApi.ts';
import { renderAdmin } from '../renderAdmin.test-utils.tsx';
import CategoriesScreen from './CategoriesScreen.tsx';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
vi.mock('../common/adminApi.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../common/adminApi.ts')>();
  return { ...actual, resources: { get: vi.fn(), create: vi.fn(), update: vi.fn(), destroy: vi.fn(), duplicate: vi.fn() } };
});

const api = vi.mocked(resources);
const CATEGORIES = [
  { id: 4, orgId: 850, title: 'Keypads', rank: 1, archived: 0, thumbnailUrl: null },
  { id: 9, orgId: 850, title: 'Old plates', rank: 2, archived: 1, thumbnailUrl: null },
  { id: 13, orgId: 850, title: 'Decora Cover Plates', rank: 3, archived: 0, thumbnailUrl: null },
];

function routeGets(tables: Record<string, unknown[]>) {
  api.get.mockImplementation(async (key: string, where: Record<string, unknown>) => {
    const rows = (tables[key] ?? []) as Array<Record<string, unknown>>;
    return rows.filter((r) => Object.entries(where).every(([k, v]) => k === 'orgId' || r[k] === v)) as never;
  });
}

const titles = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[2]!.textContent);

beforeEach(() => routeGets({ productCategories: CATEGORIES }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('categories list', () => {
  it('shows Rank, ID and Title, active categories by default, and filters by status', async () => {
    renderAdmin(<CategoriesScreen id={null} />);
    await screen.findByText('Keypads');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'ID', 'Title']);
    expect(api.get).toHaveBeenCalledWith('productCategories', { orgId: 850 });
    expect(titles()).toEqual(['Keypads', 'Decora Cover Plates']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'archived' } });
    expect(titles()).toEqual(['Old plates']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    expect(titles()).toEqual(['Keypads', 'Old plates', 'Decora Cover Plates']);
  });

  it('moves a row to a typed rank (clamped to the list) and reads the list again', async () => {
    api.update.mockResolvedValue({ id: 13 });
    renderAdmin(<CategoriesScreen id={null} />);
    const input = await screen.findByLabelText('Rank of Decora Cover Plates');
    await userEvent.clear(input);
    await userEvent.type(input, '0{Enter}');
    expect(api.update).toHaveBeenCalledWith('productCategories', 13, { rank: 1 });
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    const first = screen.getByLabelText('Rank of Keypads');
    await userEvent.clear(first);
    await userEvent.type(first, '40{Enter}');
    expect(api.update).toHaveBeenLastCalledWith('productCategories', 4, { rank: 3 });
  });

  it('does nothing for a rank that is not a number', async () => {
    renderAdmin(<CategoriesScreen id={null} />);
    const input = await screen.findByLabelText('Rank of Keypads');
    await userEvent.clear(input);
    await userEvent.type(input, 'two{Enter}');
    expect(api.update).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('1');
  });

  it('adds an Untitled Category with the round add button and shows the list again', async () => {
    api.create.mockResolvedValue({ id: 20 });
    renderAdmin(<CategoriesScreen id={null} />);
    await screen.findByText('Keypads');
    await userEvent.click(screen.getByRole('button', { name: 'Add a category' }));
    expect(api.create).toHaveBeenCalledWith('productCategories', { orgId: 850, title: 'Untitled Category' });
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it('says why a category could not be added', async () => {
    api.create.mockRejectedValue(new Error('Only owners may do this.'));
    renderAdmin(<CategoriesScreen id={null} />);
    await screen.findByText('Keypads');
    await userEvent.click(screen.getByRole('button', { name: 'Add a category' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only owners may do this.');
  });
});

describe('category detail', () => {
  const PRODUCTS = [
    { id: 31, orgId: 850, title: 'Single keypad', rank: 1, archived: 0, productCategoryId: 4 },
    { id: 32, orgId: 850, title: 'Retired keypad', rank: 2, archived: 1, productCategoryId: 4 },
    { id: 33, orgId: 850, title: 'Plate', rank: 3, archived: 0, productCategoryId: 13 },
  ];
  beforeEach(() => routeGets({ productCategories: CATEGORIES, products: PRODUCTS }));

  it("shows the title, the ID and the category's non-archived products as rank, title and ID", async () => {
    renderAdmin(<CategoriesScreen id={4} />);
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Keypads');
    expect(screen.getByText('ID 4')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('products', { orgId: 850, productCategoryId: 4, archived: 0 });
    const rows = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([['1', 'Single keypad', '31']]);
  });

  it('says when the category has no products', async () => {
    routeGets({ productCategories: CATEGORIES, products: [] });
    renderAdmin(<CategoriesScreen id={13} />);
    expect(await screen.findByText('This category has no products.')).toBeTruthy();
  });

  it('says when the category is not in this organisation', async () => {
    renderAdmin(<CategoriesScreen id={999} />);
    expect(await screen.findByText(/This category does not exist in this organisation/)).toBeTruthy();
  });

  it('saves the title and thumbnail URL from the settings popup, and archives', async () => {
    api.update.mockImplementation(async (_k: string, id: number, props: Record<string, unknown>) => ({ ...CATEGORIES[0]!, id, ...props }) as never);
    renderAdmin(<CategoriesScreen id={4} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog');
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Keypads 2');
    await userEvent.type(within(dialog).getByLabelText('Thumbnail URL'), 'https://cdn.test/k.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.update).toHaveBeenCalledWith('productCategories', 4, { title: 'Keypads 2', thumbnailUrl: 'https://cdn.test/k.png' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Keypads 2');

    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ARCHIVE' }));
    expect(api.update).toHaveBeenLastCalledWith('productCategories', 4, { archived: 1 });
    expect(await within(screen.getByRole('dialog')).findByRole('button', { name: 'UNARCHIVE' })).toBeTruthy();
  });

  it('keeps the popup open with the reason when saving fails', async () => {
    api.update.mockRejectedValue(new Error('Title must be at most 255 characters.'));
    renderAdmin(<CategoriesScreen id={4} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Title must be at most 255 characters.');
  });
});
