import { formatCents, payButtonLabel } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { CardForm } from './CardForm.tsx';
import type { Payment } from './usePayment.ts';
import styles from './Status.module.css';

/**
 * Paying by card: the card form, its processing fee, the provider's error, and the pay button; "Try
 * again" instead when the failure left no intent ready to take the card (it is then prepared again).
 */
export function CardPayment({ pay }: { pay: Pick<Payment, 'card' | 'editCard' | 'cardProblem' | 'locked' | 'amount' | 'upcharge' | 'fee' | 'failedMessage' | 'intentReady' | 'payByCard' | 'retry'> }) {
  const { locked, upcharge, fee, failedMessage, intentReady } = pay;
  return (
    <CardForm card={pay.card} onEdit={pay.editCard} problem={pay.cardProblem} disabled={locked}>
      {upcharge > 0 && (
        <p className={styles.amountLine} data-testid="card-upcharge">
          Card processing fee{fee ? ` (${fee})` : ''}: <strong>{formatCents(upcharge)}</strong>
        </p>
      )}
      {failedMessage && (
        <p className={styles.fieldError} role="alert" data-testid="payment-error">
          {failedMessage}
        </p>
      )}
      {failedMessage && !intentReady ? (
        <Button variant="secondary" onClick={pay.retry} data-testid="payment-retry">
          Try again
        </Button>
      ) : (
        <Button onClick={pay.payByCard} disabled={locked || !intentReady} aria-busy={locked} data-testid="pay-button">
          {locked ? 'Processing…' : intentReady ? payButtonLabel(pay.amount + upcharge) : 'Preparing payment…'}
        </Button>
      )}
    </CardForm>
  );
}
