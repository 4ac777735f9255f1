import { Button } from '@cpq/ui';
import type { CanvasItem } from './types.ts';
import styles from './SpatialCanvas.module.css';

/** The selected item of the order: its title and quantity, and (where the person may edit) taking it out of the view. */
export function SelectedItemPanel({ item, canEdit, onTakeOut }: { item: CanvasItem; canEdit: boolean; onTakeOut: () => void }) {
  return (
    <section className={styles.itemPanel} aria-label="Selected item" data-testid="selected-item">
      <h3 className={styles.sideHeading}>Item</h3>
      <p>
        {item.title || 'Item'} × {item.quantity}
      </p>
      {canEdit && (
        <Button variant="secondary" onClick={onTakeOut}>
          Take out of this view
        </Button>
      )}
    </section>
  );
}
