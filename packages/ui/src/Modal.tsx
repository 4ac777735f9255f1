import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './Modal.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** Shown while true (default). */
  open?: boolean;
  onClose(): void;
  title: ReactNode;
  /** A line under the title (e.g. the save state). */
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** narrow 560 px (default), medium 640 px, wide 860 px, extraWide 980 px. */
  width?: 'narrow' | 'medium' | 'wide' | 'extraWide';
  /** 'alertdialog' for a question that must be answered (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
}

/**
 * The portal's modal dialog, shared by the shell and the remotes: labelled by its title, focus moved in on open and kept inside (Tab and
 * Shift+Tab wrap), Escape or the close button closes it, focus returns to where it was. The page
 * behind does not scroll while it is open.
 */
export function Modal({ open = true, onClose, title, subtitle, children, footer, width = 'narrow', role = 'dialog', testId }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Focus can fall out of the dialog (a focused control that goes away, or the page behind taking focus
  // as it finishes loading): Escape still closes it, Tab brings focus back in, and focus that lands on the
  // page behind is brought back. Only another modal layer (e.g. the tour, a dialog over this one) keeps it.
  // Declared before the effect that returns focus on close: React cleans up in declaration order, so these
  // listeners are gone when focus goes back to the page.
  useEffect(() => {
    if (!open) return;
    const inOtherLayer = (el: Element | null) => {
      const layer = el?.closest('[aria-modal="true"]');
      return !!layer && layer !== ref.current;
    };
    const onDocumentKey = (e: globalThis.KeyboardEvent) => {
      const box = ref.current;
      if (!box || box.contains(document.activeElement) || e.defaultPrevented || inOtherLayer(document.activeElement)) return;
      if (e.key === 'Escape') closeRef.current();
      else if (e.key === 'Tab') {
        e.preventDefault();
        (box.querySelector<HTMLElement>(FOCUSABLE) ?? box).focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      const box = ref.current;
      const target = e.target instanceof Element ? e.target : null;
      if (!box || !target || box.contains(target) || inOtherLayer(target)) return;
      box.focus();
    };
    document.addEventListener('keydown', onDocumentKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
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
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      closeRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    // The dialog renders no hidden controls, so every focusable element inside is a Tab stop.
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
      <div ref={ref} className={`${styles.dialog} ${styles[width]}`} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown} data-testid={testId}>
        {/* Not <header>: outside sectioning content it would be a second banner landmark beside the page's. */}
        <div className={styles.header}>
          <div className={styles.headings}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {subtitle}
          </div>
          <button type="button" className={styles.close} onClick={() => closeRef.current()} aria-label="Close">
            ×
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
