import { useState } from 'react';
import { api } from '@cpq/client';
import type { Wording } from '@cpq/plugin-sdk';
import { errorMessage } from './errors.ts';
import type { SetNotice } from './types.ts';

export interface RecalculateCostsInput {
  org: { id: number; title: string };
  wording: Wording;
  setNotice: SetNotice;
  /** After the costs changed: the listed prices are stale. */
  onDone: () => void;
}

/** Recalculate Costs (platform administrators): every order of the organisation priced again, after a confirmation. */
export function useRecalculateCosts({ org, wording, setNotice, onDone }: RecalculateCostsInput) {
  const [recalculating, setRecalculating] = useState(false);
  const recalculateCosts = async () => {
    if (!window.confirm(`Recalculate the costs of every ${wording.order} of ${org.title}? Prices are computed again from the current pricing rules.`)) return;
    setRecalculating(true);
    setNotice(null);
    try {
      const { updatedCount } = await api.updateOrderCosts(org.id);
      setNotice({ kind: 'info', text: `Costs recalculated for ${updatedCount.toLocaleString('en-US')} ${updatedCount === 1 ? wording.order : wording.orders}.` });
      onDone();
    } catch (err) {
      setNotice({ kind: 'error', text: `The costs could not be recalculated: ${errorMessage(err)}` });
    } finally {
      setRecalculating(false);
    }
  };
  return { recalculating, recalculateCosts };
}
