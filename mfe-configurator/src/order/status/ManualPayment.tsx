import { Button } from '@cpq/ui';
import { CONFIRM_PAYMENT, methodDetails, PAYMENT_REFERENCE } from './logic.ts';
import { PaymentThanks } from './PaymentThanks.tsx';
import type { Payment } from './usePayment.ts';
import styles from './Status.module.css';

/**
 * Paying by wire or cheque: where to send the money and the reference to send it with (the order's
 * number, so the organisation can match the transfer), then "Confirm payment", or the thanks once it
 * is announced.
 */
export function ManualPayment({ pay, reference }: { pay: Pick<Payment, 'chosen' | 'thanked' | 'sending' | 'confirmManual'>; reference: string }) {
  // No chosen method: the one announced is no longer offered; only the thanks remain.
  const details = methodDetails(pay.chosen?.props);
  return (
    <div className={styles.manual} data-testid="manual-method">
      {details.length > 0 && (
        <dl className={styles.details} data-testid="method-details">
          {details.map((d) => (
            <div key={d.label}>
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
          <div>
            <dt>{PAYMENT_REFERENCE}</dt>
            <dd data-testid="payment-reference">{reference}</dd>
          </div>
        </dl>
      )}
      {pay.thanked ? (
        <PaymentThanks />
      ) : (
        pay.chosen && (
          <Button onClick={pay.confirmManual} disabled={pay.sending} aria-busy={pay.sending} data-testid="confirm-payment">
            {pay.sending ? 'Confirming…' : CONFIRM_PAYMENT}
          </Button>
        )
      )}
    </div>
  );
}
