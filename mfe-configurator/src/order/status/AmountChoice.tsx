import { formatCents, PAY_DEPOSIT_ONLY, PAY_IN_FULL } from '@cpq/domain';
import { FINAL_PAYMENT_DUE } from './logic.ts';
import type { Payment } from './usePayment.ts';
import styles from './Status.module.css';

/** The deposit or the full amount, where the order has a deposit to pay; otherwise the amount due. */
export function AmountChoice({ pay, name }: { pay: Pick<Payment, 'choices' | 'amount' | 'payInFull' | 'choosePayInFull' | 'locked'>; name: string }) {
  const { deposit, full } = pay.choices;
  if (deposit === null) {
    return (
      <p className={styles.amountLine}>
        Amount due: <strong data-testid="amount-due">{formatCents(pay.amount)}</strong>
      </p>
    );
  }
  return (
    <fieldset className={styles.fieldset} disabled={pay.locked}>
      <legend className={styles.legend}>Amount</legend>
      <div className={styles.radios}>
        <label className={styles.radio}>
          <input type="radio" name={name} checked={!pay.payInFull} onChange={() => pay.choosePayInFull(false)} data-testid="pay-deposit" />
          <span>
            {PAY_DEPOSIT_ONLY} <strong data-testid="deposit-amount">{formatCents(deposit)}</strong>
            <span className={styles.hint}>{FINAL_PAYMENT_DUE}</span>
          </span>
        </label>
        <label className={styles.radio}>
          <input type="radio" name={name} checked={pay.payInFull} onChange={() => pay.choosePayInFull(true)} data-testid="pay-full" />
          <span>
            {PAY_IN_FULL} <strong data-testid="full-amount">{formatCents(full)}</strong>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
