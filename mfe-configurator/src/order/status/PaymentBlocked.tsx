import { Button } from '@cpq/ui';
import { EDIT_ORDER_DETAILS } from './logic.ts';
import styles from './Status.module.css';

/** What the order lacks before it can be paid (a phone, an address, an email), with the way to add it. */
export function PaymentBlocked(props: { message: string; onEdit: () => void }) {
  return (
    <div className={styles.blocked} data-testid="payment-blocked">
      <p role="alert" data-testid="payment-block-message">
        {props.message}
      </p>
      <Button variant="secondary" onClick={() => props.onEdit()} data-testid="payment-edit-details">
        {EDIT_ORDER_DETAILS}
      </Button>
    </div>
  );
}
