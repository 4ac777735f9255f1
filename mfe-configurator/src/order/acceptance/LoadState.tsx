import { Button } from '@cpq/ui';
import type { QuoteAcceptanceModel } from './useQuoteAcceptance.ts';
import { RETRY } from './words.ts';
import styles from './Acceptance.module.css';

/** The revisions (terms, acceptance) still being read, or their error with a way to try again. */
export function LoadState({ model, loading }: { model: QuoteAcceptanceModel; loading: string }) {
  if (model.revisions.error && !model.revisions.loading) {
    return (
      <div className={styles.actions}>
        <p className={styles.refusal} role="alert" data-testid="acceptance-load-error">
          {model.revisions.error}
        </p>
        <Button variant="secondary" onClick={model.retry} data-testid="acceptance-retry">
          {RETRY}
        </Button>
      </div>
    );
  }
  return (
    <p className={styles.muted} role="status" data-testid="acceptance-loading">
      {loading}
    </p>
  );
}
