import { useSyncExternalStore } from 'react';

/**
 * The portal's location as React state. single-spa fires `single-spa:routing-event` after every route
 * change (navigateToUrl, redirects), plain history navigation fires `popstate`; listening to both keeps
 * every micro-frontend in step with the URL without a router of its own.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const getPath = () => window.location.pathname;
const getKey = () => window.location.pathname + window.location.search;

/** location.pathname, kept current. */
export function useLocationPath(): string {
  return useSyncExternalStore(subscribe, getPath, getPath);
}

/** location.pathname + search, kept current (re-reads a page whose query changed). */
export function useLocationKey(): string {
  return useSyncExternalStore(subscribe, getKey, getKey);
}
