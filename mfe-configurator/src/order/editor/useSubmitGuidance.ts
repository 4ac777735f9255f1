/**
 * The order page's guidance around submit (decision 0091): the incomplete items the submit check
 * reads, pointing at an item's first missing option, the order detail the settings open at, and the
 * submit notices that go away once what they asked for is done.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ItemView } from './itemViews.ts';
import type { Notice } from './useOrderEditor.ts';
import type { Instance, Order } from './writes.ts';
import type { SettingsFocus } from '../status/useOrderStatus.ts';
import { incompleteItemsOf, noticeAnswered } from './submitGuidance.ts';

export interface PointAt {
  itemId: number;
  propertyId: number;
  seq: number;
}

let pointSeq = 0;

export function useSubmitGuidance(input: {
  items: readonly Instance[];
  views: ReadonlyMap<number, ItemView>;
  order: Order;
  notices: readonly Notice[];
  dismiss(id: number): void;
  setActiveId(id: number): void;
}) {
  const { items, views, order, notices, dismiss, setActiveId } = input;
  const incompleteItems = useMemo(() => incompleteItemsOf(items, views), [items, views]);
  const itemsValid = useMemo(() => items.map((i) => views.get(i.id)?.valid ?? true), [items, views]);

  const [pointAt, setPointAt] = useState<PointAt | null>(null);
  const pointAtItem = useCallback(
    (item: { id: number; propertyId: number }) => {
      setActiveId(item.id);
      setPointAt({ itemId: item.id, propertyId: item.propertyId, seq: ++pointSeq });
    },
    [setActiveId],
  );
  const pointed = useCallback(() => setPointAt(null), []);

  const [settingsFocus, setSettingsFocus] = useState<SettingsFocus | null>(null);

  // A notice the submit raised goes once the person has done what it asked (no reload needed).
  useEffect(() => {
    for (const n of notices) if (noticeAnswered(n.text, { order, itemsValid, incompleteItems })) dismiss(n.id);
  }, [notices, order, itemsValid, incompleteItems, dismiss]);

  return { incompleteItems, itemsValid, pointAt, pointAtItem, pointed, settingsFocus, setSettingsFocus };
}
