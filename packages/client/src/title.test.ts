// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'jotai';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { SessionData } from '@cpq/domain';
import { pageTitle, signInBrandAtom, usePageTitle } from './title.ts';
import { activeOrgIdAtom, portalStore, sessionAtom } from './session.ts';

/** The title rule: the page, what it belongs to, the organisation last, joined by " · "; "Configurator" when no organisation is known. */
describe('pageTitle', () => {
  it('puts the page first and the organisation last', () => {
    expect(pageTitle('My Orders', 'Lumen & Brass')).toBe('My Orders · Lumen & Brass');
    expect(pageTitle(['Quote', 'Order #12'], 'Lumen & Brass')).toBe('Quote · Order #12 · Lumen & Brass');
    expect(pageTitle(['Products', 'Admin'], 'Nordvik Millwork')).toBe('Products · Admin · Nordvik Millwork');
  });

  it('names the product when no organisation is known, and leaves out empty parts', () => {
    expect(pageTitle('Sign in', null)).toBe('Sign in · Configurator');
    expect(pageTitle(['', 'Order #3 '], ' ')).toBe('Order #3 · Configurator');
    expect(pageTitle(null, 'Calico Murals')).toBe('Calico Murals');
  });
});

const session = (orgs: Array<{ id: number; title: string }>): SessionData =>
  ({ user: { id: 1, email: 'a@b.test', firstName: 'A', lastName: 'B' }, organisations: orgs.map((o) => ({ ...o, role: 'owner', appData: { designEngine: {} } })) }) as unknown as SessionData;

const wrapper = ({ children }: { children: ReactNode }) => createElement(Provider, { store: portalStore }, children);

describe('usePageTitle', () => {
  afterEach(() => {
    cleanup();
    portalStore.set(sessionAtom, undefined);
    portalStore.set(signInBrandAtom, null);
  });

  it('titles the tab with the brand a signed-out visitor came for, then the organisation they sign in to', () => {
    renderHook(() => usePageTitle('Sign in'), { wrapper });
    expect(document.title).toBe('Sign in · Configurator');
    act(() => portalStore.set(signInBrandAtom, { id: 1053, title: 'Nordvik Millwork', logoUrl: null, faviconUrl: null, accentColor: null }));
    expect(document.title).toBe('Sign in · Nordvik Millwork');
    act(() => portalStore.set(sessionAtom, session([{ id: 850, title: 'Lumen & Brass' }])));
    expect(document.title).toBe('Sign in · Lumen & Brass');
  });

  it('follows a switch of organisation and a change of page', () => {
    portalStore.set(sessionAtom, session([{ id: 850, title: 'Lumen & Brass' }, { id: 1053, title: 'Nordvik Millwork' }]));
    portalStore.set(activeOrgIdAtom, 850);
    const { rerender } = renderHook(({ page }) => usePageTitle(page), { wrapper, initialProps: { page: ['Drawings', 'Order #7'] as string[] } });
    expect(document.title).toBe('Drawings · Order #7 · Lumen & Brass');
    act(() => portalStore.set(activeOrgIdAtom, 1053));
    expect(document.title).toBe('Drawings · Order #7 · Nordvik Millwork');
    rerender({ page: ['Page not found'] });
    expect(document.title).toBe('Page not found · Nordvik Millwork');
  });
});
