import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@cpq/client';
import type { OrderRevisionResponse, OrderRevisionsResponse } from '@cpq/domain';
import { errorMessage } from '../../shared/errors.ts';

export type RevisionsLoad = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: OrderRevisionsResponse };

/**
 * The order's revisions, read again whenever `version` changes (a status call, a save), and one
 * revision at a time on demand. A revision never changes once frozen, so each is read once per page.
 */
export function useRevisions(productOrderId: number, version: string) {
  const [load, setLoad] = useState<RevisionsLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // The list stays on screen while it is read again.
    setLoad((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    api.getOrderRevisions({ productOrderId }).then(
      (data) => live && setLoad({ state: 'ready', data }),
      (err: unknown) => live && setLoad({ state: 'error', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [productOrderId, version, attempt]);

  const kept = useRef(new Map<string, Promise<OrderRevisionResponse>>());
  const revision = useCallback(
    (revisionNumber: number): Promise<OrderRevisionResponse> => {
      const key = `${productOrderId}:${revisionNumber}`;
      let pending = kept.current.get(key);
      if (!pending) {
        pending = api.getOrderRevision({ productOrderId, revisionNumber });
        // A failed read is not kept: trying again asks again.
        pending.catch(() => kept.current.delete(key));
        kept.current.set(key, pending);
      }
      return pending;
    },
    [productOrderId],
  );

  return { load, retry: () => setAttempt((n) => n + 1), revision };
}

export type RevisionReader = (revisionNumber: number) => Promise<OrderRevisionResponse>;

export type Async<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

/** A value worked out from a promise, read again when `key` or a retry changes it. */
export function useAsync<T>(run: () => Promise<T>, key: string): [Async<T>, () => void] {
  const [value, setValue] = useState<Async<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    let live = true;
    setValue({ state: 'loading' });
    runRef.current().then(
      (v) => live && setValue({ state: 'ready', value: v }),
      (err: unknown) => live && setValue({ state: 'error', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  return [value, () => setAttempt((n) => n + 1)];
}
