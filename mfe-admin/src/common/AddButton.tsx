import styles from './admin.module.css';

/** The round floating add button of admin lists (bottom right). */
export function AddButton({ label, onClick, busy }: { label: string; onClick(): void; busy?: boolean }) {
  return (
    <button type="button" className={styles.addButton} aria-label={label} title={label} onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      <span aria-hidden="true">+</span>
    </button>
  );
}
