import { atom } from 'jotai';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ApiRequestError, activeOrgAtom, activeOrgIdAtom, activeRulesAtom, api, portalStore, sessionAtom } from '@cpq/client';
import type { LoginBody } from '@cpq/domain';
import { resolveRules, type OrgPlugin, type PluginRules } from '@cpq/plugin-sdk';
import { hasPlugin, loadRegistry, pluginName } from './registry.ts';
import { applyTheme } from './theme.ts';

/** Where the shell is in its start-up (admin spec §4: unloaded -> loading -> loaded). */
export type BootState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'ready' }
  | { status: 'failed'; message: string };

export const bootStateAtom = atom<BootState>({ status: 'loading' });

const setBoot = (state: BootState) => portalStore.set(bootStateAtom, state);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

let onFirstReady: (() => void) | null = null;
let registryLoaded = false;
let generation = 0;

/** Start-up: remote registry, then the session, then the active organisation's plugin and theme. */
export async function boot(whenReady: () => void): Promise<void> {
  onFirstReady = whenReady;
  setBoot({ status: 'loading' });
  try {
    if (!registryLoaded) {
      await loadRegistry();
      registryLoaded = true;
    }
  } catch (err) {
    setBoot({ status: 'failed', message: `The list of portal parts could not be read: ${messageOf(err)}` });
    return;
  }
  let session;
  try {
    session = await api.session();
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) {
      portalStore.set(sessionAtom, null);
      setBoot({ status: 'signedOut' });
      return;
    }
    setBoot({ status: 'failed', message: `Your session could not be checked: ${messageOf(err)}` });
    return;
  }
  portalStore.set(sessionAtom, session);
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

async function loadPlugin(name: string): Promise<OrgPlugin> {
  const mod = await loadRemote<{ default?: OrgPlugin } | OrgPlugin>(`${name}/plugin`);
  const plugin = mod && 'default' in mod ? mod.default : (mod as OrgPlugin | null);
  if (!plugin || !(plugin as OrgPlugin).__cpqPlugin) throw new Error(`${name}/plugin is not an organisation plugin.`);
  return plugin as OrgPlugin;
}

async function loadRules(orgId: number | null): Promise<PluginRules | null> {
  let defaults: OrgPlugin;
  try {
    defaults = await loadPlugin(pluginName('default'));
  } catch (err) {
    console.error('The default organisation plugin could not be loaded.', err);
    return null;
  }
  let plugin: OrgPlugin | null = null;
  if (orgId !== null && hasPlugin(orgId)) {
    try {
      plugin = await loadPlugin(pluginName(String(orgId)));
    } catch (err) {
      // Admin spec §4: failures while loading resources are only logged; the defaults apply.
      console.error(`The plugin of organisation ${orgId} could not be loaded; using the defaults.`, err);
    }
  }
  try {
    return resolveRules(defaults, plugin);
  } catch (err) {
    console.error(`The plugin of organisation ${orgId} was rejected; using the defaults.`, err);
    return resolveRules(defaults, null);
  }
}

async function loadOrganisationResources(): Promise<void> {
  const mine = ++generation;
  setBoot({ status: 'loading' });
  const org = portalStore.get(activeOrgAtom);
  const rules = await loadRules(org?.id ?? null);
  if (mine !== generation) return; // a newer switch won
  portalStore.set(activeRulesAtom, rules);
  applyTheme(org, rules);
  setBoot({ status: 'ready' });
  const first = onFirstReady;
  onFirstReady = null;
  first?.();
}
