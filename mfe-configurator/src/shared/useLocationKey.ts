import { useSyncExternalStore } from 'react';

/** Re-render on every single-spa route change (and plain history navigation). */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const getLocation = () => window.location.pathname + window.location.search;

/** location.pathname + search, kept current. */
export function useLocationKey(): string {
  return useSyncExternalStore(subscribe, getLocation, getLocation);
}
