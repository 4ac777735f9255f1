import { loadRemote } from '@module-federation/enhanced/runtime';
import { providePortalPartLoader, type PortalPartName } from '@cpq/client';

/** Which remote's expose builds each portal part. */
const PARTS: Record<PortalPartName, string> = { spatialCanvas: 'mfe_spatial/canvas', productGraphicEditor: 'mfe_spatial/graphicEditor' };

/** Gives pages the parts other remotes build, through the shell's federation runtime and registry. */
export function installPortalPartLoader(): void {
  providePortalPartLoader(async (name) => {
    const mod = await loadRemote<{ default?: unknown }>(PARTS[name]);
    const component = mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
    if (typeof component !== 'function') throw new Error(`${PARTS[name]} did not provide a component.`);
    return component as never;
  });
}
