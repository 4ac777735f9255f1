import { useCallback, useRef, useState } from 'react';
import { errorText, resources } from '../common/index.ts';
import type { ProductRow } from './productRows.ts';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'error'; message: string };

/** Fields to write, or a function of the product as last stored (for changes to parts of a field). */
export type Changes = Partial<ProductRow> | ((stored: ProductRow) => Partial<ProductRow>);
export type Save = (changes: Changes, what: string) => Promise<boolean>;

/**
 * Writes fields of one product, one write at a time, and reports how it went: the stored row the
 * server answers replaces the screen's copy. Writes wait for the one before, and a function is
 * applied to the row that one stored, so quick clicks on parts of one field (options, SKU codes)
 * never undo each other. A failed save keeps the screen's copy and names what failed.
 */
export function useProductSave(product: ProductRow, onSaved: (row: ProductRow) => void) {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const latest = useRef(product);
  const seen = useRef(product);
  if (seen.current !== product) latest.current = seen.current = product; // a reload or an answer
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);

  const save = useCallback<Save>(
    (changes, what) => {
      pending.current++;
      setState({ status: 'saving' });
      const run = async () => {
        try {
          const props = typeof changes === 'function' ? changes(latest.current) : changes;
          const row = await resources.update<ProductRow>('products', latest.current.id, props);
          latest.current = row;
          onSaved(row);
          if (--pending.current === 0) setState({ status: 'saved' });
          return true;
        } catch (e) {
          pending.current--;
          setState({ status: 'error', message: `${what} could not be saved: ${errorText(e)}` });
          return false;
        }
      };
      const done = queue.current.then(run);
      queue.current = done;
      return done;
    },
    [onSaved],
  );
  return { state, save };
}
