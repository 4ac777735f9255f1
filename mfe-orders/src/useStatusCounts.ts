import { useCallback, useEffect, useState } from 'react';
import { api } from '@cpq/client';
import type { OrdersCountResponse, ProductOrderStatus } from '@cpq/domain';

export interface StatusCountsInput {
  /** Only employees whose rules offer the counts ask for them. */
  show: boolean;
  orgId: number;
  userId: number;
  statuses: readonly ProductOrderStatus[];
}

/** How many orders each status holds (and how many are processing payment); `reload` asks again. */
export function useStatusCounts({ show, orgId, userId, statuses }: StatusCountsInput) {
  const [counts, setCounts] = useState<OrdersCountResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    if (!show) return;
    let live = true;
    api.ordersCount({ orgId, userId, statusKeys: statuses.map((s) => s.key) }).then(
      (c) => {
        if (!live) return;
        setCounts(c);
        setFailed(false);
      },
      (err: unknown) => {
        if (!live) return;
        console.error('The status counts could not be loaded.', err);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [show, orgId, userId, statuses, attempt]);
  return { counts, failed, reload };
}
