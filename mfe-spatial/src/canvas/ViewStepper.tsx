import type { ArchCustomViewJson } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { stepView, viewLabel, type ViewRef } from './views.ts';
import styles from './SpatialCanvas.module.css';

/** Prev and Next through the views, with the view's number and title between them. */
export function ViewStepper({ list, current, views, onView }: { list: readonly ViewRef[]; current: ViewRef | null; views: readonly ArchCustomViewJson[]; onView: (v: ViewRef | null) => void }) {
  return (
    <div className={styles.group}>
      <Button variant="secondary" onClick={() => onView(stepView(list, current, -1))} disabled={!stepView(list, current, -1)} title="Previous view">
        Prev
      </Button>
      <span className={styles.viewLabel} data-testid="view-label" aria-live="polite">
        {viewLabel(list, current, views)}
      </span>
      <Button variant="secondary" onClick={() => onView(stepView(list, current, 1))} disabled={!stepView(list, current, 1)} title="Next view">
        Next
      </Button>
    </div>
  );
}
