import type { Notice } from './types.ts';
import styles from './OrdersPage.module.css';

/** What the last action did or why it failed; the live region stays in the page so the text is announced. */
export function OrdersNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  return (
    <div className={styles.notices} aria-live="polite">
      {notice ? (
        <p className={notice.kind === 'error' ? styles.noticeError : styles.notice} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="orders-notice">
          {notice.text}
          <button type="button" className={styles.linkButton} onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
