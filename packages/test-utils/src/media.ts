/**
 * A window.matchMedia for a test's DOM (jsdom has none): each query matches as `matches` says, and
 * `set` changes the answer and tells the listeners, as a browser does when the window is resized.
 * Returns `restore`, which takes it away again.
 */
export function fakeMatchMedia(initial: (query: string) => boolean): { set(next: (query: string) => boolean): void; restore(): void } {
  let matches = initial;
  const lists = new Set<{ query: string; listeners: Set<() => void> }>();
  const had = Object.prototype.hasOwnProperty.call(window, 'matchMedia');
  const before = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const entry = { query, listeners: new Set<() => void>() };
    lists.add(entry);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_: string, fn: () => void) => entry.listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => entry.listeners.delete(fn),
      addListener: (fn: () => void) => entry.listeners.add(fn),
      removeListener: (fn: () => void) => entry.listeners.delete(fn),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    set(next) {
      matches = next;
      for (const l of lists) for (const fn of l.listeners) fn();
    },
    restore() {
      if (had) window.matchMedia = before;
      else delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}
