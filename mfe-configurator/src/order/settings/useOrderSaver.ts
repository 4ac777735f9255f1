import { useCallback, useEffect, useRef, useState } from 'react';
import { apiPost } from '@cpq/client';
import type { OrderDataProductOrder, ProductOrderWritable } from '@cpq/domain';

export type FieldSave = { status: 'saving' } | { status: 'saved' } | { status: 'error'; message: string };

export interface OrderSaver {
  /** The order as last answered by the server (or as given). */
  order: OrderDataProductOrder;
  /** Save state per field key (a field, or a group such as an address). */
  fields: Readonly<Record<string, FieldSave>>;
  /** Saves order fields through productOrders/update; resolves true when saved. Saves run one after another. */
  save(key: string, props: ProductOrderWritable): Promise<boolean>;
  /** Marks a field with a message found before saving (nothing is sent). */
  reject(key: string, message: string): void;
  clear(key: string): void;
  /** Takes an order answered by another call (owner change, archive). */
  replace(order: OrderDataProductOrder): void;
  summary: 'idle' | 'saving' | 'saved' | 'error';
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Order field saves of the settings popup: each through `POST /api/resources/productOrders/update`,
 * queued so they reach the server in the order they were made, with a saving / saved / could-not-save
 * state per field and the server's message on failure.
 */
export function useOrderSaver(initial: OrderDataProductOrder, onOrderChanged: (order: OrderDataProductOrder) => void): OrderSaver {
  const [order, setOrder] = useState(initial);
  const [fields, setFields] = useState<Record<string, FieldSave>>({});
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const changed = useRef(onOrderChanged);
  changed.current = onOrderChanged;

  // A newer order from the page (another save, a reload) replaces ours.
  useEffect(() => setOrder(initial), [initial]);

  const setField = useCallback((key: string, state: FieldSave | null) => {
    setFields((f) => {
      const next = { ...f };
      if (state) next[key] = state;
      else delete next[key];
      return next;
    });
  }, []);

  const replace = useCallback((o: OrderDataProductOrder) => {
    setOrder(o);
    changed.current(o);
  }, []);

  const save = useCallback(
    (key: string, props: ProductOrderWritable) => {
      setField(key, { status: 'saving' });
      const run = queue.current.then(async () => {
        try {
          const next = await apiPost<OrderDataProductOrder>('/api/resources/productOrders/update', { where: { id: initial.id }, props });
          replace(next);
          setField(key, { status: 'saved' });
          return true;
        } catch (err) {
          setField(key, { status: 'error', message: messageOf(err) });
          return false;
        }
      });
      queue.current = run;
      return run;
    },
    [initial.id, replace, setField],
  );

  const states = Object.values(fields);
  const summary = states.some((s) => s.status === 'saving') ? 'saving' : states.some((s) => s.status === 'error') ? 'error' : states.length ? 'saved' : 'idle';
  return {
    order,
    fields,
    save,
    reject: (key, message) => setField(key, { status: 'error', message }),
    clear: (key) => setField(key, null),
    replace,
    summary,
  };
}
