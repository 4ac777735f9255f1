import { usePageTitle } from '@cpq/client';
import { Button } from '@cpq/ui';
import styles from './Pages.module.css';

/**
 * A share link that does not open: the server's message, and a way on. Plain links (a full load):
 * the portal's applications have not started, and the address no longer holds the token.
 */
export function ShareLinkInvalidPage({ message, signedIn, onRetry }: { message: string; signedIn: boolean; onRetry?: () => void }) {
  usePageTitle('Link cannot be opened');
  return (
    <section className={styles.page} data-testid="share-link-invalid" aria-labelledby="share-link-invalid-heading">
      <h1 id="share-link-invalid-heading" className={styles.message}>
        This link cannot be opened
      </h1>
      <p className={styles.detail} role="alert">
        {message}
      </p>
      <div className={styles.pageActions}>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <a href="/" className={styles.primaryLink}>
          {signedIn ? 'Go Home' : 'Sign in'}
        </a>
      </div>
    </section>
  );
}
