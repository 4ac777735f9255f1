import { atom, createStore } from 'jotai';
import type { OrgMembership, SessionData } from '@cpq/domain';
import { isEmployee, isEmployeeRole, isGuestMode } from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';

/**
 * One jotai store for the whole portal. @cpq/client is a federation singleton, so the shell and
 * every micro-frontend read and write the same atoms.
 */
export const portalStore = createStore();

const ACTIVE_ORG_KEY = 'cpq.activeOrgId';
const GUEST_MODE_KEY = 'cpq.guestMode';

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

/** Guest mode is a local switch with no server call: per organisation, the role to restore. */
const guestModePrevRolesAtom = atom<Record<string, string>>(readLocal<Record<string, string>>(GUEST_MODE_KEY, {}));

/** The active organisation with the role in force (guest while in guest mode, prevRole remembered). */
export const activeOrgAtom = atom<OrgMembership | null>((get) => {
  const session = get(sessionAtom);
  const orgId = get(activeOrgIdAtom);
  const org = session?.organisations.find((o) => o.id === orgId);
  if (!org) return null;
  const prevRole = get(guestModePrevRolesAtom)[String(org.id)];
  const canUseGuestMode = isEmployeeRole(org.role) && !org.appData.designEngine.isEmployeeOnly;
  return prevRole && canUseGuestMode ? { ...org, role: 'guest', prevRole } : { ...org, prevRole: null };
});

/** Switch the active organisation between EMPLOYEE MODE and GUEST MODE. No server call. */
export const toggleGuestModeAtom = atom(null, (get, set) => {
  const org = get(activeOrgAtom);
  if (!org) return;
  const next = { ...get(guestModePrevRolesAtom) };
  if (isGuestMode(org)) delete next[String(org.id)];
  else if (isEmployee(org) && !org.appData.designEngine.isEmployeeOnly) next[String(org.id)] = org.role;
  else return;
  set(guestModePrevRolesAtom, next);
  writeLocal(GUEST_MODE_KEY, next);
});

/** The active organisation's plugin rules (resolved over the defaults); null until loaded, and while its plugin fails to load. */
export const activeRulesAtom = atom<PluginRules | null>(null);

/**
 * The order whose page found no order (missing, or not reachable by this user), as its `/orders/{n}`
 * path: the header then shows no order tabs for it. Set and cleared by the order page.
 */
export const missingOrderPathAtom = atom<string | null>(null);
