import { usePageTitle } from '@cpq/client';
import { Link } from '@cpq/ui';
import styles from './Pages.module.css';

const MESSAGES: Record<string, string> = {
  order: "You might need to ask for an invite or the order you're looking for might have been deleted",
  admin: "You don't have proper permissions to view this page.",
  'product-graphic': 'This product graphic does not exist, or it belongs to another organisation.',
};

/** Fallback page with a Go Home link: /404/{type}, unknown paths, and admin paths for non-owners. */
export function NotFoundPage({ type }: { type: string }) {
  const message = MESSAGES[type] ?? 'Page not found';
  usePageTitle('Page not found');
  return (
    <section className={styles.page} data-testid="not-found" aria-labelledby="not-found-message">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-message" className={styles.message}>
        {message}
      </h1>
      <Link href="/" className={styles.primaryLink}>
        Go Home
      </Link>
    </section>
  );
}
