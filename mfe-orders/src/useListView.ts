import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useSetAtom } from 'jotai';
import { api, sessionAtom } from '@cpq/client';
import type { OrdersPageSettings } from '@cpq/domain';
import { useLocationKey } from '@cpq/ui';
import { hasListParams, listQuery, parseListQuery, settingsFromView, viewFromSettings, type OrdersListView, type ViewLimits } from './query.ts';

/** Saving the settings waits for the user to stop changing filters for this long. */
export const SETTINGS_SAVE_DELAY_MS = 500;

/**
 * The list's view, read from the URL query (the saved settings when the query names nothing), and
 * `go` to change it: a new history entry, or the current one replaced (search typing).
 */
export function useListView(settings: OrdersPageSettings | undefined, limits: ViewLimits) {
  useLocationKey(); // re-render on back/forward and single-spa route events
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const search = window.location.search;
  const statusKeys = limits.statusKeys.join('\n');
  // Settings are read once per visit: saving them must not re-derive a view the URL already holds.
  const base = useMemo(() => viewFromSettings(settings, limits), [statusKeys, limits.advancedAllowed]);
  const view = useMemo(() => parseListQuery(search, base, limits), [search, base, statusKeys, limits.advancedAllowed]);

  const go = useCallback((next: OrdersListView, how: { replace?: boolean } = {}) => {
    const url = `${window.location.pathname}${listQuery(next)}`;
    if (url === window.location.pathname + window.location.search) return;
    if (how.replace) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(window.history.state, '', url);
    rerender();
  }, []);

  // A bare /orders shows the saved settings: write them into the URL so the view can be shared and reloaded.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    if (!hasListParams(window.location.search)) go(view, { replace: true });
  }, [go, view]);

  return { view, go };
}

/** Saves the user's orders-page settings after filter changes (debounced, fire and forget, error logged). */
export function useSettingsSaver() {
  const setSession = useSetAtom(sessionAtom);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | null>(null);
  // Leaving the page (to an order, say) saves a change still waiting.
  useEffect(() => () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.save();
  }, []);
  return useCallback(
    (view: OrdersListView) => {
      if (pending.current) clearTimeout(pending.current.timer);
      const save = () => {
        pending.current = null;
        api.updatePreferences({ ordersPageSettings: settingsFromView(view) }).then(
          // The session keeps them, so a later visit to /orders in this page starts from them.
          (preferences) => setSession((s) => (s ? { ...s, user: { ...s.user, preferences } } : s)),
          (err: unknown) => console.error('The orders page settings could not be saved.', err),
        );
      };
      pending.current = { timer: setTimeout(save, SETTINGS_SAVE_DELAY_MS), save };
    },
    [setSession],
  );
}
