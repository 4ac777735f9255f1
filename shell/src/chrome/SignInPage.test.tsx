// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { api, ApiRequestError, portalStore, sessionAtom, signInBrandAtom } from '@cpq/client';
import { SignInPage } from './SignInPage.tsx';

vi.mock('@cpq/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cpq/client')>();
  return { ...actual, api: { ...actual.api, publicBrand: vi.fn() } };
});

const publicBrand = vi.mocked(api.publicBrand);
const NORDVIK = { id: 1053, title: 'Nordvik Millwork', logoUrl: 'data:image/svg+xml,%3Csvg%2F%3E', faviconUrl: 'data:image/svg+xml,icon-1053', accentColor: '#2f5d50' };

function show(url: string) {
  window.history.replaceState(null, '', url);
  render(
    <Provider store={portalStore}>
      <SignInPage />
    </Provider>,
  );
}

beforeEach(() => {
  document.head.innerHTML = '<link rel="icon" href="/favicon.svg">';
  localStorage.clear();
  portalStore.set(sessionAtom, null);
  portalStore.set(signInBrandAtom, null);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Sign-in is branded for the organisation the visitor came for: the address's ?org=, else the last one used here (decision 0095). */
describe('the sign-in page', () => {
  it("shows the portal's name and title when no organisation is known, and asks the server nothing", async () => {
    show('/');
    expect(screen.getByText('Configurator')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign in · Configurator'));
    expect(publicBrand).not.toHaveBeenCalled();
    expect(document.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/favicon.svg');
  });

  it("shows the address's organisation: logo, title, accent and tab icon", async () => {
    publicBrand.mockResolvedValue(NORDVIK);
    show('/?org=1053');
    expect(await screen.findByRole('img', { name: 'Nordvik Millwork' })).toBeTruthy();
    expect(publicBrand).toHaveBeenCalledWith(1053);
    expect(document.title).toBe('Sign in · Nordvik Millwork');
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#2f5d50');
    expect(document.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('data:image/svg+xml,icon-1053');
  });

  it('else the last organisation used on this device', async () => {
    publicBrand.mockResolvedValue(NORDVIK);
    localStorage.setItem('cpq.lastOrgId', '1053');
    show('/');
    expect(await screen.findByRole('img', { name: 'Nordvik Millwork' })).toBeTruthy();
    expect(publicBrand).toHaveBeenCalledWith(1053);
  });

  it('stays unbranded for an organisation that does not exist', async () => {
    publicBrand.mockRejectedValue(new ApiRequestError(404, 'organisationNotFound', 'We could not find this organisation.'));
    show('/?org=999999');
    await waitFor(() => expect(publicBrand).toHaveBeenCalledWith(999999));
    expect(screen.getByText('Configurator')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.title).toBe('Sign in · Configurator');
  });
});
