import { useEffect, useId, useMemo, useState } from 'react';
import type { MediumJson } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import { productImages } from './images.ts';
import { parseProductLinks } from './links.ts';
import styles from './ItemNotesDialog.module.css';

export const NOTES_MAX_LENGTH = 10000;

type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'error'; message: string };

/**
 * The notes of one item: a text area to write them (save, or delete them), and the product's links
 * (lines of "url,label"; only http and https become links) and images. Read-only users see the notes and links.
 */
export function ItemNotesDialog(props: {
  open: boolean;
  onClose(): void;
  instance: { id: number; title: string | null; notes: string | null };
  product: { id?: number; title: string; links?: unknown } | null;
  /** The catalogue's media: the product's images are shown. */
  media?: readonly MediumJson[];
  readOnly: boolean;
  onSave(notes: string): Promise<void>;
}) {
  const { open, onClose, instance, product, readOnly, onSave } = props;
  const [draft, setDraft] = useState(instance.notes ?? '');
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const fieldId = useId();
  const statusId = useId();

  // Opening the dialog (or another item) starts from the stored notes. Not when the item's notes change
  // while it is open: the editor applies the notes this dialog saves to the item at once, and that
  // must not clear "Notes saved." (nor a draft being written).
  useEffect(() => {
    if (open) {
      setDraft(instance.notes ?? '');
      setState({ status: 'idle' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, instance.id]);

  const links = useMemo(() => parseProductLinks(product?.links), [product?.links]);
  const images = useMemo(() => productImages(props.media, product?.id), [props.media, product?.id]);
  const stored = instance.notes ?? '';
  const changed = draft !== stored;
  const saving = state.status === 'saving';

  const save = async (notes: string) => {
    setState({ status: 'saving' });
    try {
      await onSave(notes);
      setDraft(notes);
      setState({ status: 'saved' });
    } catch (err) {
      setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };

  const heading = instance.title?.trim() || product?.title || 'Item';
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Notes"
      subtitle={<p className={styles.subtitle}>{product && instance.title?.trim() ? `${heading} · ${product.title}` : heading}</p>}
      testId="item-notes-dialog"
      footer={
        readOnly ? (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            {stored && (
              <Button variant="quiet" className={styles.delete} onClick={() => void save('')} disabled={saving} data-testid="notes-delete">
                Delete notes
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => void save(draft.trim() === '' ? '' : draft)} disabled={!changed || saving} aria-describedby={statusId} data-testid="notes-save">
              {saving ? 'Saving…' : 'Save notes'}
            </Button>
          </>
        )
      }
    >
      <label htmlFor={fieldId} className={styles.label}>
        Notes
      </label>
      <textarea
        id={fieldId}
        className={styles.textarea}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          if (state.status !== 'saving') setState({ status: 'idle' });
        }}
        readOnly={readOnly}
        maxLength={NOTES_MAX_LENGTH}
        rows={6}
        placeholder={readOnly ? 'No notes' : 'Anything the team should know about this item'}
        data-autofocus
        data-testid="notes-text"
      />
      <p id={statusId} className={state.status === 'error' ? styles.error : styles.status} role={state.status === 'error' ? 'alert' : 'status'} data-testid="notes-status">
        {state.status === 'saving' && 'Saving…'}
        {state.status === 'saved' && (draft ? 'Notes saved.' : 'Notes deleted.')}
        {state.status === 'error' && `Could not save the notes: ${state.message}`}
        {state.status === 'idle' && changed && !readOnly && 'Unsaved changes.'}
      </p>
      {links.length > 0 && (
        <section className={styles.links} aria-labelledby={`${fieldId}-links`}>
          <h3 id={`${fieldId}-links`} className={styles.linksTitle}>
            Product links
          </h3>
          <ul className={styles.linkList} data-testid="product-links">
            {links.map((l, i) =>
              l.kind === 'link' ? (
                <li key={i}>
                  <a href={l.href} target="_blank" rel="noopener noreferrer">
                    {l.label}
                  </a>
                </li>
              ) : (
                <li key={i} className={styles.plain}>
                  {l.text}
                </li>
              ),
            )}
          </ul>
        </section>
      )}
      {images.length > 0 && (
        <section className={styles.links} aria-labelledby={`${fieldId}-images`}>
          <h3 id={`${fieldId}-images`} className={styles.linksTitle}>
            Product images
          </h3>
          <ul className={styles.imageList} data-testid="product-images">
            {images.map((img) => (
              <li key={img.id}>
                <img className={styles.image} src={img.src} alt={img.alt} loading="lazy" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}
