import { useState } from 'react';
import { errorText } from './adminApi.ts';

/**
 * A write from a popup or page (save, add a version): busy while `write` runs; its failure's
 * message is kept to be shown. Checks made before writing report through `setError`.
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
