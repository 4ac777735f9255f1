import styles from './LoadingScreen.module.css';

/** The portal's loading screen: exactly the three lines "Loading up", "This can take a few seconds", "Hold tight...". */
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
