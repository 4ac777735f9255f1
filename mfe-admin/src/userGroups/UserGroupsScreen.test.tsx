// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, api } from '@cpq/client';
import type { UserGroupView } from '@cpq/domain';
import UserGroupsScreen from './UserGroupsScreen.tsx';
import { searchCandidates, withMember } from './guestSearch.ts';
import { guest, withStore } from '../ownerStore.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, getGuestsData: vi.fn(), getUserGroups: vi.fn(), createUserGroup: vi.fn(), updateUserGroup: vi.fn(), destroyUserGroup: vi.fn() } };
});

const ANN = guest({ userId: 7, email: 'ann@lumen.test', firstName: 'Ann', lastName: 'Lee' });
const BOB = guest({ userId: 8, email: 'bob@lumen.test' });
const CY = guest({ userId: 9, email: 'cy@other.test' });
const GROUP: UserGroupView = { id: 3, orgId: 850, title: 'Trade partners', userIds: [7] };

describe('the group search rules', () => {
  it('matches the email as a substring, in any case', () => {
    expect(searchCandidates([ANN, BOB, CY], 'LUMEN', []).map((g) => g.userId)).toEqual([7, 8]);
    expect(searchCandidates([ANN, BOB, CY], 'b@lu', []).map((g) => g.userId)).toEqual([8]);
    expect(searchCandidates([ANN, BOB, CY], 'Ann Lee', [])).toEqual([]); // the email, not the name
    expect(searchCandidates([ANN, BOB, CY], '   ', [])).toEqual([]);
  });
  it('does not offer a user already in the group', () => {
    expect(searchCandidates([ANN, BOB, CY], 'lumen', [7]).map((g) => g.userId)).toEqual([8]);
  });
  it('removes duplicates', () => {
    expect(searchCandidates([ANN, BOB, { ...ANN }], 'lumen', []).map((g) => g.userId)).toEqual([7, 8]);
    expect(withMember([7, 8, 7], 8)).toEqual([7, 8]);
    expect(withMember([7], 9)).toEqual([7, 9]);
  });
});

const show = () => render(withStore(<UserGroupsScreen />));

beforeEach(() => {
  vi.mocked(api.getGuestsData).mockResolvedValue({ guests: [ANN, BOB, CY] });
  vi.mocked(api.getUserGroups).mockResolvedValue([GROUP]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('user groups screen', () => {
  it('lists each group with its members by name and email', async () => {
    show();
    const card = await screen.findByTestId('user-group');
    expect(within(card).getByRole('heading', { name: 'Trade partners' })).toBeTruthy();
    expect(within(within(card).getByRole('list', { name: 'Members of Trade partners' })).getByText('Ann Lee <ann@lumen.test>')).toBeTruthy();
    expect(api.getUserGroups).toHaveBeenCalledWith(850);
  });

  it('searches after a 100 ms pause, without offering members, and adds the picked guest by keyboard', async () => {
    vi.mocked(api.updateUserGroup).mockResolvedValue({ ...GROUP, userIds: [7, 8] });
    show();
    const box = await screen.findByRole('combobox', { name: 'Add a guest to Trade partners' });
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'lumen' } });
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['bob@lumen.test']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    vi.useRealTimers();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(api.updateUserGroup).toHaveBeenCalledWith(3, { userIds: [7, 8] });
    await waitFor(() => expect(screen.getByText('bob@lumen.test')).toBeTruthy());
  });

  it('leaves out members who are not guests when it saves, and says so', async () => {
    vi.mocked(api.getUserGroups).mockResolvedValue([{ ...GROUP, userIds: [1, 7, 16] }]);
    vi.mocked(api.updateUserGroup).mockResolvedValue({ ...GROUP, userIds: [] });
    show();
    const card = await screen.findByTestId('user-group');
    expect(within(card).getByText('User 1 (not a guest)')).toBeTruthy();
    expect(within(card).getByTestId('group-strangers').textContent).toBe('People who are not guests of this organisation are left out when this group is next saved.');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove Ann Lee <ann@lumen.test> from Trade partners' }));
    expect(api.updateUserGroup).toHaveBeenCalledWith(3, { userIds: [] });
  });

  it('removes a member and shows a failed save on the group', async () => {
    vi.mocked(api.updateUserGroup).mockRejectedValueOnce(new ApiRequestError(404, 'guestNotFound', 'userIds: 7 is not a guest of this organisation.'));
    show();
    const card = await screen.findByTestId('user-group');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove Ann Lee <ann@lumen.test> from Trade partners' }));
    expect(api.updateUserGroup).toHaveBeenCalledWith(3, { userIds: [] });
    expect((await within(card).findByRole('alert')).textContent).toBe('userIds: 7 is not a guest of this organisation.');
  });

  it('deletes a group only after the confirmation; declining does nothing', async () => {
    vi.mocked(api.destroyUserGroup).mockResolvedValue({ id: 3 });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete group Trade partners' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Are you sure you want to remove this user group?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.destroyUserGroup).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete group Trade partners' }));
    await userEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }));
    expect(api.destroyUserGroup).toHaveBeenCalledWith(3);
    expect(await screen.findByTestId('user-groups-empty')).toBeTruthy();
  });

  it('creates a group with the typed title', async () => {
    vi.mocked(api.createUserGroup).mockResolvedValue({ id: 4, orgId: 850, title: 'Architects', userIds: [] });
    show();
    await screen.findByTestId('user-group');
    await userEvent.type(screen.getByLabelText('Title'), 'Architects');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(api.createUserGroup).toHaveBeenCalledWith({ orgId: 850, userIds: [], title: 'Architects' });
    expect(await screen.findByRole('heading', { name: 'Architects' })).toBeTruthy();
  });

  it('shows the error with Retry when the groups cannot be loaded', async () => {
    vi.mocked(api.getUserGroups).mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'Down.'));
    show();
    expect(await screen.findByText('The user groups could not be loaded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('user-group')).toBeTruthy();
  });
});
