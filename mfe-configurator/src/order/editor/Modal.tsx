import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@cpq/ui';
import styles from './Editor.module.css';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its heading, Escape closes it, Tab stays inside, focus goes to the
 * first field (or button) and back to where it was when it closes.
 */
export function Modal({ title, onClose, children, testId, role = 'dialog', wide = false, className }: { title: string; onClose: () => void; children: ReactNode; testId?: string; role?: 'dialog' | 'alertdialog'; wide?: boolean; className?: string }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>('input, textarea, select') ?? box.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => before?.focus?.();
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const all = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!all.length) return;
    const first = all[0]!;
    const last = all[all.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className={`${styles.modal} ${wide ? styles.modalWide : ''} ${className ?? ''}`} role={role} aria-modal="true" aria-labelledby={id} onKeyDown={onKeyDown} data-testid={testId}>
        <h2 id={id} className={styles.modalTitle}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

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
        <Button variant="secondary" onClick={() => answer(false)}>
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
