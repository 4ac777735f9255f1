import { useCallback, useSyncExternalStore } from 'react';

/** A phone-sized window: lists become cards, the order page keeps its total and next step in a bar. */
export const PHONE_QUERY = '(max-width: 700px)';

/** A mouse or trackpad (and so, most likely, a keyboard): keyboard shortcut tips are worth showing. */
export const FINE_POINTER_QUERY = '(hover: hover) and (pointer: fine)';

/**
 * Whether a media query matches now, kept current as the window changes. Where the browser has no
 * matchMedia (a test's DOM, a server), `fallback` stands in: the desktop answer, so a test draws the
 * desktop page unless it sets a matchMedia of its own.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => (typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? fallback : window.matchMedia(query).matches);
  return useSyncExternalStore(subscribe, read, () => fallback);
}

/** A phone-sized window (see PHONE_QUERY); false where it cannot be known. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false);
}

/** A fine pointer that hovers (see FINE_POINTER_QUERY); true where it cannot be known, so tips show on a desktop test page. */
export function useShowsKeyboardTips(): boolean {
  return useMediaQuery(FINE_POINTER_QUERY, true);
}
