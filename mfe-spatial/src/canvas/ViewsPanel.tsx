import { useId, useState, type ReactNode } from 'react';
import type { ArchCustomViewJson } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { parseRank, sameView, type ViewRef } from './views.ts';
import styles from './SpatialCanvas.module.css';

interface Props {
  list: readonly ViewRef[];
  current: ViewRef | null;
  views: readonly ArchCustomViewJson[];
  canEdit: boolean;
  onView: (v: ViewRef) => void;
  /** A viewport's new rank or title, typed in its row. */
  onRank: (view: ArchCustomViewJson, rank: number) => void;
  onTitle: (view: ArchCustomViewJson, title: string) => void;
  onNotes: (id: number) => void;
  onDelete: (id: number) => void;
  onNewViewport: () => void;
  /** Shown below the views: what is selected. */
  children?: ReactNode;
}

/**
 * The side panel: the views as a tree (a viewport's rank, title, notes and delete where the person may
 * edit), then the selection. On a phone the tree is folded behind a "Views (n)" button so the stage
 * gets the screen; the selection stays shown.
 */
export function ViewsPanel({ list, current, views, canEdit, onView, onRank, onTitle, onNotes, onDelete, onNewViewport, children }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <aside className={styles.side} aria-label="Views">
      <h3 className={styles.sideHeading}>Views</h3>
      <button type="button" className={styles.viewsToggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)} data-testid="views-toggle">
        Views ({list.length})
      </button>
      <div id={listId} className={open ? styles.viewsOpen : styles.viewsFolded} data-testid="views-list">
        <ul role="tree" aria-label="Views" className={styles.tree}>
          {list.map((v) => {
            const row = v.kind === 'customView' ? views.find((x) => x.id === v.id) : null;
            return (
              <li key={v.kind === 'customView' ? v.id : v.kind} role="treeitem" aria-selected={sameView(v, current)} className={sameView(v, current) ? styles.currentView : undefined}>
                <button
                  type="button"
                  className={styles.viewButton}
                  onClick={() => {
                    onView(v);
                    // On a phone the list folds away once a view is picked, to show it.
                    setOpen(false);
                  }}
                >
                  {row ? `${row.rank}. ${row.title}` : v.kind === 'panelLayout' ? 'Panel Layout' : 'Plan'}
                </button>
                {row && canEdit && (
                  <span className={styles.viewTools}>
                    <input
                      aria-label={`Rank of ${row.title}`}
                      className={styles.rank}
                      defaultValue={row.rank}
                      key={`r${row.rank}`}
                      onBlur={(e) => {
                        const rank = parseRank(e.target.value, views.length);
                        if (rank !== null && rank !== row.rank) onRank(row, rank);
                      }}
                    />
                    <input aria-label={`Title of viewport ${row.rank}`} className={styles.title} defaultValue={row.title} key={`t${row.title}`} onBlur={(e) => e.target.value.trim() && e.target.value !== row.title && onTitle(row, e.target.value.trim())} />
                    <Button variant="quiet" onClick={() => onNotes(row.id)} aria-label={`Notes of ${row.title}`}>
                      Notes
                    </Button>
                    <Button variant="quiet" onClick={() => onDelete(row.id)} aria-label={`Delete ${row.title}`}>
                      Delete
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {canEdit && (
          <Button variant="secondary" onClick={onNewViewport} data-testid="new-viewport">
            New viewport
          </Button>
        )}
      </div>
      {children}
    </aside>
  );
}
