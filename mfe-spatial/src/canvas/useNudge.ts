import { useEffect, useRef } from 'react';
import type { SpatialCanvasProps } from '@cpq/client';
import { snapToIncrement } from '@cpq/spatial';
import { nudgeProps } from './nudge.ts';
import type { Obj, PlacedItem, Selection } from './types.ts';
import type { SpatialDoc, SpatialDocApi } from './useSpatialDoc.ts';

/** Rest after the last arrow key before the moved selection is saved. */
const NUDGE_SAVE_MS = 300;

interface Inputs {
  doc: SpatialDoc;
  /** The items drawn in the view on screen. */
  items: readonly PlacedItem[];
  viewId: number | null;
  update: SpatialDocApi['update'];
  onPlaceItem: SpatialCanvasProps['onPlaceItem'];
}

/** The selection moved by the arrow keys: shown at once, saved once the keys rest. */
export function useNudge({ doc, items, viewId, update, onPlaceItem }: Inputs) {
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | null>(null);
  useEffect(
    () => () => {
      // A move made with the arrow keys is saved even when the page is left at once.
      if (pending.current) {
        clearTimeout(pending.current.timer);
        pending.current.save();
      }
    },
    [],
  );

  return function nudge(sel: NonNullable<Selection>, { dx, dy }: { dx: number; dy: number }) {
    if (sel.key === 'productInstances') {
      const placed = items.find((p) => p.item.id === sel.id);
      if (placed) onPlaceItem(sel.id, { archCustomViewId: viewId, canvasPosition: { x: snapToIncrement(placed.x + dx), y: snapToIncrement(placed.y + dy) } });
      return;
    }
    const key = sel.key;
    const row = (doc[key] as { id: number }[]).find((r) => r.id === sel.id) as Obj | undefined;
    const props = row ? nudgeProps(key, row, dx, dy) : null;
    if (!props) return;
    // Shown at once; saved once the key has rested (a held key is one save, not thirty).
    void update(key, sel.id, props as never, false);
    if (pending.current) clearTimeout(pending.current.timer);
    const save = () => {
      pending.current = null;
      void update(key, sel.id, props as never);
    };
    pending.current = { timer: setTimeout(save, NUDGE_SAVE_MS), save };
  };
}
