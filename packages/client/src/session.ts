import { atom, createStore } from 'jotai';
import type { DateSettings, OrgMembership, SessionData } from '@cpq/domain';
import { isEmployee, isGuestMode, orgDateSettings } from '@cpq/domain/basics';
import type { PluginRules } from '@cpq/plugin-sdk';
import { api } from './api.ts';

/**
 * One jotai store for the whole portal. @cpq/client is a federation singleton, so the shell and
 * every micro-frontend read and write the same atoms.
 */
export const portalStore = createStore();

const ACTIVE_ORG_KEY = 'cpq.activeOrgId';
/** Where guest mode used to be kept; the server holds it now (removed once read). */
const OLD_GUEST_MODE_KEY = 'cpq.guestMode';

function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function writeLocal(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable (private mode): the choice lasts for this page only */
  }
}

/** The signed-in user and their organisations; null when signed out, undefined while unknown. */
export const sessionAtom = atom<SessionData | null | undefined>(undefined);

const storedActiveOrgIdAtom = atom<number | null>(readLocal<number | null>(ACTIVE_ORG_KEY, null));

/** The active organisation's id: the stored choice if the user still belongs to it, else the first. */
export const activeOrgIdAtom = atom(
  (get) => {
    const orgs = get(sessionAtom)?.organisations ?? [];
    const stored = get(storedActiveOrgIdAtom);
    return orgs.find((o) => o.id === stored)?.id ?? orgs[0]?.id ?? null;
  },
  (_get, set, orgId: number) => {
    set(storedActiveOrgIdAtom, orgId);
    writeLocal(ACTIVE_ORG_KEY, orgId);
  },
);

try {
  globalThis.localStorage?.removeItem(OLD_GUEST_MODE_KEY);
} catch {
  /* storage unavailable: nothing was kept there either */
}

/**
 * The active organisation with the role in force, as the session says: in guest mode role 'guest'
 * and the stored role as prevRole (docs/decisions/0047-guest-mode-on-the-session.md).
 */
export const activeOrgAtom = atom<OrgMembership | null>((get) => {
  const session = get(sessionAtom);
  const orgId = get(activeOrgIdAtom);
  return session?.organisations.find((o) => o.id === orgId) ?? null;
});

/**
 * The active organisation's date settings (locale, time zone) for `formatDate` in @cpq/domain
 * (decision 0089). Read when a date is drawn: an organisation switch reloads the screens.
 */
export function activeDateSettings(): DateSettings {
  return orgDateSettings(portalStore.get(activeOrgAtom)?.appData.designEngine);
}

/**
 * Switches the active organisation between EMPLOYEE MODE and GUEST MODE. The server holds the mode
 * and enforces it: the call answers the session with the role in force, which replaces the one held
 * here. Throws the server's refusal (the session is then left as it was).
 */
export const toggleGuestModeAtom = atom(null, async (get, set) => {
  const org = get(activeOrgAtom);
  if (!org) return;
  const guestMode = !isGuestMode(org);
  if (guestMode && !(isEmployee(org) && !org.appData.designEngine.isEmployeeOnly)) return;
  set(sessionAtom, await api.setGuestMode({ orgId: org.id, guestMode }));
});

/** The active organisation's plugin rules (resolved over the defaults); null until loaded, and while its plugin fails to load. */
export const activeRulesAtom = atom<PluginRules | null>(null);

/**
 * The order whose page found no order (missing, or not reachable by this user), as its `/orders/{n}`
 * path: the header then shows no order tabs for it. Set and cleared by the order page.
 */
export const missingOrderPathAtom = atom<string | null>(null);
