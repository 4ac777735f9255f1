import { useId } from 'react';
import type { Selection } from './types.ts';
import type { ViewObject } from './viewObjects.ts';
import styles from './ViewObjects.module.css';

/**
 * "In this view": every object of the viewport as a button that selects it, the selected one pressed.
 * The keyboard's and screen reader's way to a mural area under its texture, a texture under its
 * panels, or anything too small to click.
 */
export function ViewObjects({ objects, selection, onSelect }: { objects: readonly ViewObject[]; selection: Selection; onSelect: (sel: NonNullable<Selection>) => void }) {
  const headingId = useId();
  if (!objects.length) return null;
  return (
    <section className={styles.objects} aria-labelledby={headingId} data-testid="view-objects">
      <h3 className={styles.heading} id={headingId}>
        In this view
      </h3>
      <ul className={styles.list}>
        {objects.map((o) => {
          const selected = selection?.key === o.sel.key && selection.id === o.sel.id;
          return (
            <li key={`${o.sel.key}-${o.sel.id}`}>
              <button type="button" className={styles.object} aria-pressed={selected} onClick={() => onSelect(o.sel)} data-object={`${o.sel.key}-${o.sel.id}`}>
                {o.name}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
