/**
 * Where pages get an organisation's browser-only `./ui` module from. The shell, which owns the
 * federation runtime and the remote registry, provides the loader at start-up; pages (in other
 * builds) call `loadUiModule`. It lives in the SDK's main entry because that entry is a federation
 * singleton: the shell and every micro-frontend hold the same loader. No React, no DOM here.
 */
export type UiModuleLoader = (orgId: number) => Promise<unknown>;

let provided: UiModuleLoader | null = null;
const loaded = new Map<number, Promise<unknown>>();

/** Installs (or, with null, removes) the loader; forgets what was loaded before. */
export function provideUiModuleLoader(loader: UiModuleLoader | null): void {
  provided = loader;
  loaded.clear();
}

/**
 * The organisation's `./ui` module as its expose answers it (checked by the caller), loaded once.
 * Rejects when no host provides a loader or loading fails; a failed load is tried again next time.
 */
export function loadUiModule(orgId: number): Promise<unknown> {
  const kept = loaded.get(orgId);
  if (kept) return kept;
  if (!provided) return Promise.reject(new Error('No loader of organisation UI modules is installed (the shell installs it at start-up).'));
  const answer = provided(orgId);
  loaded.set(orgId, answer);
  answer.catch(() => loaded.delete(orgId));
  return answer;
}
