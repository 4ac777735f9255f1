// @vitest-environment jsdom
// A long order's first frame has the views of the rows it draws and of the active item; the others
// come after it, in later tasks, and end up the same as computed at once.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { engine, item, order } from './fixtures.test-utils.ts';
import { itemView } from './itemViews.ts';
import { FIRST_ROWS, firstFrameItems, useItemViews, type ItemViews, type ItemViewsInput } from './useItemViews.ts';

afterEach(cleanup);

/** A long order whose ranks run against the ids, so cart order and list order differ. */
function longOrder(count: number) {
  return Array.from({ length: count }, (_, n) => item({ id: n + 1, rank: count - n, title: `Keypad ${n + 1}`, properties: { 10: { optionId: n % 2 ? 100 : 101 } } as never }));
}

describe('useItemViews', () => {
  it('computes the first rows in cart order and the active item before the first frame, the rest after it', async () => {
    const items = longOrder(FIRST_ROWS + 25);
    const input: ItemViewsInput = { items, engine: engine(), order: order(), storedPrices: false, activeId: 3 };
    const renders: ItemViews[] = [];
    const { result } = renderHook(() => {
      const r = useItemViews(input);
      renders.push(r);
      return r;
    });
    // The first render (before any task after it): the highest ids have the lowest ranks.
    const firstIds = [...renders[0]!.views.keys()];
    const topRows = Array.from({ length: FIRST_ROWS }, (_, n) => FIRST_ROWS + 25 - n);
    expect(firstIds).toEqual([...topRows, 3]);
    expect(renders[0]!.complete).toBe(false);

    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.views.size).toBe(items.length);
    for (const i of items) expect(result.current.views.get(i.id)).toEqual(itemView(i, input.engine, input.order));
  });

  it('has every view from the start on a short order', () => {
    const items = longOrder(FIRST_ROWS);
    const input: ItemViewsInput = { items, engine: engine(), order: order(), storedPrices: false, activeId: null };
    const { result } = renderHook(() => useItemViews(input));
    expect(result.current.complete).toBe(true);
    expect(result.current.views.size).toBe(FIRST_ROWS);
  });

  it('gives every view on demand before the rest are in', () => {
    const items = longOrder(FIRST_ROWS + 5);
    const input: ItemViewsInput = { items, engine: engine(), order: order(), storedPrices: false, activeId: null };
    const { result } = renderHook(() => useItemViews(input));
    expect(result.current.complete).toBe(false);
    expect(result.current.everyView().size).toBe(items.length);
  });
});

describe('firstFrameItems', () => {
  it('adds the active item when it is not among the first rows, once', () => {
    const items = longOrder(FIRST_ROWS + 2);
    expect(firstFrameItems(items, 1).map((i) => i.id)).toContain(1);
    expect(firstFrameItems(items, 1)).toHaveLength(FIRST_ROWS + 1);
    expect(firstFrameItems(items, items.length)).toHaveLength(FIRST_ROWS);
  });
});
