import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from '@cpq/ui';
import styles from './Editor.module.css';

export interface AskOptions {
  /** Yes destroys or undoes work (a deletion, a cancelled order): Cancel takes the focus, so Enter keeps things as they are. */
  destructive?: boolean;
}

/**
 * A confirmation asked in a dialog: `ask(text)` resolves true for "Yes", false otherwise.
 * The answer the person came for (Yes) has the focus, so Enter confirms; a destructive question
 * focuses Cancel instead (docs/decisions/0093-confirmation-focus.md).
 */
export function useConfirm(): [ReactNode, (text: string, options?: AskOptions) => Promise<boolean>] {
  const [pending, setPending] = useState<{ text: string; destructive: boolean; resolve: (ok: boolean) => void } | null>(null);
  const ask = useCallback(
    (text: string, options?: AskOptions) => new Promise<boolean>((resolve) => setPending({ text, destructive: options?.destructive === true, resolve })),
    [],
  );
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
        <Button variant="secondary" onClick={() => answer(false)} data-testid="confirm-cancel" {...(pending.destructive ? { 'data-autofocus': true } : {})}>
          Cancel
        </Button>
        <Button onClick={() => answer(true)} data-testid="confirm-yes" {...(pending.destructive ? {} : { 'data-autofocus': true })}>
          Yes
        </Button>
      </div>
    </Modal>
  ) : null;
  return [node, ask];
}
