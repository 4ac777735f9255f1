import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Button } from '@cpq/ui';
import { ConfirmDialog, errorText, resources } from '../common/index.ts';
import styles from './products.module.css';

/** The question asked once the copy exists (exact wording of the requirement). */
export const DUPLICATED_QUESTION = 'This product has been successfully duplicated. Would you like to be redirect to the new product?';

/** Duplicate: the server copies the product (title + ' (copy)'), then the owner may go to the copy. */
export function DuplicateButton({ id }: { id: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copyId, setCopyId] = useState<number | null>(null);

  const duplicate = async () => {
    setBusy(true);
    setError(null);
    try {
      const copy = await resources.duplicate('products', id);
      setCopyId(copy.id);
    } catch (e) {
      setError(`The product could not be duplicated: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void duplicate()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Duplicating…' : 'Duplicate'}
      </Button>
      {error ? (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
      {copyId !== null ? (
        <ConfirmDialog
          title="Product duplicated"
          question={DUPLICATED_QUESTION}
          confirmLabel="Yes"
          cancelLabel="No"
          onConfirm={() => navigateToUrl(`/admin/products/${copyId}`)}
          onCancel={() => setCopyId(null)}
        />
      ) : null}
    </>
  );
}
