import { useState } from 'react';
import { errorText } from './adminApi.ts';

/**
 * A popup's save: busy while `write` runs; its failure's message is kept for the popup to show.
 * Checks made before saving report through `setError`.
 */
export function useSaving() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (write: () => Promise<void>) => {
    setSaving(true);
    setError(null);
    try {
      await write();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, setError, run };
}
