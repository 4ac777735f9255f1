import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Button } from '@cpq/ui';
import { errorText, resources } from './adminApi.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * Duplicate: the server copies the row, then a dialog asks the exact question whether to go to the
 * copy. A failure shows beside the button (with `failure` before the reason when given).
 */
export function DuplicateButton({
  resourceKey,
  id,
  href,
  title,
  question,
  confirmLabel,
  cancelLabel,
  failure,
  errorClassName,
}: {
  resourceKey: 'products' | 'productProperties';
  id: number;
  href(copyId: number): string;
  title: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  failure?: string;
  errorClassName?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copyId, setCopyId] = useState<number | null>(null);

  const duplicate = async () => {
    setBusy(true);
    setError(null);
    try {
      setCopyId((await resources.duplicate(resourceKey, id)).id);
    } catch (e) {
      setError(failure ? `${failure}: ${errorText(e)}` : errorText(e));
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
        <span role="alert" className={errorClassName}>
          {error}
        </span>
      ) : null}
      {copyId !== null ? (
        <ConfirmDialog
          title={title}
          question={question}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
          onConfirm={() => navigateToUrl(href(copyId))}
          onCancel={() => setCopyId(null)}
        />
      ) : null}
    </>
  );
}
