import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { errorText, type Row } from './adminApi.ts';

/** What a list does once its new row exists: open the new row's page, or show the row (reload, open a popup). */
export type AfterAdd<T extends Row> = { open(row: T): string } | { added(row: T): void };

/**
 * Adding a row to a list: busy while the row is created, then open or show it. Opening a page keeps
 * the button busy because the page is about to change; a failure's message is kept for the page to
 * show and frees the button.
 */
export function useAddRow<T extends Row>(create: () => Promise<T>, after: AfterAdd<T>) {
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setAdding(true);
    setError(null);
    try {
      const row = await create();
      if ('open' in after) {
        navigateToUrl(after.open(row));
        return;
      }
      after.added(row);
    } catch (e) {
      setError(errorText(e));
    }
    setAdding(false);
  };
  return { add: () => void run(), adding, error };
}
