import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './media.module.css';

/**
 * The full-screen image overlay: the medium by its address, a close button (focused on open);
 * Escape or the button closes it and focus returns to what opened it.
 */
export function ImageOverlay({ src, alt, onClose }: { src: string; alt: string; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
      } else if (e.key === 'Tab') {
        // The close button is the only control: focus stays on it.
        e.preventDefault();
        close.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (before && document.contains(before)) before.focus();
    };
  }, []);

  return createPortal(
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={alt} data-testid="image-overlay" onMouseDown={(e) => e.target === e.currentTarget && onCloseRef.current()}>
      <img className={styles.overlayImage} src={src} alt={alt} />
      <button ref={close} type="button" className={styles.overlayClose} onClick={() => onCloseRef.current()} aria-label="Close image">
        ×
      </button>
    </div>,
    document.body,
  );
}
