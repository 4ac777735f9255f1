import { atom } from 'jotai';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ApiRequestError, activeOrgAtom, activeOrgIdAtom, activeRulesAtom, api, portalStore, prefetchHomepageData, prefetchOrderWithCatalogue, sessionAtom } from '@cpq/client';
import type { LoginBody, SessionData } from '@cpq/domain';
import { DEFAULT_RULES, resolveRules, type OrgPlugin, type PluginRules } from '@cpq/plugin-sdk';
import { hasPlugin, loadRegistry, pluginName } from './registry.ts';
import { applyTheme } from './theme.ts';
import { applyOrgIcon, orgOfAddress, rememberOrg } from './brand.ts';
import { preloadApplicationFor } from './applications.tsx';
import { matchRoute, orderNumberOf } from './routes.ts';
import { takeInvitationToken } from './invitationEntry.ts';
import { enterShareLink, markShareeArrival, sharedOrderPath, takeShareLink, type ShareLink } from './shareEntry.ts';

/** Where the shell is in its start-up (unloaded -> loading -> loaded). */
export type BootState =
  | { status: 'loading' }
  /** sharedOrder: an employee opened a share link; after sign-in the order opens. */
  | { status: 'signedOut'; sharedOrder?: boolean }
  /** A share link that does not open: the server's message; retryable when the server failed rather than refused. */
  | { status: 'shareLinkInvalid'; message: string; signedIn: boolean; retryable: boolean }
  /** An invited guest's link: the page to choose a password (no session needed). */
  | { status: 'invitation'; token: string }
  | { status: 'ready' }
  /** The active organisation's plugin did not load: the header stays, the portal waits for Retry. */
  | { status: 'pluginFailed'; orgTitle: string; message: string; retrying: boolean }
  | { status: 'failed'; message: string };

export const bootStateAtom = atom<BootState>({ status: 'loading' });

const setBoot = (state: BootState) => portalStore.set(bootStateAtom, state);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

let onFirstReady: (() => void) | null = null;
let registryLoaded = false;
let generation = 0;
/** The share link of the address (read once, at the first boot); kept until it was followed, for Retry. */
let shareLink: ShareLink | null | undefined;
/** The order an employee's share link leads to (and where in it), opened once they have signed in. */
let afterSignIn: SharedOrder | null = null;
/** The invitation link's token of the address (read once, at the first boot); null when none. */
let invitationToken: string | null | undefined;

/** A shared order to open: its organisation, its number, and where in it the link points (see ShareLink.place). */
type SharedOrder = { orgId: number; orderNo: number; place: string };

/** Makes the shared order's organisation active and the page the link points to the address; the tour is due. */
function openSharedOrder(to: SharedOrder): void {
  portalStore.set(activeOrgIdAtom, to.orgId);
  window.history.replaceState(null, '', sharedOrderPath(to.orderNo, to.place));
  markShareeArrival();
}

/**
 * Start-up: the remote registry and the session side by side (the page preloads both), then the
 * active organisation's plugin and theme — while the files of the page's own application are
 * already downloading.
 */
export async function boot(whenReady: () => void): Promise<void> {
  onFirstReady = whenReady;
  // Before anything else: the token leaves the address at once.
  if (shareLink === undefined) shareLink = takeShareLink();
  if (invitationToken === undefined) invitationToken = takeInvitationToken();
  setBoot({ status: 'loading' });
  const sessionCall = api.session().then(
    (session) => ({ session }),
    (error: unknown) => ({ error }),
  );
  try {
    if (!registryLoaded) {
      await loadRegistry();
      registryLoaded = true;
    }
  } catch (err) {
    setBoot({ status: 'failed', message: `The list of portal parts could not be read: ${messageOf(err)}` });
    return;
  }
  // An invitation link asks for a password first, whoever is signed in on this browser.
  if (invitationToken !== null) {
    setBoot({ status: 'invitation', token: invitationToken });
    return;
  }
  const answer = await sessionCall;
  let session: SessionData;
  if ('error' in answer) {
    const err = answer.error;
    if (!(err instanceof ApiRequestError && err.status === 401)) {
      setBoot({ status: 'failed', message: `Your session could not be checked: ${messageOf(err)}` });
      return;
    }
    portalStore.set(sessionAtom, null);
    if (!shareLink) {
      setBoot({ status: 'signedOut' });
      return;
    }
    const link = shareLink;
    const entry = await followShareLink(link, false);
    if (!entry) return;
    if (entry.kind === 'signIn') {
      afterSignIn = { orgId: entry.orgId, orderNo: entry.orderNo, place: link.place };
      setBoot({ status: 'signedOut', sharedOrder: true });
      return;
    }
    // The link signed the opener in as a guest: the session cookie came with the answer.
    const guest = await readSession();
    if (!guest) return;
    session = guest;
    openSharedOrder({ ...entry, place: link.place });
  } else {
    session = answer.session;
    if (shareLink) {
      const link = shareLink;
      const entry = await followShareLink(link, true);
      if (!entry) return;
      // The link may have given the person a guest membership: read the session again.
      const again = await readSession();
      if (!again) return;
      session = again;
      openSharedOrder({ ...entry, place: link.place });
    }
  }
  portalStore.set(sessionAtom, session);
  preloadApplicationFor(window.location.pathname);
  prefetchPageData();
  await loadOrganisationResources();
}

/**
 * The data of the page the address shows, asked for while the organisation's plugin and the page's
 * files load (the page takes the answer instead of asking again): the home page's, and an order's on
 * its edit and documents tabs. Not for an address with a share link's parameters (the page's call
 * carries them, and their checks are the page's).
 */
function prefetchPageData(): void {
  const route = matchRoute(window.location.pathname);
  if (route.kind === 'home') {
    const orgId = portalStore.get(activeOrgIdAtom);
    if (orgId !== null) prefetchHomepageData(orgId);
    return;
  }
  const orgId = portalStore.get(activeOrgAtom)?.id ?? null;
  const orderNo = orderNumberOf(route);
  const query = new URLSearchParams(window.location.search);
  if (route.kind !== 'order' || route.tab === 'drawings' || orgId === null || orderNo === null) return;
  if (query.has('shareToken') || query.has('shareableOrderId')) return;
  prefetchOrderWithCatalogue({ orgId, productOrderOrgSpecificId: orderNo });
}

/**
 * Follows the address's share link; on a link that does not open, shows why and answers null. The
 * link is dropped once followed (a failure of the server keeps it, for Retry).
 */
async function followShareLink(link: ShareLink, signedIn: boolean) {
  const entry = await enterShareLink(link, signedIn);
  if (entry.kind === 'invalid') {
    if (!entry.retryable) shareLink = null;
    setBoot({ status: 'shareLinkInvalid', message: entry.message, signedIn, retryable: entry.retryable });
    return null;
  }
  shareLink = null;
  return entry;
}

async function readSession(): Promise<SessionData | null> {
  try {
    return await api.session();
  } catch (err) {
    setBoot({ status: 'failed', message: `Your session could not be checked: ${messageOf(err)}` });
    return null;
  }
}

/** Signs in; on success loads the organisation's resources (and opens the order a share link led to). Throws the server's message on failure. */
export async function signIn(body: LoginBody): Promise<void> {
  const session = await api.login(body);
  portalStore.set(sessionAtom, session);
  // The address named an organisation (its sign-in link): open that one, when the person belongs to it.
  const named = orgOfAddress();
  if (named !== null && session.organisations.some((o) => o.id === named)) portalStore.set(activeOrgIdAtom, named);
  if (afterSignIn) {
    openSharedOrder(afterSignIn);
    afterSignIn = null;
  }
  await loadOrganisationResources();
}

/**
 * Sets the invited guest's password through their link: the answer signs them in (the session
 * cookie comes with it); the home page of the organisation that invited them opens.
 * Throws the server's message on failure.
 */
export async function acceptInvitation(token: string, password: string, orgId: number): Promise<void> {
  const session = await api.acceptInvitation({ token, password });
  invitationToken = null;
  portalStore.set(sessionAtom, session);
  portalStore.set(activeOrgIdAtom, orgId);
  window.history.replaceState(null, '', '/');
  await loadOrganisationResources();
}

export async function signOut(): Promise<void> {
  try {
    await api.logout();
  } catch (err) {
    console.error('Sign out failed on the server; leaving anyway.', err);
  }
  // A full reload clears every application's state.
  window.location.assign('/');
}

/** Makes another organisation active: its plugin and theme load before the portal shows again. */
export async function switchOrganisation(orgId: number): Promise<void> {
  portalStore.set(activeOrgIdAtom, orgId);
  await loadOrganisationResources();
}

/** Loads an organisation's plugin; after a failure the federation runtime fetches it again. */
async function loadPlugin(orgId: number): Promise<OrgPlugin> {
  const name = pluginName(String(orgId));
  const mod = await loadRemote<{ default?: OrgPlugin } | OrgPlugin>(`${name}/plugin`);
  const plugin = mod && 'default' in mod ? mod.default : (mod as OrgPlugin | null);
  if (!plugin || !(plugin as OrgPlugin).__cpqPlugin) throw new Error(`${name}/plugin is not an organisation plugin.`);
  if (plugin.orgId !== orgId) throw new Error(`${name}/plugin is the plugin of organisation ${String(plugin.orgId)}.`);
  return plugin as OrgPlugin;
}

/**
 * The rules in force: the defaults (shipped in the SDK) when remotes.json lists no plugin for the
 * organisation, else its plugin over them. Never silently the defaults for an organisation that has
 * a plugin: the server prices with that plugin, so the browser must too. Throws when it cannot.
 */
async function loadRules(orgId: number | null): Promise<PluginRules> {
  if (orgId === null || !hasPlugin(orgId)) return DEFAULT_RULES;
  return resolveRules(await loadPlugin(orgId));
}

/** Loads the active organisation's plugin again after it failed (the Retry button). */
export function retryOrganisationResources(): Promise<void> {
  return loadOrganisationResources({ retry: true });
}

async function loadOrganisationResources({ retry = false } = {}): Promise<void> {
  const mine = ++generation;
  const current = portalStore.get(bootStateAtom);
  // A retry keeps the error panel (showing "Retrying…") instead of the full loading screen.
  setBoot(retry && current.status === 'pluginFailed' ? { ...current, retrying: true } : { status: 'loading' });
  const org = portalStore.get(activeOrgAtom);
  let rules: PluginRules;
  try {
    rules = await loadRules(org?.id ?? null);
  } catch (err) {
    if (mine !== generation) return; // a newer switch won
    console.error(`The plugin of organisation ${org?.id ?? '?'} could not be loaded.`, err);
    // No rules rather than another organisation's or the defaults: nothing may price with them.
    portalStore.set(activeRulesAtom, null);
    applyTheme(org, null);
    applyOrgIcon(org);
    setBoot({ status: 'pluginFailed', orgTitle: org?.title ?? 'your organisation', message: messageOf(err), retrying: false });
    return;
  }
  if (mine !== generation) return; // a newer switch won
  portalStore.set(activeRulesAtom, rules);
  applyTheme(org, rules);
  applyOrgIcon(org);
  if (org) rememberOrg(org.id);
  setBoot({ status: 'ready' });
  const first = onFirstReady;
  onFirstReady = null;
  first?.();
}
