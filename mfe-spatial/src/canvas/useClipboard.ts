import { useState } from 'react';
import type { SpatialCanvasProps } from '@cpq/client';
import { copyForPaste, type Point } from '@cpq/spatial';
import type { CanvasItem, Obj, PlacedItem, Selection } from './types.ts';
import type { SpatialDoc, SpatialDocApi } from './useSpatialDoc.ts';

interface Inputs {
  selection: Selection;
  setSelection: (sel: Selection) => void;
  canEdit: boolean;
  doc: SpatialDoc;
  /** The items drawn in the view on screen, and all the order's items. */
  placed: readonly PlacedItem[];
  allItems: readonly CanvasItem[];
  viewId: number | null;
  create: SpatialDocApi['create'];
  setStatus: SpatialDocApi['setStatus'];
  onCopyItem: SpatialCanvasProps['onCopyItem'];
}

/** The drawing's own copy and paste (Ctrl+C, Ctrl+V): a copy is pasted beside its original and selected. */
export function useClipboard({ selection, setSelection, canEdit, doc, placed, allItems, viewId, create, setStatus, onCopyItem }: Inputs) {
  const [clipboard, setClipboard] = useState<Selection>(null);

  function copy() {
    if (selection && selection.key !== 'archWalls' && selection.key !== 'archElevations') {
      setClipboard(selection);
      setStatus({ tone: 'info', message: 'Copied.' });
    }
  }

  async function paste() {
    if (!clipboard || !canEdit) return;
    if (clipboard.key === 'productInstances') {
      // An item's copy is a new item of the order, 250 along both axes, in the view on screen.
      const from = placed.find((p) => p.item.id === clipboard.id) ?? allItems.map((item) => ({ item, x: 0, y: 0 })).find((p) => p.item.id === clipboard.id);
      if (!from || viewId === null) return;
      const moved = copyForPaste({ canvasPosition: { x: from.x, y: from.y } }, 'productInstance') as { canvasPosition: Point };
      const made = await onCopyItem(clipboard.id, { archCustomViewId: viewId, canvasPosition: moved.canvasPosition });
      if (made) {
        setSelection({ key: 'productInstances', id: made.id });
        setStatus({ tone: 'info', message: 'Item pasted.' });
      }
      return;
    }
    const row = (doc[clipboard.key] as { id: number }[]).find((r) => r.id === clipboard.id) as Obj | undefined;
    if (!row) return;
    const props = copyForPaste(row, clipboard.key === 'entities' ? 'entity' : clipboard.key === 'productCanvasTexts' ? 'canvasText' : 'canvasLine');
    delete props.orgId;
    delete props.productOrderId;
    const made = await create(clipboard.key, props as never, 'Pasted.');
    if (made) setSelection({ key: clipboard.key, id: (made as { id: number }).id });
  }

  return { copy, paste };
}
