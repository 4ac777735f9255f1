import { Button } from '@cpq/ui';
import { EDIT_ORDER_DETAILS } from './logic.ts';
import styles from './Status.module.css';

/**
 * What the order lacks before it can be paid (a phone, an address, an email), with the way to add it;
 * or the quote's acceptance it waits for, given by the card above the panel (no button here then).
 */
export function PaymentBlocked({
  message,
  onEdit,
  testId = 'payment-blocked',
  messageTestId = 'payment-block-message',
}: {
  message: string;
  onEdit?: () => void;
  testId?: string;
  messageTestId?: string;
}) {
  return (
    <div className={styles.blocked} data-testid={testId}>
      <p role="alert" data-testid={messageTestId}>
        {message}
      </p>
      {onEdit && (
        <Button variant="secondary" onClick={() => onEdit()} data-testid="payment-edit-details">
          {EDIT_ORDER_DETAILS}
        </Button>
      )}
    </div>
  );
}
