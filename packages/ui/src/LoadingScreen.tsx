import styles from './LoadingScreen.module.css';

/** The loading screen of the portal (admin spec §2): exactly three lines. */
export function LoadingScreen() {
  return (
    <div className={styles.screen} data-testid="loading-screen" role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <p className={styles.title}>Loading up</p>
      <p className={styles.line}>This can take a few seconds</p>
      <p className={styles.line}>Hold tight...</p>
    </div>
  );
}
