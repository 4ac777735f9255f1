import { useCallback, useEffect, useRef } from 'react';

/**
 * A function that runs `fn` once calls have stopped for `ms` (the last call's arguments win). A call
 * still waiting when the component goes runs then, so a caption typed just before leaving is kept.
 */
export function useDebounced<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<A | null>(null);
  const run = useCallback(() => {
    timer.current = null;
    const args = pending.current;
    pending.current = null;
    if (args) latest.current(...args);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      run();
    },
    [run],
  );
  return useCallback(
    (...args: A) => {
      pending.current = args;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(run, ms);
    },
    [ms, run],
  );
}
