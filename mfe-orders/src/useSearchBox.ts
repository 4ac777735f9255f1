import { useEffect, useRef, useState } from 'react';
import { withFilters, type OrdersListView } from './query.ts';
import type { GoToView } from './types.ts';

/** The search waits for the user to stop typing for this long. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The search box: its text as typed, written into the view (the URL) once the user stops typing. */
export function useSearchBox(view: OrdersListView, go: GoToView) {
  const [searchText, setSearchText] = useState(view.q);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The timer writes into the view current when it fires, not the one it was started in.
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    // Back/forward or a shortcut changed the search: the box follows (unless the user is typing).
    if (!searchTimer.current) setSearchText(view.q);
  }, [view.q]);
  useEffect(() => () => void (searchTimer.current && clearTimeout(searchTimer.current)), []);
  const onSearch = (text: string) => {
    setSearchText(text);
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      searchTimer.current = null;
      // Typing is not navigation: the current history entry is replaced.
      go(withFilters(viewRef.current, { q: text }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
  };
  return { searchText, onSearch };
}
