import { THANK_YOU_TEXTS } from '@cpq/domain';
import styles from './Status.module.css';

/** The thanks once a wire or cheque payment is announced. */
export function PaymentThanks() {
  return (
    <div className={styles.thanks} role="status" data-testid="payment-thanks">
      {THANK_YOU_TEXTS.map((t, i) => (
        <p key={i}>{t}</p>
      ))}
    </div>
  );
}
