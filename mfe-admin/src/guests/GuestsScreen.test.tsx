// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, api } from '@cpq/client';
import GuestsScreen from './GuestsScreen.tsx';
import { guest, withStore } from '../ownerStore.test-utils.tsx';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, getGuestsData: vi.fn(), inviteGuest: vi.fn(), disinviteGuest: vi.fn(), updateGuestData: vi.fn() } };
});

const getGuestsData = vi.mocked(api.getGuestsData);
const updateGuestData = vi.mocked(api.updateGuestData);
const ANN = guest({ userId: 7, email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', appData: { designEngine: { discount: { type: 'percent', value: 5 }, disableSalesTax: false } } });
const OLD = guest({ userId: 8, email: 'old@example.test', appData: { designEngine: { discount: { type: 'percentage', value: 12.5 }, disableSalesTax: true } } });

const show = () => render(withStore(<GuestsScreen />));
const rowOf = async (email: string) => (await screen.findAllByTestId('guest-row')).find((r) => r.textContent?.includes(email))!;

beforeEach(() => {
  getGuestsData.mockResolvedValue({ guests: [ANN, OLD] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('guests screen', () => {
  it('shows the columns Email, First Name, Last Name, Discount (%), Sales Tax, Date Added, and actions', async () => {
    show();
    const table = await screen.findByTestId('guests-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email', 'First Name', 'Last Name', 'Discount (%)', 'Sales Tax', 'Date Added', 'Actions']);
    const cells = within(await rowOf('ann@example.test')).getAllByRole('cell');
    expect(cells.slice(0, 3).map((c) => c.textContent)).toEqual(['ann@example.test', 'Ann', 'Lee']);
    // The organisation names no locale: M/D/YYYY (decision 0089).
    expect(cells[5]!.textContent).toBe('3/4/2026');
    expect(getGuestsData).toHaveBeenCalledWith({ orgId: 850 });
  });

  it("shows an older record's 'percentage' discount like a percent one, and Sales Tax Disabled when it is disabled", async () => {
    show();
    const old = await rowOf('old@example.test');
    expect(within(old).getByLabelText('Discount (%) of old@example.test')).toHaveProperty('value', '12.5');
    expect(within(old).getByLabelText('Sales Tax of old@example.test')).toHaveProperty('value', 'Disabled');
    expect(within(await rowOf('ann@example.test')).getByLabelText('Sales Tax of ann@example.test')).toHaveProperty('value', 'Enabled');
  });

  it('saves a discount as a percent through updateProps, and an emptied one as null', async () => {
    updateGuestData.mockResolvedValue({ guest: ANN });
    show();
    const input = within(await rowOf('ann@example.test')).getByLabelText('Discount (%) of ann@example.test');
    await userEvent.clear(input);
    await userEvent.type(input, '10{Enter}');
    await waitFor(() => expect(updateGuestData).toHaveBeenCalledTimes(1));
    expect(updateGuestData).toHaveBeenLastCalledWith({ orgId: 850, userId: 7, updateProps: { appData: { designEngine: { discount: { type: 'percent', value: 10 } } } } });
    await waitFor(() => expect(input).toHaveProperty('disabled', false));
    await userEvent.clear(input);
    await userEvent.tab();
    await waitFor(() => expect(updateGuestData).toHaveBeenCalledTimes(2));
    expect(updateGuestData).toHaveBeenLastCalledWith({ orgId: 850, userId: 7, updateProps: { appData: { designEngine: { discount: null } } } });
  });

  it('refuses a discount above 100 on the row without a call', async () => {
    show();
    const row = await rowOf('ann@example.test');
    const input = within(row).getByLabelText('Discount (%) of ann@example.test');
    await userEvent.clear(input);
    await userEvent.type(input, '101{Enter}');
    expect(within(row).getByRole('alert').textContent).toBe('Enter a discount from 0 to 100, or leave it empty for none.');
    expect(updateGuestData).not.toHaveBeenCalled();
  });

  it('maps Sales Tax Disabled to disableSalesTax true and Enabled to false', async () => {
    updateGuestData.mockResolvedValueOnce({ guest: { ...ANN, appData: { designEngine: { ...ANN.appData.designEngine, disableSalesTax: true } } } });
    updateGuestData.mockResolvedValueOnce({ guest: OLD });
    show();
    await userEvent.selectOptions(within(await rowOf('ann@example.test')).getByLabelText('Sales Tax of ann@example.test'), 'Disabled');
    expect(updateGuestData).toHaveBeenLastCalledWith({ orgId: 850, userId: 7, updateProps: { appData: { designEngine: { disableSalesTax: true } } } });
    await waitFor(() => expect(screen.getByLabelText('Sales Tax of ann@example.test')).toHaveProperty('value', 'Disabled'));
    await userEvent.selectOptions(within(await rowOf('old@example.test')).getByLabelText('Sales Tax of old@example.test'), 'Enabled');
    expect(updateGuestData).toHaveBeenLastCalledWith({ orgId: 850, userId: 8, updateProps: { appData: { designEngine: { disableSalesTax: false } } } });
  });

  it('toggles pricing hidden as 0/1, and shows a failed save on its row', async () => {
    updateGuestData.mockRejectedValueOnce(new ApiRequestError(404, 'guestNotFound', 'Guest not found.'));
    show();
    const row = await rowOf('ann@example.test');
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Pricing hidden' }));
    expect(updateGuestData).toHaveBeenLastCalledWith({ orgId: 850, userId: 7, pricingIsHidden: 1 });
    expect((await within(row).findByRole('alert')).textContent).toBe('Guest not found.');
  });

  it('disinvites only after the confirmation; declining does nothing', async () => {
    vi.mocked(api.disinviteGuest).mockResolvedValue({ userId: 7, removedFromUserGroupIds: [] });
    show();
    await userEvent.click(within(await rowOf('ann@example.test')).getByRole('button', { name: 'Disinvite ann@example.test' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Are you sure you want to disinvite this guest?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.disinviteGuest).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('guest-row')).toHaveLength(2);

    await userEvent.click(within(await rowOf('ann@example.test')).getByRole('button', { name: 'Disinvite ann@example.test' }));
    await userEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Disinvite' }));
    expect(api.disinviteGuest).toHaveBeenCalledWith({ orgId: 850, userId: 7 });
    await waitFor(() => expect(screen.getAllByTestId('guest-row')).toHaveLength(1));
    expect(screen.queryByText('ann@example.test')).toBeNull();
  });

  it('invites without checking the address itself: the server’s message is shown; an invited guest joins the table', async () => {
    vi.mocked(api.inviteGuest)
      .mockRejectedValueOnce(new ApiRequestError(400, 'badRequest', 'Enter an email address like name@example.com.'))
      .mockResolvedValueOnce({ guest: guest({ userId: 9, email: 'new@example.test' }) });
    show();
    await screen.findByTestId('guests-table');
    const form = screen.getByTestId('invite-form');
    await userEvent.type(within(form).getByLabelText('Email'), 'not an email');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite guest' }));
    expect(api.inviteGuest).toHaveBeenLastCalledWith({ email: 'not an email', activeOrgId: 850, pricingIsHidden: 0 });
    expect((await within(form).findByRole('alert')).textContent).toBe('Enter an email address like name@example.com.');

    await userEvent.clear(within(form).getByLabelText('Email'));
    await userEvent.type(within(form).getByLabelText('Email'), 'new@example.test');
    await userEvent.click(within(form).getByLabelText('Hide pricing from this guest'));
    await userEvent.click(within(form).getByRole('button', { name: 'Invite guest' }));
    expect(api.inviteGuest).toHaveBeenLastCalledWith({ email: 'new@example.test', activeOrgId: 850, pricingIsHidden: 1 });
    await waitFor(() => expect(screen.getAllByTestId('guest-row')).toHaveLength(3));
    expect(screen.getAllByTestId('guest-row')[0]!.textContent).toContain('new@example.test');
  });

  it('shows Sending… while the invitation goes', async () => {
    vi.mocked(api.inviteGuest).mockReturnValue(new Promise(() => undefined));
    show();
    await screen.findByTestId('guests-table');
    await userEvent.type(screen.getByLabelText('Email'), 'x@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Invite guest' }));
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
  });

  it('has loading, empty and error states', async () => {
    getGuestsData.mockReturnValueOnce(new Promise(() => undefined));
    const { unmount } = show();
    expect(screen.queryByTestId('guests-table')).toBeNull();
    expect(screen.queryByTestId('guests-empty')).toBeNull();
    unmount();
    getGuestsData.mockResolvedValueOnce({ guests: [] });
    const second = show();
    expect((await screen.findByTestId('guests-empty')).textContent).toContain('No guests yet');
    second.unmount();
    getGuestsData.mockRejectedValueOnce(new ApiRequestError(500, 'internal', 'The database is not answering.'));
    show();
    expect(await screen.findByText('The guests could not be loaded.')).toBeTruthy();
    expect(screen.getByText('The database is not answering.')).toBeTruthy();
  });
});
