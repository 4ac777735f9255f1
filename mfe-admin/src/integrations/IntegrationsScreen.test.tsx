// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, fireEvent, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { sessionAtom } from '@cpq/client';
import type { SessionData } from '@cpq/domain';
import IntegrationsScreen from './IntegrationsScreen.tsx';

function renderWith(enabledIntegrations: Array<{ title: string; key: string }>) {
  const store = createStore();
  store.set(sessionAtom, {
    user: { id: 5, email: 'owner@x.test', firstName: 'O', lastName: 'W', isPlatformAdmin: false },
    organisations: [{ id: 1053, title: 'Nordvik', role: 'owner', prevRole: null, appData: { designEngine: { enabledIntegrations } } }],
  } as unknown as SessionData);
  return render(
    <Provider store={store}>
      <IntegrationsScreen />
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('IntegrationsScreen', () => {
  it('says so when no integration is enabled', () => {
    renderWith([]);
    expect(screen.getByText('No integrations are enabled for this organisation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /manage/i })).toBeNull();
  });

  it('has one row per enabled integration; Manage asks for a connect session and opens it', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { connectUrl: 'https://connect.example.test/s/1', expiresAt: 'x' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWith([
      { title: 'Monday', key: 'monday' },
      { title: 'HubSpot', key: 'hubspot' },
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Manage Monday' }));
    await waitFor(() => expect(tab.location.href).toBe('https://connect.example.test/s/1'));
    expect(tab.opener).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/integrations/get-connect-session');
    expect(JSON.parse(String(init.body))).toEqual({ orgId: 1053, integrationKey: 'monday' });
  });

  it('shows the server’s message when no provider is configured, and closes the tab it opened', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const message = 'No integration provider is configured for this portal.';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'integrationsNotConfigured', message } }), { status: 503 })));
    renderWith([{ title: 'Monday', key: 'monday' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Manage Monday' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
