import { useState } from 'react';
import { api } from '@cpq/client';
import type { OrdersListRow } from '@cpq/domain';
import type { Wording } from '@cpq/plugin-sdk';
import { errorMessage } from './errors.ts';
import { capitalize } from './format.ts';
import type { SetNotice } from './types.ts';

export interface ArchiveToggleInput {
  wording: Wording;
  setNotice: SetNotice;
  /** After a row changed: what is listed and counted changed with it. */
  onChanged: () => void;
}

/** A row menu's Archive/Unarchive Order: the row's item is disabled while its change runs. */
export function useArchiveToggle({ wording, setNotice, onChanged }: ArchiveToggleInput) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const toggleArchived = (row: OrdersListRow) => {
    const archived = row.archived ? 0 : 1;
    setBusyIds((s) => new Set(s).add(row.id));
    setNotice(null);
    api.updateOrder({ where: { id: row.id }, props: { archived } }).then(
      () => {
        setNotice({ kind: 'info', text: `${capitalize(wording.order)} #${row.orgSpecificId} ${archived ? 'archived' : 'unarchived'}.` });
        onChanged();
      },
      (err: unknown) =>
        setNotice({ kind: 'error', text: `${capitalize(wording.order)} #${row.orgSpecificId} could not be ${archived ? 'archived' : 'unarchived'}: ${errorMessage(err)}` }),
    ).finally(() =>
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(row.id);
        return next;
      }),
    );
  };
  return { busyIds, toggleArchived };
}
