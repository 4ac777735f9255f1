// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { resources } from '../common/adminApi.ts';
import { renderAdmin } from '../renderAdmin.test-utils.tsx';
import GroupsScreen from './GroupsScreen.tsx';

vi.mock('single-spa', () => ({ navigateToUrl: vi.fn() }));
vi.mock('../common/adminApi.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../common/adminApi.ts')>();
  return { ...actual, resources: { get: vi.fn(), create: vi.fn(), update: vi.fn(), destroy: vi.fn(), duplicate: vi.fn() } };
});

const api = vi.mocked(resources);
const GROUPS = [
  { id: 1, orgId: 850, title: 'Plate', rank: 1, archived: 0, properties: { '8': { note: 'kept' }, '9': {} } },
  { id: 2, orgId: 850, title: 'Engraving', rank: 2, archived: 0, properties: {} },
];
const PROPERTIES = [
  { id: 8, orgId: 850, title: 'Plate Size', rank: 1, archived: 0, internalTitle: null },
  { id: 9, orgId: 850, title: 'Collection', rank: 2, archived: 0, internalTitle: 'Coll.' },
  { id: 12, orgId: 850, title: 'Plate Finish', rank: 3, archived: 0, internalTitle: null },
  { id: 14, orgId: 850, title: 'Old finish', rank: 4, archived: 1, internalTitle: null },
];

beforeEach(() => {
  api.get.mockImplementation(async (key: string, where: Record<string, unknown>) => {
    const rows = (key === 'productPropertyGroups' ? GROUPS : key === 'productProperties' ? PROPERTIES : []) as Array<Record<string, unknown>>;
    return rows.filter((r) => Object.entries(where).every(([k, v]) => k === 'orgId' || r[k] === v)) as never;
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('property groups list', () => {
  it('shows Rank, ID and Title with an editable rank', async () => {
    api.update.mockResolvedValue({ id: 2 });
    renderAdmin(<GroupsScreen id={null} />);
    await screen.findByText('Plate');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'ID', 'Title']);
    const input = screen.getByLabelText('Rank of Engraving');
    await userEvent.clear(input);
    await userEvent.type(input, '1{Enter}');
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('productPropertyGroups', 2, { rank: 1 }));
  });

  it('creates an Untitled Property Group and then opens its detail page', async () => {
    api.create.mockResolvedValue({ id: 77 });
    renderAdmin(<GroupsScreen id={null} />);
    await screen.findByText('Plate');
    await userEvent.click(screen.getByRole('button', { name: 'Add a property group' }));
    expect(api.create).toHaveBeenCalledWith('productPropertyGroups', { orgId: 850, title: 'Untitled Property Group' });
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/admin/product-property-groups/77'));
  });

  it('stays on the list and says why when the group cannot be created', async () => {
    api.create.mockRejectedValue(new Error('Only owners may do this.'));
    renderAdmin(<GroupsScreen id={null} />);
    await screen.findByText('Plate');
    await userEvent.click(screen.getByRole('button', { name: 'Add a property group' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only owners may do this.');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});

describe('property group detail', () => {
  it("shows the title, the ID and the group's properties", async () => {
    renderAdmin(<GroupsScreen id={1} />);
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Plate');
    expect(screen.getByText('ID 1')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', '8', 'Plate Size'],
      ['2', '9', 'Collection'],
    ]);
  });

  it("says 'This group has no properties' for an empty group", async () => {
    renderAdmin(<GroupsScreen id={2} />);
    expect(await screen.findByText('This group has no properties')).toBeTruthy();
  });

  it('adds and removes properties in the Edit Properties popup, keeping the settings of those kept', async () => {
    api.update.mockImplementation(async (_k: string, id: number, props: Record<string, unknown>) => ({ ...GROUPS[0]!, id, ...props }) as never);
    renderAdmin(<GroupsScreen id={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Properties' }));
    const dialog = screen.getByRole('dialog');
    // Archived properties not in the group are not offered.
    expect(within(dialog).queryByText(/Old finish/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Collection/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Plate Finish/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.update).toHaveBeenCalledWith('productPropertyGroups', 1, { properties: { '8': { note: 'kept' }, '12': {} } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['8', '12']);
  });

  it('asks before deleting; Cancel deletes nothing', async () => {
    renderAdmin(<GroupsScreen id={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(within(screen.getByRole('dialog')).getByText('Are you sure you want to delete this property group?')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.destroy).not.toHaveBeenCalled();
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('deletes the group after confirmation and goes back to the list', async () => {
    api.destroy.mockResolvedValue({ id: 1 });
    renderAdmin(<GroupsScreen id={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(api.destroy).toHaveBeenCalledWith('productPropertyGroups', 1);
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/admin/product-property-groups'));
  });

  it('stays and says why when the delete fails', async () => {
    api.destroy.mockRejectedValue(new Error('Not found.'));
    renderAdmin(<GroupsScreen id={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Not found.');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});
