/**
 * Version skew between the parts of the portal. Each @cpq/* library is built as
 * `<version>+<hash of its source>` (see @cpq/mf-config), so a remote built against another engine or
 * client is visible in its mf-manifest.json; the API reports its engine in the session. Skew is only
 * logged: the page keeps working, but prices computed in the browser may differ from the server's.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { ENGINE_VERSION } from '@cpq/domain/basics';

declare const __CPQ_SHARED_VERSIONS__: Record<string, string> | undefined;

/** A shared library a remote was built against, as its mf-manifest.json lists it. */
export interface BuiltShared {
  name: string;
  version: string;
}

export interface VersionSkew {
  remote: string;
  pkg: string;
  built: string;
  loaded: string;
}

/**
 * The @cpq/* versions this page runs, as the shell was built: it loads them before any remote and
 * provides them to the remotes, @cpq/domain (whose engine prices in the browser) included.
 */
export function loadedVersions(): Record<string, string> {
  const shellBuilt = typeof __CPQ_SHARED_VERSIONS__ === 'object' && __CPQ_SHARED_VERSIONS__ ? __CPQ_SHARED_VERSIONS__ : {};
  return { ...shellBuilt, '@cpq/domain': ENGINE_VERSION };
}

/** The libraries this remote was built against in another version than the one loaded. */
export function findVersionSkew(remote: string, builtAgainst: readonly BuiltShared[] | undefined, loaded: Readonly<Record<string, string>>): VersionSkew[] {
  return (builtAgainst ?? [])
    .filter((s) => Object.hasOwn(loaded, s.name) && s.version !== loaded[s.name])
    .map((s) => ({ remote, pkg: s.name, built: s.version, loaded: loaded[s.name]! }));
}

type Warn = (message: string) => void;

/** A federation runtime plugin that warns, once per remote and library, when a remote's manifest shows skew. */
export function versionSkewPlugin(loaded: Readonly<Record<string, string>> = loadedVersions(), warn: Warn = console.warn): ModuleFederationRuntimePlugin {
  const reported = new Set<string>();
  return {
    name: 'cpq-version-skew',
    loadRemoteSnapshot(args) {
      for (const s of findVersionSkew(args.moduleInfo.name, args.manifestJson?.shared, loaded)) {
        const key = `${s.remote} ${s.pkg} ${s.built}`;
        if (reported.has(key)) continue;
        reported.add(key);
        warn(`Version skew: ${s.remote} was built against ${s.pkg} ${s.built}, but this page runs ${s.pkg} ${s.loaded}. Rebuild and redeploy ${s.remote}.`);
      }
      return args;
    },
  };
}

/** Warns (once per version) when the API runs another engine than the browser: prices shown could differ from stored ones. */
export function apiEngineSkewCheck(browserVersion: string = ENGINE_VERSION, warn: Warn = console.warn): (apiVersion: string | undefined) => void {
  const reported = new Set<string>();
  return (apiVersion) => {
    if (!apiVersion || apiVersion === browserVersion || reported.has(apiVersion)) return;
    reported.add(apiVersion);
    warn(`Version skew: the API runs engine ${apiVersion}, but this page runs engine ${browserVersion}. Reload the page; if it persists, redeploy the portal.`);
  };
}
