/**
 * The items' views (prices, validity, summaries) for the order page, computed so that a long order's
 * first frame does not wait for all of them: it computes only what it draws, the first FIRST_ROWS
 * items in cart order and the active item. The other items' views are computed after that frame in
 * tasks of about VIEW_TASK_MS each (on a 200-item order, computing every view in the first render
 * was one task of about 270 ms on a phone-class processor, most of the page's blocked time), so the
 * page answers a tap while they come. Once all are in, `complete` turns true in a transition and the
 * cart draws its other rows. From then on a change recomputes only the items it touches (itemView
 * keeps the others).
 */
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { itemView, type EditorEngine, type ItemView } from './itemViews.ts';
import { byRank } from './logic.ts';
import type { Instance } from './writes.ts';

/** Rows drawn with the page's first frame; their views are the ones computed before it. */
export const FIRST_ROWS = 30;
/** Longest run of view computations in one task: under the 50 ms a task may take before it blocks input, also on a processor 4× slower. */
export const VIEW_TASK_MS = 8;

export interface ItemViewsInput {
  items: readonly Instance[];
  engine: EditorEngine;
  order: Parameters<typeof itemView>[2];
  storedPrices: boolean;
  activeId: number | null;
}

export interface ItemViews {
  /** Every item's view once `complete`; before that, the first rows' and the active item's. */
  views: ReadonlyMap<number, ItemView>;
  complete: boolean;
  /** Every item's view now, computing the missing ones at once (for a part of the page that shows every item). */
  everyView(): ReadonlyMap<number, ItemView>;
}

function viewsOf(items: readonly Instance[], input: ItemViewsInput): Map<number, ItemView> {
  const m = new Map<number, ItemView>();
  for (const i of items) m.set(i.id, itemView(i, input.engine, input.order, input.storedPrices));
  return m;
}

/** The items the first frame draws: the first rows in cart order, and the active item wherever it is. */
export function firstFrameItems(items: readonly Instance[], activeId: number | null): Instance[] {
  const first = byRank(items).slice(0, FIRST_ROWS);
  const active = activeId === null || first.some((i) => i.id === activeId) ? undefined : items.find((i) => i.id === activeId);
  return active ? [...first, active] : first;
}

export function useItemViews(input: ItemViewsInput): ItemViews {
  const { items, engine, order, storedPrices, activeId } = input;
  const [complete, setComplete] = useState(() => items.length <= FIRST_ROWS);
  const views = useMemo(
    () => viewsOf(complete ? items : firstFrameItems(items, activeId), { items, engine, order, storedPrices, activeId }),
    // The active item matters only until every view is in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, engine, order, storedPrices, complete, complete ? null : activeId],
  );

  // The rest after the first frame, a few items per task; itemView keeps each result for the render that shows it.
  useEffect(() => {
    if (complete) return;
    const queue = byRank(items);
    let next = 0;
    let timer: ReturnType<typeof setTimeout>;
    const work = () => {
      const until = performance.now() + VIEW_TASK_MS;
      while (next < queue.length && performance.now() < until) itemView(queue[next++]!, engine, order, storedPrices);
      if (next < queue.length) timer = setTimeout(work, 0);
      else startTransition(() => setComplete(true));
    };
    timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }, [complete, items, engine, order, storedPrices]);

  const everyView = useCallback(
    () => (complete ? views : viewsOf(items, { items, engine, order, storedPrices, activeId })),
    [complete, views, items, engine, order, storedPrices, activeId],
  );
  return { views, complete, everyView };
}
