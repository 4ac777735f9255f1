import { ApiRequestError, api, portalStore, signInBrandAtom } from '@cpq/client';
import type { OrgMembership, PublicBrand } from '@cpq/domain';
import { applyAccent } from './theme.ts';

/** The organisation last used on this device: its sign-in page is branded the next time. */
const LAST_ORG_KEY = 'cpq.lastOrgId';
/** An address may name the organisation it is for: "/?org=850" (a link an organisation gives its customers). */
const ORG_PARAM = 'org';

const isOrgId = (s: string | null | undefined): s is string => !!s && /^[1-9][0-9]{0,9}$/.test(s);

/** The organisation the address names, or null. */
export function orgOfAddress(search = window.location.search): number | null {
  const value = new URLSearchParams(search).get(ORG_PARAM);
  return isOrgId(value) ? Number(value) : null;
}

function lastOrg(): number | null {
  try {
    const value = globalThis.localStorage?.getItem(LAST_ORG_KEY);
    return isOrgId(value) ? Number(value) : null;
  } catch {
    return null;
  }
}

/** Remembers the organisation in use, for the next sign-in page on this device. */
export function rememberOrg(orgId: number): void {
  try {
    globalThis.localStorage?.setItem(LAST_ORG_KEY, String(orgId));
  } catch {
    /* storage unavailable (private mode): the next sign-in page is not branded */
  }
}

/** The organisation a signed-out visitor came for: the address's, else the last one used here. */
export function signInOrg(): number | null {
  return orgOfAddress() ?? lastOrg();
}

let defaultIcon: string | null | undefined;

/** Points the tab's icon at the organisation's (null: the portal's own icon). */
export function applyFavicon(url: string | null): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (defaultIcon === undefined) defaultIcon = link?.getAttribute('href') ?? null;
  const href = url ?? defaultIcon;
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  // An SVG data address or file: say so, else browsers guess from the address.
  if (href.startsWith('data:image/svg') || href.endsWith('.svg')) link.type = 'image/svg+xml';
  else link.removeAttribute('type');
}

/** The tab icon of a signed-in organisation: its icon, else its logo, else the portal's. */
export function applyOrgIcon(org: OrgMembership | null): void {
  const s = org?.appData.designEngine;
  applyFavicon(s?.faviconUrl || s?.logoUrl || null);
}

function applyPublicBrand(brand: PublicBrand | null): void {
  portalStore.set(signInBrandAtom, brand);
  applyAccent(brand?.accentColor ?? null);
  applyFavicon(brand ? brand.faviconUrl || brand.logoUrl : null);
}

/**
 * Brands the sign-in page for the organisation the visitor came for (name, logo, accent, tab icon).
 * An organisation that does not exist, or a server that does not answer, leaves the page unbranded.
 */
export function loadSignInBrand(): Promise<void> {
  return loadBrandOf(signInOrg());
}

/** Brands the signed-out pages (sign-in, an invitation's) for one organisation; null: the portal's own look. */
export async function loadBrandOf(orgId: number | null): Promise<void> {
  if (orgId === null) return applyPublicBrand(null);
  try {
    applyPublicBrand(await api.publicBrand(orgId));
  } catch (err) {
    applyPublicBrand(null);
    if (!(err instanceof ApiRequestError && err.status === 404)) console.warn('The organisation’s brand could not be read.', err);
  }
}
