// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { Suspense } from 'react';
import { sessionAtom } from '@cpq/client';
import type { OrgMembership, PricingRuleVersion, PricingVersionImpact, SessionData } from '@cpq/domain';
import PricingRuleDetail from './PricingRuleDetail.tsx';
import { pricingRules } from './pricingApi.ts';
import { loadSaveImpact } from './saveImpact.ts';
import type { PricingRuleRow } from './rules.ts';
import type { MonacoFieldProps } from './MonacoField.tsx';

// Monaco does not run in jsdom: a textarea stands in, with the same props (text, changes, keys).
vi.mock('./MonacoField.tsx', () => ({
  default: (p: MonacoFieldProps) => (
    <textarea
      aria-label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      onKeyDown={(e) => {
        if (p.onKey({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey }, true)) e.preventDefault();
      }}
    />
  ),
}));
vi.mock('./pricingApi.ts', () => ({
  pricingRules: { list: vi.fn(), one: vi.fn(), create: vi.fn(), update: vi.fn(), saveVersion: vi.fn(), deleteVersion: vi.fn(), addVersion: vi.fn(), publishVersion: vi.fn(), impact: vi.fn() },
}));
// The test bench lists recent orders: one, here.
vi.mock('@cpq/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@cpq/client')>();
  return { ...original, api: { ...original.api, ordersData: vi.fn(async () => ({ productOrders: [{ id: 7, orgSpecificId: 7, title: 'Lobby' }] })) } };
});
vi.mock('./saveImpact.ts', () => ({ loadSaveImpact: vi.fn() }));

const api = vi.mocked(pricingRules);
const impact = vi.mocked(loadSaveImpact);

const v = (created: string, value: number): PricingRuleVersion => ({ created, expressions: [{ type: 'fixed' as const, props: { value }, operator: '+' as const }] });
/** A draft as the server stores it: the marker and who added it, when. */
const d = (created: string, value: number): PricingRuleVersion => ({ ...v(created, value), draft: true, draftedBy: 1, draftedAt: '2026-11-23 10:00:00' });
/** What the server answers for a version's effect on existing orders. */
const figures = (over: Partial<PricingVersionImpact> = {}): PricingVersionImpact => ({
  versionKey: '1',
  orders: 3,
  changedOrders: 2,
  totalChangeInCents: 4200,
  biggestChanges: [
    { orderId: 70, orgSpecificId: 7, title: 'Lobby', beforeInCents: 10000, afterInCents: 13000, changeInCents: 3000 },
    { orderId: 71, orgSpecificId: 8, title: 'Annex', beforeInCents: 5000, afterInCents: 6200, changeInCents: 1200 },
  ],
  failedItems: 0,
  ...over,
});
const rule = (versions: PricingRuleRow['versions']): PricingRuleRow => ({ id: 3, orgId: 850, title: 'Stocked items', deleted: 0, versions });

function show(r: PricingRuleRow) {
  api.one.mockResolvedValue(r);
  const store = createStore();
  const session = {
    user: { id: 1, email: 'owner-850@demo.test', name: 'Owner', firstName: 'O', lastName: 'W' },
    organisations: [{ id: 850, title: 'Lumen & Brass', role: 'owner', prevRole: null, appData: { designEngine: {} } } as unknown as OrgMembership],
    engineVersion: 'test',
  } as SessionData;
  store.set(sessionAtom, session);
  return render(
    <Provider store={store}>
      <Suspense fallback="loading">
        <PricingRuleDetail id={3} />
      </Suspense>
    </Provider>,
  );
}

const editorOf = async (key: string) => {
  const section = await screen.findByTestId(`version-${key}`);
  return { section, text: (await within(section).findByLabelText(`Version ${key} JSON`)) as HTMLTextAreaElement, save: within(section).getByRole('button', { name: 'Save' }) };
};

beforeEach(() => {
  impact.mockResolvedValue(null);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('pricing rule detail', () => {
  it('says when there are no versions, and adds one', async () => {
    show(rule({}));
    expect(await screen.findByText('No versions available for this pricing rule.')).toBeTruthy();
    api.addVersion.mockResolvedValue(rule({ '1': v('2026-11-24 10:00:00', 0) }));
    fireEvent.click(screen.getByRole('button', { name: 'Add version' }));
    await editorOf('1');
    expect(api.addVersion).toHaveBeenCalledWith(3);
    expect(screen.queryByText('No versions available for this pricing rule.')).toBeNull();
  });

  it('lists versions by created date, newest first', async () => {
    show(rule({ '1': v('2026-01-01 00:00:00', 1), '2': v('2027-01-01', 2), '3': v('2025-06-01', 3) }));
    await editorOf('1');
    expect(screen.getAllByTestId(/^version-/).map((e) => e.dataset.testid)).toEqual(['version-2', 'version-1', 'version-3']);
  });

  it('shows the help text about effective pricing dates and future versions', async () => {
    show(rule({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("The version used for a quote is chosen by the order's effective pricing date");
    expect(dialog.textContent).toContain('New prices should go in a version dated in the future');
  });

  it('enables Save only for valid, changed JSON, and shows the save state', async () => {
    show(rule({ '1': v('2026-01-01 00:00:00', 1) }));
    const { section, text, save } = await editorOf('1');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(section.dataset.look).toBe('clean');
    fireEvent.change(text, { target: { value: '{"created":"2026-01-01","expressions":[]}' } });
    expect(within(section).getByTestId('editor-message').textContent).toBe('Unsaved changes');
    expect(section.dataset.look).toBe('unsaved');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(text, { target: { value: '{"created":' } });
    expect(within(section).getByTestId('editor-message').textContent).toMatch(/^Invalid JSON: /);
    expect(section.dataset.look).toBe('invalid');
    expect((save as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves with Ctrl+S and shows the server’s message when the save fails', async () => {
    show(rule({ '1': v('2026-01-01 00:00:00', 1) }));
    const { section, text } = await editorOf('1');
    const draft = { created: '2026-01-01', expressions: [{ type: 'fixed', props: { value: 5 }, operator: '^' }] };
    fireEvent.change(text, { target: { value: JSON.stringify(draft) } });
    api.saveVersion.mockRejectedValue(new Error('props.versions.1.expressions.0.operator must be one of + - * / % and or ==='));
    fireEvent.keyDown(text, { key: 's', ctrlKey: true });
    expect((await within(section).findByRole('alert')).textContent).toBe('Save failed: props.versions.1.expressions.0.operator must be one of + - * / % and or ===');
    expect(api.saveVersion).toHaveBeenCalledWith(3, '1', draft);
    expect(section.dataset.look).toBe('unsaved');
  });

  it('asks before changing a version that prices orders, and saves only when confirmed', async () => {
    show(rule({ '1': v('2026-01-01 00:00:00', 1) }));
    const { section, text, save } = await editorOf('1');
    const draft = v('2026-01-01 00:00:00', 4300);
    fireEvent.change(text, { target: { value: JSON.stringify(draft) } });
    impact.mockResolvedValue(figures());
    fireEvent.click(save);
    const dialog = await screen.findByTestId('save-impact');
    expect(dialog.textContent).toContain('This version prices 3 existing orders now');
    expect(dialog.textContent).toContain('+$42.00');
    expect(dialog.textContent).toContain('version dated in the future');
    // The server's biggest changes, order by order.
    expect(within(dialog).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'OrderItems todayWith this versionChange',
      '#7 Lobby$100.00$130.00+$30.00',
      '#8 Annex$50.00$62.00+$12.00',
    ]);
    expect(impact).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }), '1', draft);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.saveVersion).not.toHaveBeenCalled();
    expect(section.dataset.look).toBe('unsaved');

    api.saveVersion.mockResolvedValue(rule({ '1': draft }));
    fireEvent.click(save);
    fireEvent.click(within(await screen.findByTestId('save-impact')).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(section.dataset.look).toBe('clean'));
    expect(api.saveVersion).toHaveBeenCalledWith(3, '1', draft);
    expect(within(section).getByTestId('editor-message').textContent).toBe('Saved');
  });

  it('deletes a version after the confirmation, and not when declined', async () => {
    show(rule({ '1': v('2026-01-01 00:00:00', 1) }));
    const { section } = await editorOf('1');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this pricing rule version?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(api.deleteVersion).not.toHaveBeenCalled();
    expect(screen.getByTestId('version-1')).toBeTruthy();

    api.deleteVersion.mockResolvedValue(rule({}));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No versions available for this pricing rule.')).toBeTruthy();
    expect(api.deleteVersion).toHaveBeenCalledWith(3, '1');
  });
  it('explains drafts in the help text', async () => {
    show(rule({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('A version you add is a draft: it prices no order, whatever its date, until you publish it.');
    expect(dialog.textContent).toContain('cannot be published');
  });

  it('labels a draft, hides its marker from the editor and saves it without asking (it prices no order)', async () => {
    show(rule({ '1': v('2026-01-01 00:00:00', 1), '2': d('2027-01-01 00:00:00', 2) }));
    const { section, text, save } = await editorOf('2');
    expect(section.dataset.draft).toBe('true');
    expect(within(section).getByRole('heading', { name: 'Version 2 Draft' })).toBeTruthy();
    expect(within(section).getByTestId('publication-status').textContent).toBe('Draft: prices no order until it is published.');
    expect((await editorOf('1')).section.dataset.draft).toBeUndefined();
    expect(JSON.parse(text.value)).toEqual(v('2027-01-01 00:00:00', 2));

    const edited = v('2027-01-01 00:00:00', 5);
    fireEvent.change(text, { target: { value: JSON.stringify(edited) } });
    // Unsaved: Publish waits for the save.
    expect((within(section).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    api.saveVersion.mockResolvedValue(rule({ '1': v('2026-01-01 00:00:00', 1), '2': { ...d('2027-01-01 00:00:00', 5) } }));
    fireEvent.click(save);
    await waitFor(() => expect(section.dataset.look).toBe('clean'));
    expect(api.saveVersion).toHaveBeenCalledWith(3, '2', edited);
    expect(impact).not.toHaveBeenCalled();
    expect(screen.queryByTestId('save-impact')).toBeNull();
    expect((within(section).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('publishes a draft after showing what it would do to existing orders; Cancel publishes nothing', async () => {
    show(rule({ '1': v('2026-01-01 00:00:00', 1), '2': d('2026-06-01 00:00:00', 4300) }));
    const { section } = await editorOf('2');
    let answer!: (impact: PricingVersionImpact) => void;
    api.impact.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    fireEvent.click(within(section).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByTestId('publish-version');
    // Loading: the orders are being priced and Publish waits for them; Cancel has the focus.
    expect(within(dialog).getByRole('status').textContent).toBe('Pricing the orders this version would price…');
    expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.impact).toHaveBeenCalledWith(expect.objectContaining({ id: 3, orgId: 850 }), '2');
    answer(figures({ versionKey: '2' }));
    const shown = await within(dialog).findByTestId('publish-impact');
    expect(shown.textContent).toContain('Published, this version would price 3 existing orders now. Their items\' total changes by +$42.00; 2 of them change.');
    expect(within(shown).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('publish-version')).toBeNull();
    expect(api.publishVersion).not.toHaveBeenCalled();

    api.impact.mockResolvedValue(figures({ versionKey: '2' }));
    const { draft: _draft, ...published } = d('2026-06-01 00:00:00', 4300);
    api.publishVersion.mockResolvedValue(rule({ '1': v('2026-01-01 00:00:00', 1), '2': { ...published, publishedBy: 1, publishedAt: '2026-11-24 09:00:00' } }));
    fireEvent.click(within(section).getByRole('button', { name: 'Publish' }));
    const again = await screen.findByTestId('publish-version');
    await within(again).findByTestId('publish-impact');
    fireEvent.click(within(again).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByTestId('publish-version')).toBeNull());
    expect(api.publishVersion).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }), '2');
    const after = (await editorOf('2')).section;
    expect(after.dataset.draft).toBeUndefined();
    expect(within(after).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(after).getByTestId('publication-status').textContent).toBe('Published 11/24/2026, 9:00 AM UTC.');
  });

  it('shows why the server refuses to publish, and when no order would be priced', async () => {
    show(rule({ '2': d('2027-01-01 00:00:00', 0) }));
    const { section } = await editorOf('2');
    api.impact.mockResolvedValue(figures({ versionKey: '2', orders: 0, changedOrders: 0, totalChangeInCents: 0, biggestChanges: [] }));
    api.publishVersion.mockRejectedValue(new Error('Version 2 would price every item of Dimmer at $0.00 (1 item tried). Check its expressions with the test bench before publishing.'));
    fireEvent.click(within(section).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByTestId('publish-version');
    expect((await within(dialog).findByTestId('publish-impact')).textContent).toBe(
      'No existing order would be priced by this version now: orders move to it when their effective pricing date reaches it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Could not publish: Version 2 would price every item of Dimmer at $0.00 (1 item tried). Check its expressions with the test bench before publishing.');
    expect(section.dataset.draft).toBe('true');
  });

  it('says when the orders cannot be priced, and tries again', async () => {
    show(rule({ '2': d('2027-01-01 00:00:00', 10) }));
    const { section } = await editorOf('2');
    api.impact.mockRejectedValueOnce(new Error('Something went wrong on our side. Please try again.')).mockResolvedValue(figures({ versionKey: '2' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByTestId('publish-version');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('could not be priced: Something went wrong on our side.');
    expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('publish-impact')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('prices the draft on every existing order from the test bench', async () => {
    show(rule({ '2': d('2027-01-01 00:00:00', 10) }));
    const { section, text } = await editorOf('2');
    fireEvent.click(within(section).getByRole('button', { name: 'Test bench' }));
    const bench = await within(section).findByTestId('bench-impact');
    expect(bench.textContent).toContain('What publishing this draft would do');
    api.impact.mockResolvedValue(figures({ versionKey: '2' }));
    fireEvent.click(within(bench).getByRole('button', { name: 'Price existing orders' }));
    const shown = await within(bench).findByTestId('bench-impact-figures');
    expect(shown.textContent).toContain("It would price 3 existing orders: their items' total changes by +$42.00; 2 of them change.");
    expect(within(shown).getAllByRole('row')).toHaveLength(3);
    // The editor's text is what is priced, not the stored version.
    expect(api.impact).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }), '2', v('2027-01-01 00:00:00', 10));
    fireEvent.change(text, { target: { value: JSON.stringify(v('2027-01-01 00:00:00', 11)) } });
    expect(within(bench).getByText('The draft has changed since: price the orders again to see its effect.')).toBeTruthy();
  });
});
