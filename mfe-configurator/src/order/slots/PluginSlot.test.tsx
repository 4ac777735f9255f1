// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { activeRulesAtom, portalStore, sessionAtom } from '@cpq/client';
import { DEFAULT_RULES, provideUiModuleLoader } from '@cpq/plugin-sdk';
import { defineUiPlugin, type UiSlotContext } from '@cpq/plugin-sdk/ui';
import type { SessionData } from '@cpq/domain';
import { PluginSlot } from './PluginSlot.tsx';

const sessionOf = (orgId: number) =>
  ({ user: { id: 1, email: 'a@b.test', firstName: 'A', lastName: 'B' }, organisations: [{ id: orgId, title: 'Test Org', role: 'owner', prevRole: null, appData: { designEngine: {} } }] }) as unknown as SessionData;
const context = { order: { title: 'Harbour View' } } as unknown as UiSlotContext;
const withSlot = { ...DEFAULT_RULES, ui: { slots: ['orderPage.actions' as const] } };

function renderSlot() {
  return render(
    <Provider store={portalStore}>
      <p>Before</p>
      <PluginSlot name="orderPage.actions" context={context} />
      <p>After</p>
    </Provider>,
  );
}

// A fresh organisation per test: the slot keeps one lazy component per organisation and slot.
let lastOrgId = 4242;
const nextOrganisation = () => portalStore.set(sessionAtom, sessionOf(++lastOrgId));
beforeEach(() => {
  nextOrganisation();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  provideUiModuleLoader(null);
  vi.restoreAllMocks();
});

describe('PluginSlot', () => {
  it('renders nothing and loads nothing when the rules declare nothing for the slot (the default)', async () => {
    const loader = vi.fn();
    provideUiModuleLoader(loader);
    portalStore.set(activeRulesAtom, DEFAULT_RULES);
    const { container } = renderSlot();
    await act(async () => undefined);
    expect(container.textContent).toBe('BeforeAfter');
    expect(loader).not.toHaveBeenCalled();
  });

  it("renders the organisation's component for the slot, with the page's context", async () => {
    provideUiModuleLoader(async (id) =>
      defineUiPlugin({ orgId: id, compatibility: [1], slots: { 'orderPage.actions': async () => ({ default: ({ context: c }) => <button type="button">Quote for {c.order.title}</button> }) } }),
    );
    portalStore.set(activeRulesAtom, withSlot);
    renderSlot();
    expect(await screen.findByRole('button', { name: 'Quote for Harbour View' })).toBeTruthy();
  });

  it('contains a component that throws: a note instead, the rest of the page stays', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    provideUiModuleLoader(async (id) => defineUiPlugin({ orgId: id, compatibility: [1], slots: { 'orderPage.actions': async () => ({ default: Broken }) } }));
    portalStore.set(activeRulesAtom, withSlot);
    const { container } = renderSlot();
    expect(await screen.findByTestId('plugin-slot-failed')).toBeTruthy();
    expect(container.textContent).toContain('Before');
    expect(container.textContent).toContain('After');
  });

  it('contains a module that fails to load, or that is another organisation’s', async () => {
    provideUiModuleLoader(() => Promise.reject(new Error('network down')));
    portalStore.set(activeRulesAtom, withSlot);
    renderSlot();
    expect(await screen.findByTestId('plugin-slot-failed')).toBeTruthy();
    cleanup();
    nextOrganisation();
    provideUiModuleLoader(async () => defineUiPlugin({ orgId: 1, compatibility: [1], slots: {} }));
    renderSlot();
    expect(await screen.findByTestId('plugin-slot-failed')).toBeTruthy();
  });
});
