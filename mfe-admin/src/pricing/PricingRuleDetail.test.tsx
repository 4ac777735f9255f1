// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { Suspense } from 'react';
import { sessionAtom } from '@cpq/client';
import type { OrgMembership, SessionData } from '@cpq/domain';
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
  pricingRules: { list: vi.fn(), one: vi.fn(), create: vi.fn(), update: vi.fn(), saveVersion: vi.fn(), deleteVersion: vi.fn(), addVersion: vi.fn() },
}));
vi.mock('./saveImpact.ts', () => ({ loadSaveImpact: vi.fn() }));

const api = vi.mocked(pricingRules);
const impact = vi.mocked(loadSaveImpact);

const v = (created: string, value: number) => ({ created, expressions: [{ type: 'fixed' as const, props: { value }, operator: '+' as const }] });
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
    impact.mockResolvedValue({ orders: 3, priced: 3, difference: 4200, changedOrders: 2 });
    fireEvent.click(save);
    const dialog = await screen.findByTestId('save-impact');
    expect(dialog.textContent).toContain('This version prices 3 existing orders now');
    expect(dialog.textContent).toContain('+$42.00');
    expect(dialog.textContent).toContain('version dated in the future');
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
    expect(dialog.textContent).toContain('Are you want to delete this pricing rule version?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteVersion).not.toHaveBeenCalled();

    api.deleteVersion.mockResolvedValue(rule({}));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No versions available for this pricing rule.')).toBeTruthy();
    expect(api.deleteVersion).toHaveBeenCalledWith(3, '1');
  });
});
