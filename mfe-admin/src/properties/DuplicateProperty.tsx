import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Button } from '@cpq/ui';
import { ConfirmDialog, errorText, resources } from '../common/index.ts';
import { PROPERTY_KEY, propertyHref } from './types.ts';

/** Duplicate: the server copies the property with its options; then the owner may go to the copy. */
export function DuplicateProperty({ id }: { id: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copyId, setCopyId] = useState<number | null>(null);

  const duplicate = async () => {
    setBusy(true);
    setError(null);
    try {
      setCopyId((await resources.duplicate(PROPERTY_KEY, id)).id);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void duplicate()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Duplicating…' : 'Duplicate'}
      </Button>
      {error ? <span role="alert">{error}</span> : null}
      {copyId !== null ? (
        <ConfirmDialog
          title="Property duplicated"
          question="This property has been successfully duplicated. Would you like to be redirect to the new property?"
          confirmLabel="Go to the copy"
          cancelLabel="Stay here"
          onConfirm={() => navigateToUrl(propertyHref(copyId))}
          onCancel={() => setCopyId(null)}
        />
      ) : null}
    </>
  );
}
