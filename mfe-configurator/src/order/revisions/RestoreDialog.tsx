import { useState } from 'react';
import { Button, Modal } from '@cpq/ui';
import { RESTORE_QUESTION, START_NEW_REVISION } from './words.ts';
import styles from './Revisions.module.css';

export type RestoreOutcome = { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'reloadFailed'; message: string };

/**
 * Asks before a new revision starts from an earlier one. A refusal (the server's sentence) shows here,
 * where the person asked; after a restore whose page could not be read again, only a reload is offered.
 */
export function RestoreDialog({ revisionNumber, onClose, onConfirm }: { revisionNumber: number; onClose: () => void; onConfirm: () => Promise<RestoreOutcome> }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RestoreOutcome | null>(null);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    const out = await onConfirm();
    setBusy(false);
    if (out.kind === 'done') onClose();
    else setOutcome(out);
  };
  const reloadFailed = outcome?.kind === 'reloadFailed';
  return (
    <Modal title="Start a new revision" onClose={() => !busy && onClose()} role="alertdialog" testId="restore-dialog">
      <p className={styles.dialogText} data-testid="restore-question">
        {RESTORE_QUESTION(revisionNumber)}
      </p>
      {outcome && outcome.kind !== 'done' && (
        <p className={styles.refusal} role="alert" data-testid="restore-refusal">
          {outcome.message}
        </p>
      )}
      <div className={styles.dialogActions}>
        {reloadFailed ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => window.location.reload()} data-autofocus>
              Reload the page
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="restore-cancel">
              Cancel
            </Button>
            {/* Nothing is deleted by it: the answer the person came for has the focus (decision 0093). */}
            {/* Not disabled while busy: the focus stays on it, for the refusal or the next try. */}
            <Button onClick={() => void confirm()} aria-disabled={busy} aria-busy={busy} data-testid="restore-confirm" data-autofocus>
              {busy ? 'Starting…' : START_NEW_REVISION}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
