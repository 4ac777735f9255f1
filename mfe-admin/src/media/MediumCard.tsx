import { useId, useRef, useState } from 'react';
import type { MediumAssociations } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { ConfirmDialog, errorText } from '../common/index.ts';
import { AssociationPicker } from './AssociationPicker.tsx';
import type { Associable, Medium } from './mediaApi.ts';
import { useDebounced } from './useDebounced.ts';
import styles from './media.module.css';

/** The spec's caption debounce. */
export const CAPTION_DEBOUNCE_MS = 400;
/** The spec's delete confirmation for media. */
export const DELETE_QUESTION = 'Are you sure?';

type SaveState = { status: 'idle' | 'saving' | 'saved' } | { status: 'failed'; message: string };

/** What an image is, for people who cannot see it: its caption, else its file name. */
export function altOf(m: Medium): string {
  if (m.title?.trim()) return m.title.trim();
  return m.fileName ? `Image ${m.fileName} (no caption yet)` : `Image ${m.id} (no caption yet)`;
}

/**
 * One image of the grid: the image (opens the overlay), its caption (saved 400 ms after typing
 * stops), its associations (saved on each change) and delete after 'Are you sure?'.
 */
export function MediumCard({
  medium,
  associables,
  save,
  destroy,
  onOpen,
  onChanged,
  onDeleted,
}: {
  medium: Medium;
  associables: Associable[];
  save(id: number, props: { title?: string | null; associations?: MediumAssociations }): Promise<Medium>;
  destroy(id: number): Promise<unknown>;
  onOpen(medium: Medium): void;
  onChanged(medium: Medium): void;
  onDeleted(id: number): void;
}) {
  const captionId = useId();
  const [caption, setCaption] = useState(medium.title ?? '');
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Answers may come back out of order: only the newest save's answer shows.
  const seq = useRef(0);

  const write = async (props: { title?: string | null; associations?: MediumAssociations }) => {
    const n = ++seq.current;
    setState({ status: 'saving' });
    try {
      const saved = await save(medium.id, props);
      if (n !== seq.current) return;
      setState({ status: 'saved' });
      onChanged(saved);
    } catch (e) {
      if (n === seq.current) setState({ status: 'failed', message: errorText(e) });
    }
  };
  const saveCaption = useDebounced((text: string) => void write({ title: text.trim() ? text : null }), CAPTION_DEBOUNCE_MS);

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await destroy(medium.id);
      onDeleted(medium.id);
    } catch (e) {
      setDeleteError(errorText(e));
      setDeleting(false);
    }
  };

  const alt = altOf(medium);
  return (
    <li className={styles.card} data-testid="medium-card" data-medium-id={medium.id}>
      {medium.presignedUrl ? (
        <button type="button" className={styles.imageButton} onClick={() => onOpen(medium)} aria-label={`Open ${alt} full screen`}>
          <img className={styles.image} src={medium.presignedUrl} alt={alt} loading="lazy" />
        </button>
      ) : (
        // A medium recorded without a file (older data): nothing to show or open.
        <div className={`${styles.imageButton} ${styles.noFile}`}>No file</div>
      )}
      <div className={styles.cardBody}>
        <label htmlFor={captionId} className={styles.fieldLabel}>
          Caption
        </label>
        <input
          id={captionId}
          className={styles.caption}
          value={caption}
          maxLength={255}
          placeholder="Add a caption"
          onChange={(e) => {
            setCaption(e.target.value);
            setState({ status: 'idle' });
            saveCaption(e.target.value);
          }}
        />
        <p className={styles.saveState} aria-live="polite" data-testid="save-state" data-status={state.status}>
          {state.status === 'saving' && 'Saving…'}
          {state.status === 'saved' && 'Saved'}
          {state.status === 'failed' && <span className={styles.failed}>Not saved: {state.message}</span>}
        </p>
        <AssociationPicker associations={medium.associations as MediumAssociations | undefined} associables={associables} onChange={(associations) => void write({ associations })} />
        <div className={styles.cardActions}>
          <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Delete ${alt}`}>
            Delete
          </Button>
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          destructive
          question={DELETE_QUESTION}
          confirmLabel="Delete"
          busy={deleting}
          error={deleteError}
          onConfirm={() => void remove()}
          onCancel={() => {
            setConfirming(false);
            setDeleteError(null);
          }}
        />
      )}
    </li>
  );
}
