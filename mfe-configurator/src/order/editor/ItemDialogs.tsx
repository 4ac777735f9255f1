import { useState, type FormEvent } from 'react';
import { ADD_ITEM_TITLE_MAX_LENGTH, checkAddItemTitle, checkOrderTitle, productThumbnailUrl, stripNumericInput, UNTITLED_ORDER_TITLE, type Product } from '@cpq/domain';
import { Button, Modal, Thumbnail } from '@cpq/ui';
import { errorMessage } from '../../shared/errors.ts';
import { dollarsToCents, NO_PRODUCTS_TEXT } from './logic.ts';
import { NOTES_MAX_LENGTH } from '../notes/ItemNotesDialog.tsx';
import type { Order } from './writes.ts';
import styles from './Editor.module.css';
import pictures from './Pictures.module.css';

/** The create-item popup: which product the new item is. */
export function ProductPicker({ products, onPick, onCustom, onClose }: { products: readonly Product[]; onPick: (p: Product) => void; /** Employees only. */ onCustom?: () => void; onClose: () => void }) {
  return (
    <Modal title="Add an item" onClose={onClose} testId="create-item-dialog" width="medium">
      {onCustom && (
        <button type="button" className={styles.productChoice} onClick={onCustom} data-testid="pick-custom-product" data-autofocus>
          <span className={styles.productName}>Custom product</span>
          <span className={styles.productDescription}>An item of your own with its own price and notes.</span>
        </button>
      )}
      {products.length === 0 ? (
        <p className={styles.muted} data-testid="no-products">
          {NO_PRODUCTS_TEXT}
        </p>
      ) : (
        <ul className={styles.productList} aria-label="Products">
          {products.map((p, i) => (
            <li key={p.id}>
              {/* Focus on the first choice. */}
              <button type="button" className={`${styles.productChoice} ${pictures.choiceWithPicture}`} onClick={() => onPick(p)} data-testid={`pick-product-${p.id}`} data-autofocus={!onCustom && i === 0 ? true : undefined}>
                <Thumbnail src={productThumbnailUrl(p)} size="lg" />
                <span className={pictures.choiceText}>
                  <span className={styles.productName}>{p.title}</span>
                  {p.description && <span className={styles.productDescription}>{p.description}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.modalActions}>
        <Button variant="secondary" onClick={onClose} data-autofocus={!onCustom && products.length === 0 ? true : undefined}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}

/** The add-item popup: the new item's identifier/description (required, at most 30 characters; Enter submits). */
export function AddItemTitle({ product, initial, onAdd, onClose }: { product: Product; initial: string; onAdd: (title: string) => Promise<unknown>; onClose: () => void }) {
  const [title, setTitle] = useState(initial.slice(0, ADD_ITEM_TITLE_MAX_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkAddItemTitle(title);
    if (!check.ok) return setError(check.message);
    setBusy(true);
    await onAdd(title.trim());
    setBusy(false);
  };
  return (
    <Modal title={`New ${product.title}`} onClose={onClose} testId="add-item-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className={styles.field}>
          <span className={styles.label}>Identifier / description</span>
          <input
            className={styles.input}
            value={title}
            maxLength={ADD_ITEM_TITLE_MAX_LENGTH}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'add-item-error' : undefined}
            data-testid="add-item-title"
            data-autofocus
          />
        </label>
        {error && (
          <p id="add-item-error" className={styles.fieldError} role="alert" data-testid="add-item-error">
            {error}
          </p>
        )}
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} data-testid="add-item-submit">
            {busy ? 'Adding…' : 'Add item'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export interface NewCustomItem {
  title: string;
  customPriceInCents: number;
  notes: string | null;
}

/** Employees' custom product: an identifier/description (as for any new item), a price in dollars and notes. */
export function CustomProductDialog({ onAdd, onClose }: { onAdd: (item: NewCustomItem) => Promise<unknown>; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<{ field: 'title' | 'price'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkAddItemTitle(title);
    if (!check.ok) return setError({ field: 'title', message: check.message });
    const cents = dollarsToCents(price);
    if (cents === null) return setError({ field: 'price', message: 'Enter the price in dollars.' });
    setBusy(true);
    await onAdd({ title: title.trim(), customPriceInCents: cents, notes: notes.trim() ? notes.trim() : null });
    setBusy(false);
  };
  const clear = () => setError(null);
  return (
    <Modal title="New custom product" onClose={onClose} testId="custom-product-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.formGrid}>
        <label className={styles.field}>
          <span className={styles.label}>Identifier / description</span>
          <input
            className={styles.input}
            value={title}
            maxLength={ADD_ITEM_TITLE_MAX_LENGTH}
            onChange={(e) => {
              setTitle(e.target.value);
              clear();
            }}
            aria-invalid={error?.field === 'title' ? true : undefined}
            aria-describedby={error?.field === 'title' ? 'custom-item-error' : undefined}
            data-testid="custom-item-title"
            data-autofocus
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Price ($)</span>
          <input
            className={styles.input}
            inputMode="decimal"
            value={price}
            onChange={(e) => {
              setPrice(stripNumericInput(e.target.value));
              clear();
            }}
            aria-invalid={error?.field === 'price' ? true : undefined}
            aria-describedby={error?.field === 'price' ? 'custom-item-error' : undefined}
            data-testid="custom-item-price"
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Notes</span>
          <textarea className={styles.input} value={notes} rows={3} maxLength={NOTES_MAX_LENGTH} onChange={(e) => setNotes(e.target.value)} data-testid="custom-item-notes" />
        </label>
        {error && (
          <p id="custom-item-error" className={styles.fieldError} role="alert" data-testid="custom-item-error">
            {error.message}
          </p>
        )}
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} data-testid="custom-item-submit">
            {busy ? 'Adding…' : 'Add item'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Project information asked before the first item: the order's name and who it is for. Saving it
 * (or skipping) records that it was asked, so the order is kept when the user leaves.
 */
export function ProjectInfo({ order, wordingOrder, onSave, onSkip }: { order: Order; wordingOrder: string; onSave: (props: Record<string, unknown>) => Promise<unknown>; onSkip: () => Promise<unknown> }) {
  const [fields, setFields] = useState({
    title: order.title === UNTITLED_ORDER_TITLE ? '' : order.title,
    projectName: order.projectName ?? '',
    firmName: order.firmName ?? '',
    contactName: order.contactName ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    setError(null);
  };
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkOrderTitle(fields.title);
    if (!check.ok) return setError(check.message);
    const opt = (v: string) => (v.trim() ? v.trim() : null);
    void run(() => onSave({ title: check.title, projectName: opt(fields.projectName), firmName: opt(fields.firmName), contactName: opt(fields.contactName), promptedForProjectInfo: 1 }));
  };
  const label = wordingOrder.charAt(0).toUpperCase() + wordingOrder.slice(1);
  return (
    <Modal title="Project information" onClose={() => void run(onSkip)} testId="project-info-dialog">
      <p className={styles.muted}>Tell us what this {wordingOrder} is for before you add the first item.</p>
      <form onSubmit={submit} noValidate className={styles.formGrid}>
        <label className={styles.field}>
          <span className={styles.label}>{label} name (required)</span>
          <input className={styles.input} value={fields.title} onChange={set('title')} maxLength={200} data-testid="project-info-title" aria-invalid={error ? true : undefined} data-autofocus />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Project</span>
          <input className={styles.input} value={fields.projectName} onChange={set('projectName')} maxLength={255} />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Company</span>
          <input className={styles.input} value={fields.firmName} onChange={set('firmName')} maxLength={255} />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Contact name</span>
          <input className={styles.input} value={fields.contactName} onChange={set('contactName')} maxLength={255} />
        </label>
        {error && (
          <p className={styles.fieldError} role="alert" data-testid="project-info-error">
            {error}
          </p>
        )}
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={() => void run(onSkip)} disabled={busy} data-testid="project-info-skip">
            Skip for now
          </Button>
          <Button type="submit" disabled={busy} data-testid="project-info-save">
            Continue
          </Button>
        </div>
      </form>
    </Modal>
  );
}
