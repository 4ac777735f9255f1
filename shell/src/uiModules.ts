import { loadRemote } from '@module-federation/enhanced/runtime';
import { provideUiModuleLoader } from '@cpq/plugin-sdk';
import { hasPlugin, pluginName } from './registry.ts';

/**
 * Gives pages an organisation's browser-only `./ui` expose through the shell's federation runtime
 * and registry (pages live in other builds; the SDK singleton carries the loader to them). Pages ask
 * only for slots the organisation's rules declare, so a plugin without `./ui` is never asked.
 */
export function installUiModuleLoader(): void {
  provideUiModuleLoader(async (orgId) => {
    if (!hasPlugin(orgId)) throw new Error(`remotes.json lists no plugin for organisation ${orgId}.`);
    const mod = await loadRemote<{ default?: unknown }>(`${pluginName(String(orgId))}/ui`);
    return mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
  });
}
