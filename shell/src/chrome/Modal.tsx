import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './Modal.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  onClose(): void;
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * The shell's modal dialog (the shell may not import a remote's): labelled by its title, focus moved
 * in when it opens and kept inside (Tab and Shift+Tab wrap), Escape or the close button closes it,
 * focus returns to where it was. The page behind does not scroll while it is open.
 */
export function Modal({ onClose, title, subtitle, children, testId }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first = box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (before && document.contains(before)) before.focus();
    };
  }, []);

  // Focus can fall out of the dialog (a focused control that goes away): Escape still closes it,
  // and Tab brings focus back in.
  useEffect(() => {
    const onDocumentKey = (e: globalThis.KeyboardEvent) => {
      const box = ref.current;
      if (!box || box.contains(document.activeElement) || e.defaultPrevented) return;
      if (document.activeElement && document.activeElement !== document.body) return; // another layer (e.g. the tour) has it
      if (e.key === 'Escape') closeRef.current();
      else if (e.key === 'Tab') {
        e.preventDefault();
        (box.querySelector<HTMLElement>(FOCUSABLE) ?? box).focus();
      }
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      closeRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const list = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (list.length === 0) return;
    const firstEl = list[0]!;
    const lastEl = list[list.length - 1]!;
    if (e.shiftKey && (document.activeElement === firstEl || document.activeElement === ref.current)) {
      e.preventDefault();
      lastEl.focus();
    } else if (!e.shiftKey && document.activeElement === lastEl) {
      e.preventDefault();
      firstEl.focus();
    }
  };

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && closeRef.current()}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown} data-testid={testId}>
        <header className={styles.header}>
          <div className={styles.headings}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {subtitle}
          </div>
          <button type="button" className={styles.close} onClick={() => closeRef.current()} aria-label="Close">
            ×
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
