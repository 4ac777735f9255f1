import { useState } from 'react';
import { errorText, resources, type Row } from './adminApi.ts';
import { moveRow } from './rank.ts';

type Ranked = Row & { rank: number };

/**
 * A list row moved to a typed position: shown moved at once (renumbered as the server does it),
 * sent as one update of that row's rank, then the list is read again so it shows the server's order
 * (also after a failure, whose message is kept for the page to show).
 */
export function useRankMove<T extends Ranked>(key: string, apply: (update: (rows: T[]) => T[]) => void, reload: () => void) {
  const [error, setError] = useState<string | null>(null);
  const move = async (id: number, rank: number) => {
    setError(null);
    apply((rows) => moveRow(rows, id, rank));
    try {
      await resources.update(key, id, { rank });
    } catch (e) {
      setError(errorText(e));
    }
    reload();
  };
  return { move, error };
}
