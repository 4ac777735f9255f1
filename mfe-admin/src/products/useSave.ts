import { useCallback, useRef, useState } from 'react';
import { errorText, resources } from '../common/index.ts';
import type { ProductRow } from './productRows.ts';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'error'; message: string };

/**
 * Writes fields of one product and reports how it went: the stored row the server answers replaces
 * the screen's copy. A failed save keeps the screen's copy and names what failed.
 */
export function useProductSave(id: number, onSaved: (row: ProductRow) => void) {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const pending = useRef(0);
  const save = useCallback(
    async (props: Partial<ProductRow>, what: string): Promise<boolean> => {
      pending.current++;
      setState({ status: 'saving' });
      try {
        const row = await resources.update<ProductRow>('products', id, props);
        onSaved(row);
        if (--pending.current === 0) setState({ status: 'saved' });
        return true;
      } catch (e) {
        pending.current--;
        setState({ status: 'error', message: `${what} could not be saved: ${errorText(e)}` });
        return false;
      }
    },
    [id, onSaved],
  );
  return { state, save };
}
