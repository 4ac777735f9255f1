import { useEffect } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { PublicBrand } from '@cpq/domain';
import { activeOrgAtom } from './session.ts';

/** The portal's own name: whose portal it is when no organisation is known. */
export const PRODUCT_NAME = 'Configurator';
export const TITLE_SEPARATOR = ' · ';

/**
 * The organisation a signed-out visitor came for (its address, or the last one used on this
 * device): its public brand, set by the shell; null when unknown.
 */
export const signInBrandAtom = atom<PublicBrand | null>(null);

/** Whose portal this is: the active organisation, else the one a signed-out visitor came for, else the product. */
export const brandTitleAtom = atom((get) => get(activeOrgAtom)?.title ?? get(signInBrandAtom)?.title ?? PRODUCT_NAME);

/**
 * The page title rule (docs/decisions/0095-brand-titles-and-quote-terms.md): the page's own name,
 * then what it belongs to, most specific first, and the organisation last, joined by " · ":
 * "Quote · Order #12 · Lumen & Brass". Empty parts are left out.
 */
export function pageTitle(page: string | readonly string[] | null, organisation: string | null): string {
  const parts = (typeof page === 'string' ? [page] : (page ?? [])).map((p) => p.trim()).filter(Boolean);
  return [...parts, organisation?.trim() || PRODUCT_NAME].join(TITLE_SEPARATOR);
}

/**
 * Titles the browser tab for the page on screen (the store's organisation: a switch re-titles it).
 * The one place every application sets document.title.
 */
export function usePageTitle(page: string | readonly string[] | null): void {
  const organisation = useAtomValue(brandTitleAtom);
  const title = pageTitle(page, organisation);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
