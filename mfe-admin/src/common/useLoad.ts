import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: string }
  | { status: 'ready'; data: T; error?: undefined };

/**
 * Loads data for a screen and keeps it: `reload()` fetches again (the old data stays on screen
 * meanwhile), `set` replaces it after a write. Answers to an older request are dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const seq = useRef(0);
  const run = useCallback(() => {
    const n = ++seq.current;
    load().then(
      (data) => n === seq.current && setState({ status: 'ready', data }),
      (e: unknown) => n === seq.current && setState({ status: 'error', error: e instanceof Error ? e.message : String(e) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    setState({ status: 'loading' });
    run();
    return () => {
      seq.current++;
    };
  }, [run]);
  const set = useCallback((update: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: update(s.data) } : s)), []);
  return { ...state, reload: run, set } as Load<T> & { reload: () => void; set: (update: (data: T) => T) => void };
}
