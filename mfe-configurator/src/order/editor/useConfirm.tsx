import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from '@cpq/ui';
import styles from './Editor.module.css';

/** A confirmation asked in a dialog: `ask(text)` resolves true for "Yes", false otherwise. */
export function useConfirm(): [ReactNode, (text: string) => Promise<boolean>] {
  const [pending, setPending] = useState<{ text: string; resolve: (ok: boolean) => void } | null>(null);
  const ask = useCallback((text: string) => new Promise<boolean>((resolve) => setPending({ text, resolve })), []);
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const node = pending ? (
    <Modal title="Please confirm" onClose={() => answer(false)} role="alertdialog" testId="confirm-dialog">
      <p className={styles.confirmText} data-testid="confirm-text">
        {pending.text}
      </p>
      <div className={styles.modalActions}>
        {/* The answer that changes nothing has the focus. */}
        <Button variant="secondary" onClick={() => answer(false)} data-autofocus>
          Cancel
        </Button>
        <Button onClick={() => answer(true)} data-testid="confirm-yes">
          Yes
        </Button>
      </div>
    </Modal>
  ) : null;
  return [node, ask];
}
