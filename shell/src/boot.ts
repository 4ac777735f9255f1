import { atom } from 'jotai';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ApiRequestError, activeOrgAtom, activeOrgIdAtom, activeRulesAtom, api, portalStore, prefetchHomepageData, sessionAtom } from '@cpq/client';
import type { LoginBody } from '@cpq/domain';
import { DEFAULT_RULES, resolveRules, type OrgPlugin, type PluginRules } from '@cpq/plugin-sdk';
import { hasPlugin, loadRegistry, pluginName } from './registry.ts';
import { applyTheme } from './theme.ts';
import { preloadApplicationFor } from './applications.tsx';
import { matchRoute } from './routes.ts';

/** Where the shell is in its start-up (unloaded -> loading -> loaded). */
export type BootState =
  | { status: 'loading' }
  | { status: 'signedOut' }
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

/**
 * Start-up: the remote registry and the session side by side (the page preloads both), then the
 * active organisation's plugin and theme — while the files of the page's own application are
 * already downloading.
 */
export async function boot(whenReady: () => void): Promise<void> {
  onFirstReady = whenReady;
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
  const answer = await sessionCall;
  if ('error' in answer) {
    const err = answer.error;
    if (err instanceof ApiRequestError && err.status === 401) {
      portalStore.set(sessionAtom, null);
      setBoot({ status: 'signedOut' });
      return;
    }
    setBoot({ status: 'failed', message: `Your session could not be checked: ${messageOf(err)}` });
    return;
  }
  portalStore.set(sessionAtom, answer.session);
  preloadApplicationFor(window.location.pathname);
  const orgId = portalStore.get(activeOrgIdAtom);
  if (orgId !== null && matchRoute(window.location.pathname).kind === 'home') prefetchHomepageData(orgId);
  await loadOrganisationResources();
}

/** Signs in; on success loads the organisation's resources. Throws the server's message on failure. */
export async function signIn(body: LoginBody): Promise<void> {
  const session = await api.login(body);
  portalStore.set(sessionAtom, session);
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
    setBoot({ status: 'pluginFailed', orgTitle: org?.title ?? 'your organisation', message: messageOf(err), retrying: false });
    return;
  }
  if (mine !== generation) return; // a newer switch won
  portalStore.set(activeRulesAtom, rules);
  applyTheme(org, rules);
  setBoot({ status: 'ready' });
  const first = onFirstReady;
  onFirstReady = null;
  first?.();
}
