import type { CanvasItem } from './types.ts';
import styles from './SpatialCanvas.module.css';

/** "Place item…": the order's items not in the view on screen; choosing one places it there. */
export function PlaceItemSelect({ unplaced, onPlace }: { unplaced: readonly CanvasItem[]; onPlace: (id: number) => void }) {
  return (
    <select
      className={styles.placeItem}
      aria-label="Place an item in this view"
      value=""
      data-testid="place-item"
      onChange={(e) => {
        const id = Number(e.target.value);
        if (id) onPlace(id);
      }}
    >
      <option value="">Place item…</option>
      {unplaced.map((i) => (
        <option key={i.id} value={i.id}>
          {i.title || 'Item'} × {i.quantity}
        </option>
      ))}
    </select>
  );
}
