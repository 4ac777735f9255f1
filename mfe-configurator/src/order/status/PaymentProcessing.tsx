import { PROCESSING_TEXTS } from '@cpq/domain';
import styles from './Status.module.css';

/** While a card payment processes: what is happening, and that the person need not wait. */
export function PaymentProcessing() {
  return (
    <div className={styles.processing} role="status" data-testid="payment-processing">
      {PROCESSING_TEXTS.map((t, i) => (
        <p key={i} className={i === 0 ? styles.processingLead : undefined}>
          {t}
        </p>
      ))}
    </div>
  );
}
