// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiRequestError } from '@cpq/client';
import { renderAdmin } from '../renderAdmin.test-utils.tsx';
import { App } from '../App.tsx';
import QuotesScreen from './QuotesScreen.tsx';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, quoteAcceptanceSetting: vi.fn() } };
});

const setting = vi.mocked(api.quoteAcceptanceSetting);
const TERMS = ['Prices are valid for 30 days.', 'A 50% deposit starts production.'];
const HELP =
  'When this is on, a customer types their full name and ticks your terms to accept an approved quote before they can pay. Your terms are the ones printed under your quotes:';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('QuotesScreen', () => {
  it("reads the organisation's setting and shows it with the help text and the terms as a list", async () => {
    setting.mockResolvedValue({ acceptanceRequiredBeforePayment: true, acceptanceTerms: TERMS });
    renderAdmin(<QuotesScreen />);
    const box = await screen.findByRole('checkbox', { name: 'Customers accept the quote online before paying' });
    expect(setting).toHaveBeenCalledWith({ orgId: 850 });
    expect(box).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quotes');
    expect(screen.getByText(HELP)).toBeTruthy();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(TERMS);
    // The help and the terms describe the checkbox.
    const described = box.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([HELP, TERMS.join('')]);
  });

  it('shows loading while it reads', () => {
    setting.mockReturnValue(new Promise(() => undefined));
    renderAdmin(<QuotesScreen />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('quotes-screen').textContent).toContain('Quotes');
  });

  it('saves the new value, then confirms "Saved." in a polite live region', async () => {
    setting.mockResolvedValueOnce({ acceptanceRequiredBeforePayment: false, acceptanceTerms: TERMS });
    setting.mockResolvedValueOnce({ acceptanceRequiredBeforePayment: true, acceptanceTerms: TERMS });
    renderAdmin(<QuotesScreen />);
    const box = await screen.findByRole('checkbox', { name: 'Customers accept the quote online before paying' });
    expect(box).toHaveProperty('checked', false);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(setting).toHaveBeenLastCalledWith({ orgId: 850, acceptanceRequiredBeforePayment: true });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', true);
    // A change after saving is not saved yet: the confirmation goes.
    await userEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('turning it off saves false', async () => {
    setting.mockResolvedValueOnce({ acceptanceRequiredBeforePayment: true, acceptanceTerms: TERMS });
    setting.mockResolvedValueOnce({ acceptanceRequiredBeforePayment: false, acceptanceTerms: TERMS });
    renderAdmin(<QuotesScreen />);
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(setting).toHaveBeenLastCalledWith({ orgId: 850, acceptanceRequiredBeforePayment: false });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
  });

  it("a refused save says the server's sentence and keeps the choice; no Saved.", async () => {
    setting.mockResolvedValueOnce({ acceptanceRequiredBeforePayment: false, acceptanceTerms: TERMS });
    setting.mockRejectedValueOnce(new ApiRequestError(403, 'forbidden', 'Only owners of this organisation can do this.'));
    renderAdmin(<QuotesScreen />);
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: Only owners of this organisation can do this.');
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a failed read shows the error with Try again, which reads again', async () => {
    setting.mockRejectedValueOnce(new Error('The server is not answering.'));
    setting.mockResolvedValueOnce({ acceptanceRequiredBeforePayment: false, acceptanceTerms: TERMS });
    renderAdmin(<QuotesScreen />);
    const panel = await screen.findByTestId('quotes-error');
    expect(panel.textContent).toContain('The quote settings could not be loaded.');
    expect(panel.textContent).toContain('The server is not answering.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox')).toHaveProperty('checked', false);
    expect(setting).toHaveBeenCalledTimes(2);
  });

  it('is the Quotes section of the admin menu, at /admin/quotes', async () => {
    setting.mockResolvedValue({ acceptanceRequiredBeforePayment: false, acceptanceTerms: TERMS });
    window.history.replaceState(null, '', '/admin/quotes');
    renderAdmin(<App />);
    const link = within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Quotes' });
    expect(link.getAttribute('href')).toBe('/admin/quotes');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('checkbox', { name: 'Customers accept the quote online before paying' })).toBeTruthy();
  });
});
