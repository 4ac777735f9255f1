import { registerRemotes } from '@module-federation/enhanced/runtime';

/** GET /remotes.json: deploy-time URLs of every remote and organisation plugin (frontend contract). */
export interface RemotesConfig {
  remotes: Record<string, string>;
  plugins: Record<string, string>;
}

/** Federation name of a remotes.json key: '-' -> '_' (plugins get the 'org_' prefix). */
export const remoteName = (key: string) => key.replace(/-/g, '_');
export const pluginName = (key: string) => `org_${remoteName(key)}`;

const entries = new Map<string, string>();
let config: RemotesConfig | null = null;

export async function loadRegistry(): Promise<RemotesConfig> {
  // The server marks it no-cache with an ETag (the browser revalidates); the page preloads it.
  const res = await fetch('/remotes.json', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`/remotes.json answered ${res.status}.`);
  const body = (await res.json()) as Partial<RemotesConfig>;
  config = { remotes: body.remotes ?? {}, plugins: body.plugins ?? {} };
  const list: { name: string; entry: string }[] = [];
  for (const [key, url] of Object.entries(config.remotes)) list.push({ name: remoteName(key), entry: absolute(url) });
  for (const [key, url] of Object.entries(config.plugins)) list.push({ name: pluginName(key), entry: absolute(url) });
  for (const r of list) entries.set(r.name, r.entry);
  registerRemotes(list);
  return config;
}

/** Whether remotes.json lists a plugin for this organisation. */
export function hasPlugin(orgId: number | string): boolean {
  return !!config?.plugins[String(orgId)];
}

export function isRegistered(name: string): boolean {
  return entries.has(name);
}

/** Registers a remote again, dropping what the runtime cached for it (used by Retry). */
export function refreshRemote(name: string): void {
  const entry = entries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}
