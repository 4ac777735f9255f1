// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvolvedUsersResponse, InvolvedUserView, ShareeCandidate } from '@cpq/domain';
import { ShareDialog, type ShareDialogProps } from './ShareDialog.tsx';

// The order: 850's quote #12 (id 31), owned by the guest Priya (3), shared with the guest Tom (7).
const PRIYA: InvolvedUserView = { userId: 3, email: 'priya@client.test', firstName: 'Priya', lastName: 'Raman', role: 'owner', pricingIsHidden: 0, orgRole: 'guest' };
const TOM: InvolvedUserView = { userId: 7, email: 'tom@client.test', firstName: 'Tom', lastName: 'Baker', role: 'sharee', pricingIsHidden: 0, orgRole: 'guest' };
const MARCUS: InvolvedUserView = { userId: 2, email: 'marcus@lumen.test', firstName: 'Marcus', lastName: 'Hale', role: 'sharee', pricingIsHidden: 0, orgRole: 'member' };
const involved = (users: InvolvedUserView[], canTogglePricing = true): InvolvedUsersResponse => ({ productOrderId: 31, ownerId: 3, involvedUsers: users, canTogglePricing });

const CANDIDATES: ShareeCandidate[] = [
  { userId: 1, email: 'eleanor@lumen.test', firstName: 'Eleanor', lastName: 'Whitcombe', orgRole: 'owner' },
  { userId: 2, email: 'marcus@lumen.test', firstName: 'Marcus', lastName: 'Hale', orgRole: 'member' },
  { userId: 3, email: 'priya@client.test', firstName: 'Priya', lastName: 'Raman', orgRole: 'guest' },
  { userId: 7, email: 'tom@client.test', firstName: 'Tom', lastName: 'Baker', orgRole: 'guest' },
  { userId: 9, email: 'martha@client.test', firstName: 'Martha', lastName: 'Left', orgRole: 'left' },
  { userId: 10, email: 'marianne@client.test', firstName: 'Marianne', lastName: 'Ortiz', orgRole: 'guest' },
];

type Answer = { status?: number; data?: unknown; error?: string };
type Call = { path: string; body: any };
let calls: Call[] = [];
const P = '/api/configurator/product-order/';

/** The API as the popup meets it: each path answers from the given function, or 404. */
function mockApi(answers: Record<string, (body: any) => Answer>) {
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}'));
    calls.push({ path, body });
    const answer = answers[path.replace(P, '')]?.(body) ?? { status: 404, error: `No such call: ${path}` };
    const status = answer.status ?? 200;
    const text = JSON.stringify(status < 400 ? { data: answer.data } : { error: { code: 'x', message: answer.error } });
    // Not a real Response: its text() resolves in a microtask, so fake timers do not hold it up.
    return { ok: status < 400, status, text: async () => text } as unknown as Response;
  });
}
const callsTo = (name: string) => calls.filter((c) => c.path === P + name);

function baseApi(users: InvolvedUserView[] = [PRIYA, TOM], canTogglePricing = true): Record<string, (body: any) => Answer> {
  return {
    'get-involved-users': () => ({ data: involved(users, canTogglePricing) }),
    'get-sharee-candidates': () => ({ data: CANDIDATES }),
  };
}

function open(props: Partial<ShareDialogProps> = {}) {
  const onClose = vi.fn();
  const onLeft = vi.fn();
  render(<ShareDialog orgId={850} orgTitle="Lumen & Brass" orderNo={12} wordingOrder="quote" currentUserId={2} employee onClose={onClose} onLeft={onLeft} {...props} />);
  return { onClose, onLeft, dialog: screen.getByRole('dialog', { name: 'Share quote #12' }) };
}
const loaded = () => screen.findByTestId('collaborators');
const row = (userId: number) => screen.getByTestId(`collaborator-${userId}`);

beforeEach(() => mockApi(baseApi()));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the sharing popup: collaborators', () => {
  it('is a labelled modal that loads the people by organisation and order number, and closes with Escape', async () => {
    const { dialog, onClose } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByTestId('share-loading').textContent).toContain('Loading');
    await loaded();
    expect(callsTo('get-involved-users').map((c) => c.body)).toEqual([{ orgId: 850, productOrderOrgSpecificId: 12 }]);
    expect(callsTo('get-sharee-candidates').map((c) => c.body)).toEqual([{ productOrderId: 31 }]);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Tab inside the popup', async () => {
    open();
    await loaded();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Create link' });
    last.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });

  it('still closes with Escape, and takes Tab back in, when focus fell out of it', async () => {
    const { onClose, dialog } = open();
    await loaded();
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('lists each person with name, email, Owner / Sharee, organisation role and whether they see prices', async () => {
    mockApi(baseApi([PRIYA, { ...TOM, pricingIsHidden: 1 }]));
    open();
    await loaded();
    const owner = row(3);
    expect(owner.textContent).toContain('Priya Raman');
    expect(owner.textContent).toContain('priya@client.test');
    expect(within(owner).getByTestId('collaborator-role').textContent).toBe('Owner');
    expect(owner.textContent).toContain('Guest');
    expect(within(owner).getByTestId('collaborator-pricing').textContent).toBe('Sees prices');
    expect(within(row(7)).getByTestId('collaborator-role').textContent).toBe('Sharee');
    expect(within(row(7)).getByTestId('collaborator-pricing').textContent).toBe('Prices hidden');
  });

  it('says when only the viewer has access', async () => {
    mockApi(baseApi([{ ...PRIYA }]));
    open({ currentUserId: 3, employee: false });
    await loaded();
    expect(screen.getByTestId('collaborators-empty').textContent).toBe('Only you have access to this quote so far.');
    cleanup();
    mockApi(baseApi());
    open({ currentUserId: 3, employee: false });
    await loaded();
    expect(screen.queryByTestId('collaborators-empty')).toBeNull();
  });

  it("shows the server's message when the people cannot be loaded, and Retry loads them", async () => {
    let fail = true;
    mockApi({ ...baseApi(), 'get-involved-users': () => (fail ? { status: 403, error: 'You do not reach this order.' } : { data: involved([PRIYA, TOM]) }) });
    open();
    expect((await screen.findByTestId('share-load-error')).textContent).toContain('You do not reach this order.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(screen.queryByTestId('share-load-error')).toBeNull();
  });
});

describe('the sharing popup: who sees the pricing toggle', () => {
  const toggles = () => screen.queryAllByTestId('pricing-toggle');

  it('an employee (the server allows it): on every collaborator but the owner', async () => {
    open({ currentUserId: 2, employee: true });
    await loaded();
    expect(within(row(7)).getByRole('checkbox', { name: 'Hide prices from Tom Baker' })).toBeTruthy();
    expect(within(row(3)).queryByTestId('pricing-toggle')).toBeNull();
    expect(toggles()).toHaveLength(1);
  });

  it("the order's owner, a guest: yes", async () => {
    open({ currentUserId: 3, employee: false });
    await loaded();
    expect(toggles()).toHaveLength(1);
  });

  it('a guest sharee (the server says no): none', async () => {
    mockApi(baseApi([PRIYA, TOM], false));
    open({ currentUserId: 7, employee: false });
    await loaded();
    expect(toggles()).toHaveLength(0);
  });

  it('an employee in guest mode who does not own the order: none, as a guest sees it', async () => {
    mockApi(baseApi([PRIYA, TOM, MARCUS]));
    open({ currentUserId: 2, employee: false });
    await loaded();
    expect(toggles()).toHaveLength(0);
  });

  it('a viewer whose own prices are hidden: none', async () => {
    mockApi(baseApi([{ ...PRIYA, pricingIsHidden: 1 }, TOM]));
    open({ currentUserId: 3, employee: false });
    await loaded();
    expect(toggles()).toHaveLength(0);
  });

  it('toggling sends the choice and shows what the server stored', async () => {
    mockApi({ ...baseApi(), 'update-involved-users-data': (b) => ({ data: { involvedUsers: { '3': { role: 'owner', pricingIsHidden: 0 }, '7': { role: 'sharee', pricingIsHidden: b.pricingIsHidden } } } }) });
    open();
    await loaded();
    await userEvent.click(within(row(7)).getByRole('checkbox'));
    await waitFor(() => expect(within(row(7)).getByTestId('collaborator-pricing').textContent).toBe('Prices hidden'));
    expect(callsTo('update-involved-users-data').map((c) => c.body)).toEqual([{ orgId: 850, productOrderOrgSpecificId: 12, shareeId: 7, pricingIsHidden: 1 }]);
    expect((within(row(7)).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it("a refused toggle shows the server's message and changes nothing", async () => {
    mockApi({ ...baseApi(), 'update-involved-users-data': () => ({ status: 403, error: 'Only employees or the order’s owner may change this.' }) });
    open();
    await loaded();
    await userEvent.click(within(row(7)).getByRole('checkbox'));
    expect((await within(row(7)).findByRole('alert')).textContent).toBe('Only employees or the order’s owner may change this.');
    expect(within(row(7)).getByTestId('collaborator-pricing').textContent).toBe('Sees prices');
    expect((within(row(7)).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});

describe('the sharing popup: removing a collaborator', () => {
  it('is never offered for the owner; a sharee is removed after a confirmation and the list is read again', async () => {
    let users = [PRIYA, TOM];
    mockApi({ ...baseApi(), 'get-involved-users': () => ({ data: involved(users) }), 'remove-sharee': () => ((users = [PRIYA]), { data: { productOrder: {} } }) });
    open({ currentUserId: 3, employee: false });
    await loaded();
    expect(within(row(3)).queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.click(within(row(7)).getByRole('button', { name: 'Remove Tom Baker' }));
    expect(callsTo('remove-sharee')).toHaveLength(0);
    await userEvent.click(within(row(7)).getByTestId('remove-confirm'));
    await waitFor(() => expect(screen.queryByTestId('collaborator-7')).toBeNull());
    expect(callsTo('remove-sharee').map((c) => c.body)).toEqual([{ orgId: 850, productOrderOrgSpecificId: 12, shareeEmail: 'tom@client.test' }]);
    expect(callsTo('get-involved-users')).toHaveLength(2);
  });

  it("a guest sharee may remove another sharee; a refusal shows the server's message and keeps the row", async () => {
    mockApi({ ...baseApi([PRIYA, TOM, MARCUS]), 'remove-sharee': () => ({ status: 409, error: 'The order’s owner cannot be removed.' }) });
    open({ currentUserId: 7, employee: false });
    await loaded();
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Remove Marcus Hale' }));
    await userEvent.click(within(row(2)).getByTestId('remove-confirm'));
    expect((await within(row(2)).findByRole('alert')).textContent).toBe('The order’s owner cannot be removed.');
    expect(row(2)).toBeTruthy();
  });

  it('a guest who came in through the link (no email) is removed by id', async () => {
    const LINK_GUEST: InvolvedUserView = { userId: 41, email: null, firstName: 'Guest', lastName: null, role: 'sharee', pricingIsHidden: 0, orgRole: 'guest' };
    mockApi({ ...baseApi([PRIYA, LINK_GUEST]), 'remove-sharee': () => ({ data: { productOrder: {} } }) });
    open({ currentUserId: 3, employee: false });
    await loaded();
    await userEvent.click(within(row(41)).getByRole('button', { name: 'Remove Guest' }));
    await userEvent.click(within(row(41)).getByTestId('remove-confirm'));
    await waitFor(() => expect(callsTo('remove-sharee').map((c) => c.body)).toEqual([{ orgId: 850, productOrderOrgSpecificId: 12, shareeId: 41 }]));
  });

  it('removing oneself leaves the order', async () => {
    mockApi({ ...baseApi(), 'remove-sharee': () => ({ data: { productOrder: {} } }) });
    const { onLeft } = open({ currentUserId: 7, employee: false });
    await loaded();
    await userEvent.click(within(row(7)).getByRole('button', { name: /Remove Tom Baker/ }));
    expect(within(row(7)).getByText('Leave this quote?')).toBeTruthy();
    await userEvent.click(within(row(7)).getByTestId('remove-confirm'));
    await waitFor(() => expect(onLeft).toHaveBeenCalled());
  });
});

describe('the sharing popup: the sharee search', () => {
  const search = () => screen.getByRole('combobox', { name: 'Add people by name or email' });
  const options = () => within(screen.getByTestId('sharee-suggestions')).queryAllByRole('option');

  it('offers people by name or email, leaving out the owner, the involved, the inactive and the viewer', async () => {
    open({ currentUserId: 2 });
    await loaded();
    await userEvent.type(search(), 'MAR');
    // Marcus is the viewer, Martha left the organisation, Priya owns the order: only Marianne.
    expect(options().map((o) => o.textContent)).toEqual(['Marianne Ortiz (marianne@client.test)']);
    expect(search().getAttribute('aria-expanded')).toBe('true');
    await userEvent.clear(search());
    await userEvent.type(search(), 'client.test');
    expect(options().map((o) => o.textContent)).toEqual(['Marianne Ortiz (marianne@client.test)']);
  });

  it("offers a valid email as '\"{term}\" (valid email)' and looks up who it is once chosen", async () => {
    mockApi({ ...baseApi(), 'get-or-create-sharee': (b) => ({ data: { sharee: { userId: null, email: b.shareeEmail, firstName: null, lastName: null, isNew: true } } }) });
    open();
    await loaded();
    await userEvent.type(search(), 'new.person@example.com');
    expect(options().map((o) => o.textContent)).toEqual(['"new.person@example.com" (valid email)']);
    await userEvent.keyboard('{Enter}');
    const chip = await screen.findByTestId('pending-sharee');
    expect((search() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(chip.getAttribute('data-lookup')).toBe('new'));
    expect(chip.textContent).toContain('new.person@example.com');
    expect(chip.textContent).toContain('new: Share invites them');
    expect(callsTo('get-or-create-sharee').map((c) => c.body)).toEqual([{ productOrderId: 31, shareeEmail: 'new.person@example.com' }]);
  });

  it("offers 'Please enter a valid collaborator or email' when nothing matches, and it cannot be chosen", async () => {
    open();
    await loaded();
    await userEvent.type(search(), 'zzz');
    const [only] = options();
    expect(only!.textContent).toBe('Please enter a valid collaborator or email');
    expect(only!.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(only!);
    expect(screen.queryByTestId('pending-sharee')).toBeNull();
  });

  it('is a keyboard combobox: arrows move the highlighted choice, Enter chooses it, Escape closes the list without closing the popup', async () => {
    const { onClose } = open({ currentUserId: 7, employee: false });
    await loaded();
    await userEvent.type(search(), 'lumen');
    expect(options().map((o) => o.textContent)).toEqual(['Eleanor Whitcombe (eleanor@lumen.test)', 'Marcus Hale (marcus@lumen.test)']);
    expect(search().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    expect(search().getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    await userEvent.keyboard('{Escape}');
    expect(search().getAttribute('aria-expanded')).toBe('false');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('pending-sharee').textContent).toContain('Marcus Hale');
  });

  it('a chosen person leaves the suggestions, and comes back when taken off the pending list', async () => {
    open();
    await loaded();
    await userEvent.type(search(), 'marianne');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(search(), 'marianne');
    expect(options().map((o) => o.textContent)).toEqual(['Please enter a valid collaborator or email']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Marianne Ortiz from the list' }));
    expect(screen.queryByTestId('pending-sharee')).toBeNull();
    expect(document.activeElement).toBe(search());
    await userEvent.clear(search());
    await userEvent.type(search(), 'marianne');
    expect(options().map((o) => o.textContent)).toEqual(['Marianne Ortiz (marianne@client.test)']);
  });

  it("says when an email's person already has access, and drops it from the list", async () => {
    mockApi({ ...baseApi(), 'get-or-create-sharee': () => ({ data: { sharee: { userId: 7, email: 'tom@other.test', firstName: 'Tom', lastName: 'Baker', isNew: false } } }) });
    open();
    await loaded();
    await userEvent.type(search(), 'tom@other.test');
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByTestId('share-info')).textContent).toBe('tom@other.test already has access to this quote.');
    expect(screen.queryByTestId('pending-sharee')).toBeNull();
  });

  it("shows the server's message when an email cannot be looked up", async () => {
    mockApi({ ...baseApi(), 'get-or-create-sharee': () => ({ status: 400, error: 'Enter an email address like name@example.com.' }) });
    open();
    await loaded();
    await userEvent.type(search(), 'odd@example.com');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('pending-sharee').getAttribute('data-lookup')).toBe('failed'));
    expect(screen.getByTestId('pending-sharee').textContent).toContain('Enter an email address like name@example.com.');
  });

  it("shows the server's message when the candidates cannot be loaded, and still takes an email", async () => {
    mockApi({ ...baseApi(), 'get-sharee-candidates': () => ({ status: 500, error: 'Database unavailable.' }) });
    open();
    await loaded();
    expect((await screen.findByTestId('candidates-error')).textContent).toContain('Database unavailable.');
    await userEvent.type(search(), 'a@b.co');
    expect(options().map((o) => o.textContent)).toEqual(['"a@b.co" (valid email)']);
  });
});

describe('the sharing popup: Share', () => {
  const search = () => screen.getByRole('combobox', { name: 'Add people by name or email' });
  const shareButton = () => screen.getByTestId('share-send') as HTMLButtonElement;

  it('sends the pending people with the note, clears the list, reads the people again and reads "Just notified" for 1000 ms', async () => {
    let users = [PRIYA, TOM];
    mockApi({
      ...baseApi(),
      'get-involved-users': () => ({ data: involved(users) }),
      'get-or-create-sharee': (b) => ({ data: { sharee: { userId: null, email: b.shareeEmail, firstName: null, lastName: null, isNew: true } } }),
      share: () => ((users = [PRIYA, TOM, { ...MARCUS, userId: 10, firstName: 'Marianne', lastName: 'Ortiz', email: 'marianne@client.test', orgRole: 'guest' }]), { data: { involvedUsersById: {} } }),
    });
    open({ currentUserId: 3, employee: false });
    await loaded();
    expect(shareButton().disabled).toBe(true);
    await userEvent.type(search(), 'marianne');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(search(), 'ann@example.com');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByLabelText('Note (optional)'), '  Have a look at the lobby  ');
    expect(screen.getAllByTestId('pending-sharee')).toHaveLength(2);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(shareButton());
    expect(shareButton().textContent).toBe('Sharing…');
    await act(async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
    });
    expect(callsTo('share').map((c) => c.body)).toEqual([
      { orgId: 850, productOrderOrgSpecificId: 12, sharees: [{ email: 'marianne@client.test' }, { email: 'ann@example.com' }], shareNote: 'Have a look at the lobby' },
    ]);
    expect(shareButton().textContent).toBe('Just notified');
    expect(screen.queryAllByTestId('pending-sharee')).toHaveLength(0);
    expect((screen.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByTestId('collaborator-10')).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(shareButton().textContent).toBe('Just notified');
    act(() => vi.advanceTimersByTime(1));
    expect(shareButton().textContent).toBe('Share');
  });

  it("keeps the list and shows the server's message when Share fails", async () => {
    mockApi({ ...baseApi(), share: () => ({ status: 502, error: 'The mail could not be sent: try again.' }) });
    open();
    await loaded();
    await userEvent.type(search(), 'marianne');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(shareButton());
    expect((await screen.findByTestId('share-error')).textContent).toBe('The mail could not be sent: try again.');
    expect(screen.getAllByTestId('pending-sharee')).toHaveLength(1);
    expect(shareButton().textContent).toBe('Share');
  });
});

describe('the sharing popup: the shareable link', () => {
  const LINK = 'https://portal.test/orders/12?shareToken=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ&shareableOrderId=12';
  const EXPIRES = '2026-12-27T23:59:59.000Z';

  /** The dialog open with a link just created, in a browser without the Clipboard API. */
  async function linkWithoutClipboard() {
    mockApi({ ...baseApi(), 'generate-shareable-link': () => ({ data: { shareableLink: LINK, pricingIsHidden: 0, expires: EXPIRES } }) });
    open();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByTestId('share-link-field');
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
  }

  it('makes the link for the number of days chosen', async () => {
    mockApi({ ...baseApi(), 'generate-shareable-link': () => ({ data: { shareableLink: LINK, pricingIsHidden: 0, expires: '2026-09-04T23:59:59.000Z' } }) });
    open();
    await loaded();
    await userEvent.selectOptions(screen.getByLabelText('Link works for'), '7 days');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByTestId('share-link-expiry')).textContent).toBe('This link works until 9/4/2026.');
    expect(callsTo('generate-shareable-link').map((c) => c.body)).toEqual([{ productOrderId: 31, validForDays: 7 }]);
  });

  it('creates a link for 30 days, shows it read-only with the day it works until, Copy and "Copied", and warns that a new one stops it', async () => {
    mockApi({ ...baseApi(), 'generate-shareable-link': () => ({ data: { shareableLink: LINK, pricingIsHidden: 0, expires: EXPIRES } }) });
    open();
    await loaded();
    const section = screen.getByTestId('share-link');
    expect(section.textContent).toContain('creating a link stops your earlier link to this quote, and people who came in only through it lose access');
    expect((within(section).getByLabelText('Link works for') as HTMLSelectElement).value).toBe('30');
    await userEvent.click(within(section).getByRole('button', { name: 'Create link' }));
    const field = (await within(section).findByTestId('share-link-field')) as HTMLInputElement;
    expect(field.value).toBe(LINK);
    expect(field.readOnly).toBe(true);
    expect(callsTo('generate-shareable-link').map((c) => c.body)).toEqual([{ productOrderId: 31, validForDays: 30 }]);
    expect(within(section).getByTestId('share-link-expiry').textContent).toBe('This link works until 12/27/2026.');
    await waitFor(() => expect(document.activeElement).toBe(field)); // focus on the new link, ready to copy
    expect(within(section).queryByTestId('share-link-pricing-hidden')).toBeNull();
    expect(section.textContent).toContain('Creating a new link stops the link above, and people who came in only through it lose access.');
    expect(within(section).getByRole('button', { name: 'Create a new link' })).toBeTruthy();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(section).getByRole('button', { name: 'Copy' })); // not userEvent: it puts a clipboard of its own in place
    await waitFor(() => expect(within(section).getByTestId('share-link-copy').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('says when people opening the link will not see prices', async () => {
    mockApi({ ...baseApi(), 'generate-shareable-link': () => ({ data: { shareableLink: LINK, pricingIsHidden: 1, expires: EXPIRES } }) });
    open();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByTestId('share-link-pricing-hidden')).textContent).toBe('People who open this link will not see prices.');
  });

  it('copies through the selection when the Clipboard API is missing, and says so when that fails too', async () => {
    await linkWithoutClipboard();
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    fireEvent.click(screen.getByTestId('share-link-copy'));
    await waitFor(() => expect(screen.getByTestId('share-link-copy').textContent).toBe('Copied'));
    expect(exec).toHaveBeenCalledWith('copy');
    exec.mockReturnValue(false);
    fireEvent.click(screen.getByTestId('share-link-copy'));
    expect((await screen.findByTestId('share-link-copy-error')).textContent).toContain('could not be copied');
    const field = screen.getByTestId('share-link-field') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
  });

  it('names Ctrl+C only where there is a keyboard and a mouse; on a touch screen it says touch and hold', async () => {
    const { fakeMatchMedia } = await import('@cpq/test-utils');
    for (const [fine, says, never] of [
      [true, 'copy it with Ctrl+C (⌘C)', 'touch and hold'],
      [false, 'touch and hold the link above, then choose Copy', 'Ctrl+C'],
    ] as const) {
      const media = fakeMatchMedia((q) => q === '(hover: hover) and (pointer: fine)' && fine);
      try {
        await linkWithoutClipboard();
        Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
        fireEvent.click(screen.getByTestId('share-link-copy'));
        const error = await screen.findByTestId('share-link-copy-error');
        expect(error.textContent).toContain(says);
        expect(error.textContent).not.toContain(never);
      } finally {
        cleanup();
        media.restore();
      }
    }
  });

  it("shows the server's message when no link can be made", async () => {
    mockApi({ ...baseApi(), 'generate-shareable-link': () => ({ status: 403, error: 'You may not share this order.' }) });
    open();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByTestId('share-link-error')).textContent).toBe('You may not share this order.');
    expect(screen.queryByTestId('share-link-field')).toBeNull();
  });
});
